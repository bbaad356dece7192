import 'reflect-metadata';

/** What a task reports about one run: small counts and labels, kept in `task_runs` and logged. */
export type TaskResult = Record<string, number | string | boolean | null>;

/** A scheduled task, declared by the module that owns it (`modules/<module>/jobs/<module>.jobs.ts`). */
export interface TaskDeclaration {
  /** Stable kebab-case name: `npm run task -- <name>` and the `task_runs` row use it. */
  readonly name: string;
  /** Cron expression (server time) for the scheduler role. */
  readonly cron: string;
  /** One line for `npm run task -- --list`. */
  readonly description: string;
}

/** A timed job: the scheduler runs it on its cron; `npm run task -- <name>` runs it once, now. */
export interface RunnableTask {
  run(): Promise<TaskResult>;
}

const SCHEDULED_TASK = Symbol('tend:scheduled-task');

const TASK_NAME = /^[a-z][a-z0-9-]{1,62}$/;

export function defineTask(task: TaskDeclaration): TaskDeclaration {
  if (!TASK_NAME.test(task.name)) throw new Error(`Task names are kebab-case: "${task.name}"`);
  return task;
}

/**
 * Marks a provider as the one that runs a declared task: `@ScheduledTask(MAIL_REDELIVERY)`. Tasks
 * are idempotent and cheap to run twice: two schedulers, a cron tick during a manual run, or a retry
 * must never do the work twice.
 */
export function ScheduledTask(task: TaskDeclaration): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(SCHEDULED_TASK, task, target);
  };
}

export function scheduledTaskOf(target: unknown): TaskDeclaration | undefined {
  if (typeof target !== 'function') return undefined;
  return Reflect.getMetadata(SCHEDULED_TASK, target) as TaskDeclaration | undefined;
}
