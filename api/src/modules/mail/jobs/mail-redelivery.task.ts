import { Injectable } from '@nestjs/common';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { MailService } from '../mail.service';

/** Re-queues mail that was recorded but never handed to a worker (Redis away, process killed). */
@ScheduledTask({
  name: 'mail-redelivery',
  cron: '*/5 * * * *',
  description: 'Re-queue mail still unsent 10 minutes after it was recorded or last tried (for 3 days).',
})
@Injectable()
export class MailRedeliveryTask implements RunnableTask {
  constructor(private readonly mail: MailService) {}

  async run(): Promise<TaskResult> {
    return { requeued: await this.mail.dispatchUnsent() };
  }
}
