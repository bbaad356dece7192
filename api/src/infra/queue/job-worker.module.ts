import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { Job } from 'bullmq';
import { JobHandlerRegistry, PARTIAL_JOB_HANDLERS } from './job-handler-registry';
import { QUEUES, QUEUE_NAMES, type QueueName } from './job-map';

/** At most `max` jobs of a queue start per `duration` ms, counted in Redis across every worker. */
export interface QueueRateLimit {
  max: number;
  duration: number;
}

/** One BullMQ worker per queue, handing each job to its handler by name. */
function queueWorkerHost(queue: QueueName, limiter: QueueRateLimit | undefined): Type<WorkerHost> {
  @Processor(queue, { concurrency: QUEUES[queue].concurrency, ...(limiter ? { limiter } : {}) })
  @Injectable()
  class QueueWorkerHost extends WorkerHost {
    constructor(private readonly registry: JobHandlerRegistry) {
      super();
    }

    /** What the handler answers becomes the job's return value (a request-reply job's result). */
    process(job: Job): Promise<unknown> {
      return this.registry.run(queue, job.name, job.data, { id: job.id ?? '', attemptsMade: job.attemptsMade });
    }
  }
  Object.defineProperty(QueueWorkerHost, 'name', { value: `${queue}-queue-worker` });
  return QueueWorkerHost;
}

/**
 * The worker role's job machinery: the registry of `@HandlesJob` providers (boot fails unless
 * every job of the map has exactly one) and, with Redis, a BullMQ worker per queue. The handlers
 * themselves are provided by their modules' worker parts.
 */
@Module({})
export class JobWorkerModule {
  static forRoot(options: {
    bullmq: boolean;
    handlers: Provider[];
    imports: DynamicModule['imports'];
    /** Queues whose jobs start no faster than this (BullMQ only; in-process runs are one machine's own). */
    rateLimits?: Partial<Record<QueueName, QueueRateLimit>>;
    /** Only for tests of the runners themselves, which handle one job alone. */
    partial?: boolean;
  }): DynamicModule {
    return {
      module: JobWorkerModule,
      imports: [DiscoveryModule, ...(options.imports ?? [])],
      providers: [
        JobHandlerRegistry,
        ...(options.partial ? [{ provide: PARTIAL_JOB_HANDLERS, useValue: true }] : []),
        ...options.handlers,
        ...(options.bullmq ? QUEUE_NAMES.map((queue) => queueWorkerHost(queue, options.rateLimits?.[queue])) : []),
      ],
      exports: [JobHandlerRegistry],
    };
  }
}
