import { Injectable } from '@nestjs/common';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { MailService } from '../mail.service';
import { MAIL_REDELIVERY } from './mail.jobs';

/** Re-queues mail that was recorded but never handed to a worker (Redis away, process killed). */
@ScheduledTask(MAIL_REDELIVERY)
@Injectable()
export class MailRedeliveryTask implements RunnableTask {
  constructor(private readonly mail: MailService) {}

  async run(): Promise<TaskResult> {
    return { requeued: await this.mail.dispatchUnsent() };
  }
}
