import { MikroORM, RequestContext } from '@mikro-orm/core';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { JobDeclarations } from './job-declarations';
import { handledJobOf, type JobContext, type JobHandler } from './job-handler';
import type { JobName, QueueName } from './job-map';

type AnyHandler = JobHandler<QueueName, JobName<QueueName>>;

/**
 * The worker's map of job name -> handler, found by discovery (`@HandlesJob`). Boot fails when a
 * job its module declares has no handler, two handlers claim one name, or a handler names a job no
 * loaded module declares, rather than a job being dropped (or sent to the wrong handler) at run time.
 */
@Injectable()
export class JobHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<string, AnyHandler>();

  constructor(
    private readonly orm: MikroORM,
    private readonly discovery: DiscoveryService,
    private readonly declarations: JobDeclarations,
  ) {}

  onModuleInit(): void {
    const declared = new Set(
      this.declarations.queues().flatMap((queue) => Object.keys(queue.jobs).map((name) => `${queue.name}/${name}`)),
    );
    for (const wrapper of this.discovery.getProviders()) {
      const handled = handledJobOf(wrapper.metatype);
      if (!handled || !wrapper.instance) continue;
      const key = `${handled.queue}/${handled.name}`;
      if (!declared.has(key)) {
        throw new Error(
          `${wrapper.name} handles "${key}", which no loaded module declares: its module imports JobsModule.declare(...) with the queue.`,
        );
      }
      const existing = this.handlers.get(key);
      if (existing) {
        throw new Error(
          `Two handlers claim the job "${key}": ${existing.constructor.name} and ${wrapper.name}. Each job has one.`,
        );
      }
      this.handlers.set(key, wrapper.instance as AnyHandler);
    }
    const missing = [...declared].filter((key) => !this.handlers.has(key));
    if (missing.length > 0) {
      throw new Error(
        `No handler for the job(s) ${missing.join(', ')}: the worker cannot start. A job is handled by a ` +
          "@HandlesJob provider of its module's worker module, listed in app/worker-modules.ts.",
      );
    }
  }

  /**
   * Runs the job's handler in an EntityManager context of its own (never the global one) and
   * answers what it returned; a job nobody handles fails (and is retried, then kept as failed).
   */
  async run(queue: QueueName, name: string, data: unknown, context: JobContext): Promise<unknown> {
    const handler = this.handlers.get(`${queue}/${name}`);
    if (!handler) throw new Error(`No handler for the job "${queue}/${name}".`);
    // The one place a payload meets its type: dispatch() typed it from the same declaration.
    return RequestContext.create(this.orm.em, () => handler.handle(data as never, context));
  }
}
