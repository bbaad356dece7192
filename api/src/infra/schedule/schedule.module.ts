import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { TaskCron } from './task-cron.service';
import { SCHEDULES_TASKS, TaskRunner } from './task-runner.service';

/**
 * The task registry (always, so `/api/ready` can read the last runs) and, in the scheduler role,
 * the cron that fires each task. `npm run task` loads the registry without the cron.
 */
@Global()
@Module({})
export class TaskScheduleModule {
  /**
   * `scheduler`: this process has the scheduler role (every declared task must be registered);
   * `cron`: fire the tasks on their schedules (false for `npm run task`).
   */
  static forRoot(options: { scheduler: boolean; cron: boolean }): DynamicModule {
    return {
      module: TaskScheduleModule,
      imports: [DiscoveryModule, ...(options.cron ? [ScheduleModule.forRoot()] : [])],
      providers: [
        TaskRunner,
        { provide: SCHEDULES_TASKS, useValue: options.scheduler },
        ...(options.cron ? [TaskCron] : []),
      ],
      exports: [TaskRunner],
    };
  }
}
