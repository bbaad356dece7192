import { declareJobs } from '../../../infra/queue/job-declarations';
import { defineQueue, job, JOB_ATTEMPTS } from '../../../infra/queue/job-map';
import { defineTask } from '../../../infra/schedule/scheduled-task';

export const BILLING_QUEUE = defineQueue({
  name: 'billing',
  concurrency: 1,
  attempts: JOB_ATTEMPTS,
  jobs: {
    /** Re-read these users' subscriptions from Stripe (the daily reconciliation, a page of users). */
    'billing.sync-customers': job<{ userIds: number[] }>(),
  },
});

declare module '../../../infra/queue/job-map' {
  interface Queues {
    billing: typeof BILLING_QUEUE;
  }
}

export const PREMIUM_EXPIRY = defineTask({
  name: 'premium-expiry',
  cron: '15 2 * * *',
  description: 'Move premium users whose paid time has passed, with no renewing subscription, to the free plan.',
});

export const STRIPE_RECONCILE = defineTask({
  name: 'stripe-reconcile',
  cron: '40 3 * * *',
  description: "Re-read every Stripe customer's subscriptions and repair plans a missed webhook left wrong.",
});

/** What the billing module runs in the background: BillingModule declares it, BillingWorkerModule runs it. */
export const BILLING_JOBS = declareJobs({ queues: [BILLING_QUEUE], tasks: [PREMIUM_EXPIRY, STRIPE_RECONCILE] });
