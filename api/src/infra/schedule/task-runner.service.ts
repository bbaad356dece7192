import { MikroORM, RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { JobDeclarations } from '../queue/job-declarations';
import { TaskRun } from './task-run.entity';
import { scheduledTaskOf, type RunnableTask, type TaskDeclaration, type TaskResult } from './scheduled-task';

export interface RegisteredTask extends TaskDeclaration {
  instance: RunnableTask;
}

/** Whether this process has the scheduler role, which must register every declared task. */
export const SCHEDULES_TASKS = Symbol('SCHEDULES_TASKS');

export type TaskTrigger = 'cron' | 'manual';

/**
 * Finds every `@ScheduledTask` provider and runs one by name, each run in its own forked
 * EntityManager, recording the outcome in `task_runs`. The scheduler role's cron and
 * `npm run task -- <name>` both come through here, so a task behaves the same either way.
 * Boot fails when a provider runs a task no loaded module declares, or, in the scheduler role,
 * when a declared task has no provider (it would never run).
 */
@Injectable()
export class TaskRunner implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Tasks');
  private readonly tasks = new Map<string, RegisteredTask>();
  private readonly running = new Map<string, Promise<TaskResult>>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly orm: MikroORM,
    private readonly declarations: JobDeclarations,
    @Inject(SCHEDULES_TASKS) private readonly schedulesTasks: boolean,
  ) {}

  onModuleInit(): void {
    const declared = new Set(this.declarations.tasks().map((task) => task.name));
    for (const wrapper of this.discovery.getProviders()) {
      const task = scheduledTaskOf(wrapper.metatype);
      if (!task || !wrapper.instance) continue;
      if (this.tasks.has(task.name)) throw new Error(`Two providers run the scheduled task "${task.name}".`);
      if (!declared.has(task.name)) {
        throw new Error(
          `${wrapper.name} runs the task "${task.name}", which no loaded module declares: list it in its module's declareJobs(...).`,
        );
      }
      this.tasks.set(task.name, { ...task, instance: wrapper.instance as RunnableTask });
    }
    const missing = [...declared].filter((name) => !this.tasks.has(name));
    if (this.schedulesTasks && missing.length > 0) {
      throw new Error(
        `The scheduled task(s) ${missing.join(', ')} are declared but not registered, so they would never run: ` +
          "a task is a @ScheduledTask provider of its module's worker module, listed in app/worker-modules.ts.",
      );
    }
  }

  list(): RegisteredTask[] {
    return [...this.tasks.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  has(name: string): boolean {
    return this.tasks.has(name);
  }

  /**
   * Runs the task now. A run of the same task still going in this process is joined rather than
   * started twice (a cron tick during a long run); across processes the tasks are idempotent.
   */
  run(name: string, trigger: TaskTrigger): Promise<TaskResult> {
    const task = this.tasks.get(name);
    if (!task) return Promise.reject(new Error(`Unknown task "${name}".`));
    const current = this.running.get(name);
    if (current) {
      this.logger.warn(`Task ${name} is still running; the ${trigger} run joins it.`);
      return current;
    }
    const run = this.execute(task, trigger).finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  /** The last recorded run of a task (any process), or null when it never ran. */
  async lastRun(name: string): Promise<TaskRun | null> {
    return this.orm.em.fork().findOne(TaskRun, { name });
  }

  private async execute(task: RegisteredTask, trigger: TaskTrigger): Promise<TaskResult> {
    const started = new Date();
    await this.record(task.name, { lastStartedAt: started });
    try {
      // Each run gets its own forked EntityManager (never the global one).
      const result = await RequestContext.create(this.orm.em, () => task.instance.run());
      const finished = new Date();
      await this.record(task.name, {
        lastFinishedAt: finished,
        lastSucceededAt: finished,
        lastResult: result,
        lastError: null,
      });
      const took = finished.getTime() - started.getTime();
      const summary = Object.entries(result)
        .map(([key, value]) => `${key}=${String(value)}`)
        .join(' ');
      this.logger.log(`Task ${task.name} (${trigger}) done in ${took} ms${summary ? `: ${summary}` : ''}.`);
      return result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.record(task.name, { lastFinishedAt: new Date(), lastError: message.slice(0, 2_000) }).catch(
        () => undefined,
      );
      this.logger.error(`Task ${task.name} (${trigger}) failed: ${message}`);
      throw error;
    }
  }

  private async record(name: string, fields: Partial<Omit<TaskRun, 'name'>>): Promise<void> {
    const em = this.orm.em.fork() as EntityManager;
    await em.upsert(TaskRun, { name, ...fields }, { onConflictFields: ['name'], onConflictAction: 'merge' });
  }

  async onApplicationShutdown(): Promise<void> {
    // Let a task that is halfway through finish (the shutdown deadline bounds the wait).
    await Promise.allSettled([...this.running.values()]);
  }
}
