import { Injectable, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
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
 * `onModuleInit` on). A queue or a task name declared twice stops the boot.
 */
@Injectable()
export class JobDeclarations implements OnModuleInit {
  private declared: { queues: Map<string, QueueDeclaration>; tasks: Map<string, TaskDeclaration> } | undefined;

  constructor(private readonly discovery: DiscoveryService) {}

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
