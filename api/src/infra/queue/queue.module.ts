import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule, ModuleRef } from '@nestjs/core';
import { BullMqJobDispatcher } from './bullmq-job-dispatcher';
import { InProcessJobDispatcher } from './in-process-job-dispatcher';
import { JobDeclarations } from './job-declarations';
import { JobDispatcher } from './job-dispatcher';
import { JobHandlerRegistry } from './job-handler-registry';
import { QUEUE_CONNECTION, queueConnection } from './queue-connection';

export interface QueueOptions {
  redisUrl: string | undefined;
  prefix: string;
  /** The first retry's delay; later ones double. */
  retryDelayMs: number;
}

/**
 * Binds JobDispatcher to BullMQ when REDIS_URL is set, otherwise to the in-process runner; both
 * take each queue's settings from the modules' declarations (`JobsModule.declare`).
 */
@Global()
@Module({})
export class QueueModule {
  static forRoot({ redisUrl, prefix, retryDelayMs }: QueueOptions): DynamicModule {
    const logger = new Logger('Queues');
    if (!redisUrl) {
      logger.log('REDIS_URL is not set: jobs run in this process (same handlers, same retries).');
      return {
        module: QueueModule,
        imports: [DiscoveryModule],
        providers: [
          JobDeclarations,
          {
            provide: JobDispatcher,
            inject: [ModuleRef, JobDeclarations],
            // The handlers live in the worker role's module, which every in-process set-up includes.
            useFactory: (moduleRef: ModuleRef, declarations: JobDeclarations) =>
              new InProcessJobDispatcher(
                () => moduleRef.get(JobHandlerRegistry, { strict: false }),
                declarations,
                retryDelayMs,
              ),
          },
        ],
        exports: [JobDispatcher, JobDeclarations],
      };
    }
    logger.log('Jobs go through BullMQ on Redis.');
    const redis = queueConnection(redisUrl, prefix);
    return {
      module: QueueModule,
      imports: [DiscoveryModule],
      providers: [
        JobDeclarations,
        { provide: QUEUE_CONNECTION, useValue: redis },
        {
          provide: JobDispatcher,
          inject: [JobDeclarations],
          useFactory: (declarations: JobDeclarations) => new BullMqJobDispatcher(redis, declarations, retryDelayMs),
        },
      ],
      exports: [JobDispatcher, JobDeclarations, QUEUE_CONNECTION],
    };
  }
}
