import { Injectable } from '@nestjs/common';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { RemindersService } from '../reminders.service';
import { REMINDERS_FAN_OUT } from './reminders.jobs';

/**
 * Hourly: queues today's reminder email for every user whose local time is 08:00 or later and who
 * has follow-ups due (at most one per user and local day, however often it runs).
 */
@ScheduledTask(REMINDERS_FAN_OUT)
@Injectable()
export class RemindersFanOutTask implements RunnableTask {
  constructor(private readonly reminders: RemindersService) {}

  async run(): Promise<TaskResult> {
    const { users, enqueued } = await this.reminders.fanOut();
    return { users, enqueued };
  }
}
