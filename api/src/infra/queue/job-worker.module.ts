import { MikroORM } from '@mikro-orm/core';
import { BullRegistrar, Processor, WorkerHost } from '@nestjs/bullmq';
import {
  Injectable,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
  type Type,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import type { Job, Worker } from 'bullmq';
import type { AppConfig } from '../../config/app-config';
import { JobDeclarations, queuesOf, type ModuleJobs } from './job-declarations';
import { JobHandlerRegistry } from './job-handler-registry';
import type { QueueDeclaration, QueueName, QueueRateLimit } from './job-map';

/**
 * The `@Processor` host of one declared queue: `@nestjs/bullmq` makes its BullMQ worker (with the
 * queue's concurrency and rate limit), which hands each job to its handler by name; what the handler
 * answers becomes the job's return value (a request-reply job's result).
 */
function queueWorkerHost(queue: QueueDeclaration, limiter: QueueRateLimit | undefined): Type<WorkerHost> {
  const name = queue.name as QueueName;

  @Processor(queue.name, { concurrency: queue.concurrency, ...(limiter ? { limiter } : {}) })
  @Injectable()
  class QueueWorkerHost extends WorkerHost {
    constructor(private readonly registry: JobHandlerRegistry) {
      super();
    }

    process(job: Job): Promise<unknown> {
      // BullMQ counts the attempts that failed; the job's own `attempts` is what it was added with.
      return this.registry.run(name, job.name, job.data, {
        id: job.id ?? '',
        attemptsMade: job.attemptsMade,
        isLastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
      });
    }
  }
  // Nest names providers by their class: one per queue reads better in its errors.
  Object.defineProperty(QueueWorkerHost, 'name', { value: `QueueWorkerHost(${queue.name})` });
  return QueueWorkerHost;
}

/**
 * When the `@Processor` hosts' workers start and stop. `@nestjs/bullmq` would start them in its own
 * `onModuleInit`, before JobHandlerRegistry has checked (and learnt) the handlers, and close them in
 * `onApplicationShutdown`, alongside the database; so its registration is manual (queue.module.ts)
 * and done here once the boot checks have passed, and the workers close before the database and the
 * queues do, so a running job finishes with what it needs.
 */
@Injectable()
class QueueWorkersLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private workers: Worker[] = [];

  constructor(
    private readonly registrar: BullRegistrar,
    private readonly discovery: DiscoveryService,
  ) {}

  onApplicationBootstrap(): void {
    this.registrar.register();
    this.workers = this.discovery
      .getProviders()
      .map((wrapper): unknown => wrapper.instance)
      .filter((instance) => instance instanceof WorkerHost)
      .map((host) => (host as WorkerHost).worker);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}

/** How fast a queue's jobs may start, from the app's configuration (BullMQ only). */
function limiterOf(queue: QueueDeclaration, config: AppConfig | undefined): QueueRateLimit | undefined {
  if (!queue.rateLimit) return undefined;
  if (!config) throw new Error(`The queue ${queue.name}'s rate limit needs the app's configuration.`);
  return queue.rateLimit(config);
}

export interface JobWorkerOptions {
  /** Redis is configured: make a BullMQ worker per queue (else the in-process runner runs the jobs). */
  bullmq: boolean;
  /** Every module's declaration, as the composition root lists them (app/worker-modules.ts). */
  jobs: readonly ModuleJobs[];
  /** For the queues' rate limits. */
  config?: AppConfig;
}

/**
 * The worker role's job machinery: the registry of `@HandlesJob` providers (boot fails unless every
 * declared job has exactly one, and every queue this worker was composed with is declared by a
 * loaded module) and, with Redis, one `@Processor` host per queue. The handlers themselves come from
 * each module's worker module (`MailWorkerModule`...), listed in app/worker-modules.ts.
 */
@Module({})
export class JobWorkerModule {
  static forRoot({ bullmq, jobs, config }: JobWorkerOptions): DynamicModule {
    const queues = queuesOf(jobs);
    return {
      module: JobWorkerModule,
      imports: [DiscoveryModule],
      providers: [
        {
          provide: JobHandlerRegistry,
          inject: [MikroORM, DiscoveryService, JobDeclarations],
          useFactory: (orm: MikroORM, discovery: DiscoveryService, declarations: JobDeclarations) =>
            new JobHandlerRegistry(orm, discovery, declarations, queues),
        },
        ...(bullmq
          ? [...queues.map((queue) => queueWorkerHost(queue, limiterOf(queue, config))), QueueWorkersLifecycle]
          : []),
      ],
      exports: [JobHandlerRegistry],
    };
  }
}
