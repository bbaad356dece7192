import { Injectable } from '@nestjs/common';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { SubscriptionSyncService } from '../subscription-sync.service';
import { STRIPE_RECONCILE } from './billing.jobs';

/**
 * Repairs what a webhook missed for longer than Stripe retries (three days): queues a job per page
 * of users with a Stripe customer, which re-reads their subscriptions and sets their plan.
 */
@ScheduledTask(STRIPE_RECONCILE)
@Injectable()
export class StripeReconcileTask implements RunnableTask {
  constructor(private readonly sync: SubscriptionSyncService) {}

  async run(): Promise<TaskResult> {
    return { queued: await this.sync.queueReconciliation() };
  }
}
