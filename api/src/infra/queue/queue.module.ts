import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { BullMqJobDispatcher } from './bullmq-job-dispatcher';
import { InProcessJobDispatcher } from './in-process-job-dispatcher';
import { JobDispatcher } from './job-dispatcher';
import { JobHandlerRegistry } from './job-handler-registry';
import { QUEUE_NAMES, type QueueName } from './job-map';

export interface QueueOptions {
  redisUrl: string | undefined;
  prefix: string;
  /** The first retry's delay; later ones double. */
  retryDelayMs: number;
}

/** Binds JobDispatcher to BullMQ when REDIS_URL is set, otherwise to the in-process runner. */
@Global()
@Module({})
export class QueueModule {
  static forRoot({ redisUrl, prefix, retryDelayMs }: QueueOptions): DynamicModule {
    const logger = new Logger('Queues');
    if (!redisUrl) {
      logger.log('REDIS_URL is not set: jobs run in this process (same handlers, same retries).');
      return {
        module: QueueModule,
        providers: [
          {
            provide: JobDispatcher,
            inject: [ModuleRef],
            // The handlers live in the worker role's module, which every in-process set-up includes.
            useFactory: (moduleRef: ModuleRef) =>
              new InProcessJobDispatcher(() => moduleRef.get(JobHandlerRegistry, { strict: false }), retryDelayMs),
          },
        ],
        exports: [JobDispatcher],
      };
    }
    logger.log('Jobs go through BullMQ on Redis.');
    const url = new URL(redisUrl);
    return {
      module: QueueModule,
      imports: [
        BullModule.forRoot({
          prefix,
          connection: {
            host: url.hostname,
            port: Number(url.port || 6379),
            username: url.username || undefined,
            password: url.password ? decodeURIComponent(url.password) : undefined,
            db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
            tls: url.protocol === 'rediss:' ? {} : undefined,
            // Producers must not hang a request forever when Redis is away.
            maxRetriesPerRequest: null,
          },
        }),
        BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
      ],
      providers: [
        {
          provide: JobDispatcher,
          inject: QUEUE_NAMES.map((name) => getQueueToken(name)),
          useFactory: (...queues: Queue[]) =>
            new BullMqJobDispatcher(
              Object.fromEntries(QUEUE_NAMES.map((name, i) => [name, queues[i]])) as Record<QueueName, Queue>,
              retryDelayMs,
            ),
        },
      ],
      exports: [JobDispatcher, BullModule],
    };
  }
}
