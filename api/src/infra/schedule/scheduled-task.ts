import 'reflect-metadata';

/** What a task reports about one run: small counts and labels, kept in `task_runs` and logged. */
export type TaskResult = Record<string, number | string | boolean | null>;

export interface ScheduledTaskOptions {
  /** Stable kebab-case name: `npm run task -- <name>` and the `task_runs` row use it. */
  name: string;
  /** Cron expression (server time) for the scheduler role. */
  cron: string;
  /** One line for `npm run task -- --list`. */
  description: string;
}

/** A timed job: the scheduler runs it on its cron; `npm run task -- <name>` runs it once, now. */
export interface RunnableTask {
  run(): Promise<TaskResult>;
}

const SCHEDULED_TASK = Symbol('tend:scheduled-task');

const TASK_NAME = /^[a-z][a-z0-9-]{1,62}$/;

/**
 * Marks a provider as a scheduled task. Tasks are idempotent and cheap to run twice: two
 * schedulers, a cron tick during a manual run, or a retry must never do the work twice.
 */
export function ScheduledTask(options: ScheduledTaskOptions): ClassDecorator {
  if (!TASK_NAME.test(options.name)) throw new Error(`Task names are kebab-case: "${options.name}"`);
  return (target) => {
    Reflect.defineMetadata(SCHEDULED_TASK, options, target);
  };
}

export function scheduledTaskOptions(target: unknown): ScheduledTaskOptions | undefined {
  if (typeof target !== 'function') return undefined;
  return Reflect.getMetadata(SCHEDULED_TASK, target) as ScheduledTaskOptions | undefined;
}
