import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { TaskRunner } from './task-runner.service';

/** The scheduler role: every registered task on its cron. Not loaded by `npm run task`. */
@Injectable()
export class TaskCron implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Tasks');

  constructor(
    private readonly runner: TaskRunner,
    private readonly registry: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    for (const task of this.runner.list()) {
      const job = CronJob.from({
        cronTime: task.cron,
        onTick: () => {
          // The runner logs and records failures; a failed run waits for the next tick.
          this.runner.run(task.name, 'cron').catch(() => undefined);
        },
        start: true,
      });
      this.registry.addCronJob(task.name, job);
    }
    this.logger.log(
      `Scheduled: ${this.runner
        .list()
        .map((task) => `${task.name} (${task.cron})`)
        .join(', ')}.`,
    );
  }

  onApplicationShutdown(): void {
    for (const name of this.registry.getCronJobs().keys()) this.registry.deleteCronJob(name);
  }
}
