import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { TaskCron } from './task-cron.service';
import { TaskRunner } from './task-runner.service';

/**
 * The task registry (always, so `/api/ready` can read the last runs) and, in the scheduler role,
 * the cron that fires each task. `npm run task` loads the registry without the cron.
 */
@Global()
@Module({})
export class TaskScheduleModule {
  static forRoot(options: { cron: boolean }): DynamicModule {
    return {
      module: TaskScheduleModule,
      imports: [DiscoveryModule, ...(options.cron ? [ScheduleModule.forRoot()] : [])],
      providers: [TaskRunner, ...(options.cron ? [TaskCron] : [])],
      exports: [TaskRunner],
    };
  }
}
