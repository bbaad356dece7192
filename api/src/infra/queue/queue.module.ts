import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Global, Logger, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { BullMqJobDispatcher } from './bullmq-job-dispatcher';
import { InProcessJobDispatcher } from './in-process-job-dispatcher';
import { JobDeclarations, queuesOf, type ModuleJobs } from './job-declarations';
import { JobDispatcher } from './job-dispatcher';
import { JobHandlerRegistry } from './job-handler-registry';
import { queueConnection } from './queue-connection';

export interface QueueOptions {
  redisUrl: string | undefined;
  prefix: string;
  /** The first retry's delay; later ones double. */
  retryDelayMs: number;
  /** Every module's declaration, as the composition root lists them (app/worker-modules.ts). */
  jobs: readonly ModuleJobs[];
}

/**
 * Binds JobDispatcher to BullMQ when REDIS_URL is set, otherwise to the in-process runner; both
 * take each queue's settings from the modules' declarations (`JobsModule.declare`). With Redis,
 * `@nestjs/bullmq` makes the connection settings shared by every queue and worker
 * (`BullModule.forRoot`) and one queue per declared queue (`BullModule.registerQueue`), which the
 * dispatcher adds to.
 */
@Global()
@Module({})
export class QueueModule {
  static forRoot({ redisUrl, prefix, retryDelayMs, jobs }: QueueOptions): DynamicModule {
    const logger = new Logger('Queues');
    const queues = queuesOf(jobs);
    const declarations: Provider = {
      provide: JobDeclarations,
      inject: [DiscoveryService],
      useFactory: (discovery: DiscoveryService) => new JobDeclarations(discovery, queues),
    };
    if (!redisUrl) {
      logger.log('REDIS_URL is not set: jobs run in this process (same handlers, same retries).');
      return {
        module: QueueModule,
        imports: [DiscoveryModule],
        providers: [
          declarations,
          {
            provide: JobDispatcher,
            inject: [ModuleRef, JobDeclarations],
            // The handlers live in the worker role's module, which every in-process set-up includes.
            useFactory: (moduleRef: ModuleRef, declared: JobDeclarations) =>
              new InProcessJobDispatcher(
                () => moduleRef.get(JobHandlerRegistry, { strict: false }),
                declared,
                retryDelayMs,
              ),
          },
        ],
        exports: [JobDispatcher, JobDeclarations],
      };
    }
    logger.log('Jobs go through BullMQ on Redis.');
    return {
      module: QueueModule,
      imports: [
        DiscoveryModule,
        BullModule.forRoot({
          prefix,
          connection: queueConnection(redisUrl),
          // The worker role starts its workers itself, once the boot checks have passed (job-worker.module.ts).
          extraOptions: { manualRegistration: true },
        }),
        BullModule.registerQueue(...queues.map(({ name }) => ({ name }))),
      ],
      providers: [
        declarations,
        {
          provide: JobDispatcher,
          inject: [JobDeclarations, ...queues.map(({ name }) => getQueueToken(name))],
          useFactory: (declared: JobDeclarations, ...registered: Queue[]) =>
            new BullMqJobDispatcher(registered, declared, retryDelayMs),
        },
      ],
      exports: [JobDispatcher, JobDeclarations],
    };
  }
}
