import { MikroORM, RequestContext } from '@mikro-orm/core';
import { Inject, Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { handledJobOf, type JobContext, type JobHandler } from './job-handler';
import { QUEUES, type JobName, type QueueName } from './job-map';

type AnyHandler = JobHandler<QueueName, JobName<QueueName>>;

/** Provided as `true` only by tests of the job runners themselves, which handle one job alone. */
export const PARTIAL_JOB_HANDLERS = Symbol('PARTIAL_JOB_HANDLERS');

/**
 * The worker's map of job name -> handler, found by discovery (`@HandlesJob`). Boot fails when a
 * job of the job map has no handler or two handlers claim one name, rather than a job being
 * dropped (or silently sent to the wrong handler) at run time.
 */
@Injectable()
export class JobHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<string, AnyHandler>();

  constructor(
    private readonly orm: MikroORM,
    private readonly discovery: DiscoveryService,
    @Optional() @Inject(PARTIAL_JOB_HANDLERS) private readonly partial: boolean | null,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const handled = handledJobOf(wrapper.metatype);
      if (!handled || !wrapper.instance) continue;
      const key = `${handled.queue}/${handled.name}`;
      const known: readonly string[] = QUEUES[handled.queue]?.jobs ?? [];
      if (!known.includes(handled.name)) {
        throw new Error(`${wrapper.name} handles "${key}", which the job map does not name.`);
      }
      const existing = this.handlers.get(key);
      if (existing) {
        throw new Error(
          `Two handlers claim the job "${key}": ${existing.constructor.name} and ${wrapper.name}. Each job has one.`,
        );
      }
      this.handlers.set(key, wrapper.instance as AnyHandler);
    }
    if (this.partial === true) return;
    const missing = (Object.keys(QUEUES) as QueueName[]).flatMap((queue) =>
      QUEUES[queue].jobs.map((name) => `${queue}/${name}`).filter((key) => !this.handlers.has(key)),
    );
    if (missing.length > 0)
      throw new Error(`No handler for the job(s) ${missing.join(', ')}: the worker cannot start.`);
  }

  /**
   * Runs the job's handler in an EntityManager context of its own (never the global one) and
   * answers what it returned; a job nobody handles fails (and is retried, then kept as failed).
   */
  async run(queue: QueueName, name: string, data: unknown, context: JobContext): Promise<unknown> {
    const handler = this.handlers.get(`${queue}/${name}`);
    if (!handler) throw new Error(`No handler for the job "${queue}/${name}".`);
    // The one place a payload meets its type: dispatch() typed it from the same job map.
    return RequestContext.create(this.orm.em, () => handler.handle(data as never, context));
  }
}
