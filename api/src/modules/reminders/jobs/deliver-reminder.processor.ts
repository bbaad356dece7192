import { Injectable } from '@nestjs/common';
import { HandlesJob, type JobHandler } from '../../../infra/queue/job-handler';
import type { JobData } from '../../../infra/queue/job-map';
import { RemindersService } from '../reminders.service';

/** `reminders.deliver`: one user's reminder email for one local day, settled once under a row lock. */
@HandlesJob('reminders', 'reminders.deliver')
@Injectable()
export class DeliverReminderProcessor implements JobHandler<'reminders', 'reminders.deliver'> {
  constructor(private readonly reminders: RemindersService) {}

  handle({ deliveryId }: JobData<'reminders', 'reminders.deliver'>): Promise<void> {
    return this.reminders.deliver(deliveryId);
  }
}
