import { Injectable, Logger } from '@nestjs/common';
import { HandlesJob, type JobHandler } from '../../../infra/queue/job-handler';
import type { JobData } from '../../../infra/queue/job-map';
import { SubscriptionSyncService } from '../subscription-sync.service';

/**
 * `billing.sync-customers`: re-reads a page of users' subscriptions from Stripe. Idempotent (the
 * plan is set from Stripe's state); a user Stripe could not answer for fails the job after the
 * others are done, and the retry reads the whole page again.
 */
@HandlesJob('billing', 'billing.sync-customers')
@Injectable()
export class SyncCustomersProcessor implements JobHandler<'billing', 'billing.sync-customers'> {
  private readonly logger = new Logger(SyncCustomersProcessor.name);

  constructor(private readonly sync: SubscriptionSyncService) {}

  async handle({ userIds }: JobData<'billing', 'billing.sync-customers'>): Promise<void> {
    const failed: number[] = [];
    for (const userId of userIds) {
      try {
        await this.sync.syncCustomer(userId);
      } catch (error) {
        this.logger.warn(`Could not reconcile the subscriptions of user ${userId}: ${String(error)}`);
        failed.push(userId);
      }
    }
    if (failed.length > 0) throw new Error(`Reconciliation failed for users ${failed.join(', ')}.`);
  }
}
