import { Injectable } from '@nestjs/common';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { SubscriptionSyncService } from '../subscription-sync.service';

/**
 * Ends premium whose paid time is over when nothing renews it (a cancelled plan whose deletion
 * event never came, a payment issue past its date): plan free with the lapsed-premium prompt. Works
 * on the database alone, in pages; running it twice changes nothing more.
 */
@ScheduledTask({
  name: 'premium-expiry',
  cron: '15 2 * * *',
  description: 'Move premium users whose paid time has passed, with no renewing subscription, to the free plan.',
})
@Injectable()
export class PremiumExpiryTask implements RunnableTask {
  constructor(private readonly sync: SubscriptionSyncService) {}

  async run(): Promise<TaskResult> {
    return { downgraded: await this.sync.expireLapsedPremium() };
  }
}
