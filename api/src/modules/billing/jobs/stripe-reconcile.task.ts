import { Injectable } from '@nestjs/common';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { SubscriptionSyncService } from '../subscription-sync.service';

/**
 * Repairs what a webhook missed for longer than Stripe retries (three days): queues a job per page
 * of users with a Stripe customer, which re-reads their subscriptions and sets their plan.
 */
@ScheduledTask({
  name: 'stripe-reconcile',
  cron: '40 3 * * *',
  description: "Re-read every Stripe customer's subscriptions and repair plans a missed webhook left wrong.",
})
@Injectable()
export class StripeReconcileTask implements RunnableTask {
  constructor(private readonly sync: SubscriptionSyncService) {}

  async run(): Promise<TaskResult> {
    return { queued: await this.sync.queueReconciliation() };
  }
}
