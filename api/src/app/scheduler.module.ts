import { Module } from '@nestjs/common';
import { BillingModule } from '../modules/billing/billing.module';
import { PremiumExpiryTask } from '../modules/billing/jobs/premium-expiry.task';
import { StripeReconcileTask } from '../modules/billing/jobs/stripe-reconcile.task';
import { MailModule } from '../modules/mail/mail.module';
import { MailRedeliveryTask } from '../modules/mail/jobs/mail-redelivery.task';
import { PruneRateLimitsTask } from '../modules/auth/jobs/prune-rate-limits.task';
import { PruneSessionsTask } from '../modules/auth/jobs/prune-sessions.task';
import { SessionsModule } from '../modules/auth/sessions/sessions.module';
import { RemindersFanOutTask } from '../modules/reminders/jobs/reminders-fan-out.task';
import { RemindersModule } from '../modules/reminders/reminders.module';
import { ExportsModule } from '../modules/exports/exports.module';
import { PruneExportsTask } from '../modules/exports/jobs/prune-exports.task';
import { ImportsModule } from '../modules/imports/imports.module';
import { PruneImportsTask } from '../modules/imports/jobs/prune-imports.task';

/**
 * The scheduled tasks (`@ScheduledTask` providers). They enqueue for the worker, or do one small
 * bounded statement themselves. The scheduler role fires them on their cron; `npm run task` runs one.
 */
@Module({
  imports: [MailModule, SessionsModule, RemindersModule, ImportsModule, ExportsModule, BillingModule],
  providers: [
    MailRedeliveryTask,
    PruneSessionsTask,
    PruneRateLimitsTask,
    RemindersFanOutTask,
    PruneImportsTask,
    PruneExportsTask,
    PremiumExpiryTask,
    StripeReconcileTask,
  ],
})
export class SchedulerModule {}
