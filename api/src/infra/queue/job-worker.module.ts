import {
  Inject,
  Injectable,
  Module,
  Optional,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Worker, type Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobDeclarations } from './job-declarations';
import { JobHandlerRegistry } from './job-handler-registry';
import type { QueueName } from './job-map';
import { QUEUE_CONNECTION, type QueueConnection } from './queue-connection';

/**
 * With Redis: one BullMQ worker per queue declared in this process, handing each job to its handler
 * by name; what the handler answers becomes the job's return value (a request-reply job's result).
 */
@Injectable()
class BullMqWorkers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly workers: Worker[] = [];

  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly declarations: JobDeclarations,
    @Inject(QUEUE_CONNECTION) private readonly redis: QueueConnection,
    @Optional() @Inject(APP_CONFIG) private readonly config: AppConfig | null,
  ) {}

  onApplicationBootstrap(): void {
    for (const queue of this.declarations.queues()) {
      if (queue.rateLimit && !this.config) {
        throw new Error(`The queue ${queue.name}'s rate limit needs the app's configuration.`);
      }
      const limiter = this.config ? queue.rateLimit?.(this.config) : undefined;
      const name = queue.name as QueueName;
      // BullMQ counts the attempts that failed; the job's own `attempts` is what it was added with.
      const handle = (job: Job) =>
        this.registry.run(name, job.name, job.data, {
          id: job.id ?? '',
          attemptsMade: job.attemptsMade,
          isLastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
        });
      this.workers.push(
        new Worker(queue.name, handle, {
          ...this.redis,
          concurrency: queue.concurrency,
          ...(limiter ? { limiter } : {}),
        }),
      );
    }
  }

  /** Before the database and the queues close: a running job finishes with what it needs. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}

/**
 * The worker role's job machinery: the registry of `@HandlesJob` providers (boot fails unless every
 * declared job has exactly one) and, with Redis, the BullMQ workers. The handlers themselves come
 * from each module's worker module (`MailWorkerModule`...), listed in app/worker-modules.ts.
 */
@Module({})
export class JobWorkerModule {
  static forRoot(options: { bullmq: boolean }): DynamicModule {
    return {
      module: JobWorkerModule,
      imports: [DiscoveryModule],
      providers: [JobHandlerRegistry, ...(options.bullmq ? [BullMqWorkers] : [])],
      exports: [JobHandlerRegistry],
    };
  }
}
