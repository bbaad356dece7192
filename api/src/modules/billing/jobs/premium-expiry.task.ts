import { Injectable } from '@nestjs/common';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { SubscriptionSyncService } from '../subscription-sync.service';
import { PREMIUM_EXPIRY } from './billing.jobs';

/**
 * Ends premium whose paid time is over when nothing renews it (a cancelled plan whose deletion
 * event never came, a payment issue past its date): plan free with the lapsed-premium prompt. Works
 * on the database alone, in pages; running it twice changes nothing more.
 */
@ScheduledTask(PREMIUM_EXPIRY)
@Injectable()
export class PremiumExpiryTask implements RunnableTask {
  constructor(private readonly sync: SubscriptionSyncService) {}

  async run(): Promise<TaskResult> {
    return { downgraded: await this.sync.expireLapsedPremium() };
  }
}
