import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { JobWorkerModule } from '../infra/queue/job-worker.module';
import { WORKER_MODULES } from './worker-modules';

/**
 * The worker role, no HTTP: the job runners and every module's worker module. Boot fails while a
 * declared job has no handler (`JobHandlerRegistry`).
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [JobWorkerModule.forRoot({ bullmq: config.redisUrl !== undefined }), ...WORKER_MODULES],
    };
  }
}
