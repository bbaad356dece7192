import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { JobWorkerModule } from '../infra/queue/job-worker.module';
import { MODULE_JOBS, WORKER_MODULES } from './worker-modules';

/**
 * The worker role, no HTTP: the job runners (with Redis, `@nestjs/bullmq`'s workers, one per queue
 * of MODULE_JOBS) and every module's worker module. Boot fails while a declared job has no handler
 * (`JobHandlerRegistry`).
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        JobWorkerModule.forRoot({ bullmq: config.redisUrl !== undefined, jobs: MODULE_JOBS, config }),
        ...WORKER_MODULES,
      ],
    };
  }
}
