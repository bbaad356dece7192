import { Module, type DynamicModule, type OnModuleInit, type Type } from '@nestjs/common';
import type { DiscoveryService } from '@nestjs/core';
import type { TaskDeclaration } from '../schedule/scheduled-task';
import type { QueueDeclaration } from './job-map';

/** What one module runs in the background: its queues (with their jobs) and its scheduled tasks. */
export interface ModuleJobs {
  readonly queues: readonly QueueDeclaration[];
  readonly tasks: readonly TaskDeclaration[];
}

export function declareJobs(jobs: Partial<ModuleJobs>): ModuleJobs {
  return { queues: jobs.queues ?? [], tasks: jobs.tasks ?? [] };
}

/**
 * A module's worker module (`MailWorkerModule`: its job handlers and task providers), carrying the
 * declaration they run as `static readonly jobs`. The composition root reads it from the list of
 * worker modules (app/worker-modules.ts) before Nest builds a module: BullMQ's queues and workers
 * (`@nestjs/bullmq`'s `registerQueue` and `@Processor`) need every queue name then.
 */
export interface WorkerModuleClass extends Type<unknown> {
  readonly jobs: ModuleJobs;
}

/** The queues of the declarations the app is composed with; a queue name declared twice is refused. */
export function queuesOf(jobs: readonly ModuleJobs[]): QueueDeclaration[] {
  const queues = new Map<string, QueueDeclaration>();
  for (const queue of jobs.flatMap((declaration) => declaration.queues)) {
    const known = queues.get(queue.name);
    if (known && known !== queue) throw new Error(`Two modules declare a queue named "${queue.name}".`);
    queues.set(queue.name, queue);
  }
  return [...queues.values()];
}

/** One module's declaration, as a provider of that module (found by `JobDeclarations`). */
class DeclaredJobs {
  constructor(readonly jobs: ModuleJobs) {}
}

/**
 * How a module declares its jobs and tasks: `imports: [JobsModule.declare(MAIL_JOBS)]` in the module
 * that owns them (the one whose services dispatch its jobs). Every process that loads the module then
 * knows them: the dispatcher its queues' settings, the worker role which jobs need a handler, the
 * scheduler role which tasks must be registered.
 */
@Module({})
export class JobsModule {
  static declare(jobs: ModuleJobs): DynamicModule {
    // The declaration is in the module's metadata, so each module's declaration is a module of its
    // own (Nest tells dynamic modules apart by their metadata).
    return { module: JobsModule, providers: [{ provide: DeclaredJobs, useValue: new DeclaredJobs(jobs) }] };
  }
}

/**
 * Every queue and task the loaded modules declare, read once all providers exist (from the first
 * `onModuleInit` on). The boot stops when a queue or a task name is declared twice, or when a loaded
 * module declares a queue the app was not composed with (`composed`: the queues of every worker
 * module's `jobs`), for which BullMQ would have no queue; checked without Redis too, so an app that
 * could not run with Redis does not start without it either.
 */
export class JobDeclarations implements OnModuleInit {
  private declared: { queues: Map<string, QueueDeclaration>; tasks: Map<string, TaskDeclaration> } | undefined;
  private readonly composed: Map<string, QueueDeclaration>;

  constructor(
    private readonly discovery: DiscoveryService,
    composed: readonly QueueDeclaration[],
  ) {
    this.composed = new Map(composed.map((queue) => [queue.name, queue]));
  }

  onModuleInit(): void {
    this.load();
  }

  queues(): QueueDeclaration[] {
    return [...this.load().queues.values()];
  }

  /** The named queue's declaration; an error names the cause when no loaded module declares it. */
  queue(name: string): QueueDeclaration {
    const queue = this.load().queues.get(name);
    if (!queue) {
      throw new Error(
        `No module loaded in this process declares the queue "${name}": its module imports JobsModule.declare(...) with it.`,
      );
    }
    return queue;
  }

  tasks(): TaskDeclaration[] {
    return [...this.load().tasks.values()];
  }

  private load(): { queues: Map<string, QueueDeclaration>; tasks: Map<string, TaskDeclaration> } {
    if (this.declared) return this.declared;
    const queues = new Map<string, QueueDeclaration>();
    const tasks = new Map<string, TaskDeclaration>();
    for (const wrapper of this.discovery.getProviders()) {
      if (!(wrapper.instance instanceof DeclaredJobs)) continue;
      for (const queue of wrapper.instance.jobs.queues) {
        const known = queues.get(queue.name);
        if (known && known !== queue) throw new Error(`Two modules declare a queue named "${queue.name}".`);
        if (this.composed.get(queue.name) !== queue) {
          throw new Error(
            `A loaded module declares the queue "${queue.name}", but the app was not composed with it: its module's ` +
              'worker module carries the declaration (static readonly jobs) and is listed in app/worker-modules.ts.',
          );
        }
        queues.set(queue.name, queue);
      }
      for (const task of wrapper.instance.jobs.tasks) {
        const known = tasks.get(task.name);
        if (known && known !== task) throw new Error(`Two modules declare a scheduled task named "${task.name}".`);
        tasks.set(task.name, task);
      }
    }
    this.declared = { queues, tasks };
    return this.declared;
  }
}
