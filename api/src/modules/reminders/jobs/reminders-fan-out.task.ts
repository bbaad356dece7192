import { Injectable } from '@nestjs/common';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { RemindersService } from '../reminders.service';

export const REMINDERS_TASK = 'reminders';

/**
 * Hourly: queues today's reminder email for every user whose local time is 08:00 or later and who
 * has follow-ups due (at most one per user and local day, however often it runs).
 */
@ScheduledTask({
  name: REMINDERS_TASK,
  cron: '2 * * * *',
  description: 'Queue the daily follow-up reminder emails (users past 08:00 local with follow-ups due).',
})
@Injectable()
export class RemindersFanOutTask implements RunnableTask {
  constructor(private readonly reminders: RemindersService) {}

  async run(): Promise<TaskResult> {
    const { users, enqueued } = await this.reminders.fanOut();
    return { users, enqueued };
  }
}
