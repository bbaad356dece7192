import { Module } from '@nestjs/common';
import { JobsModule } from '../../infra/queue/job-declarations';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';
import { BILLING_JOBS } from './jobs/billing.jobs';
import { stripeProvider } from './stripe.provider';
import { StripeWebhookController } from './stripe-webhook.controller';
import { SubscriptionSyncService } from './subscription-sync.service';

/** Stripe: checkout, the webhook, cancel and reactivate, the portal, expiry and reconciliation. */
@Module({
  imports: [UsersModule, MailModule, JobsModule.declare(BILLING_JOBS)],
  controllers: [BillingController, StripeWebhookController],
  providers: [stripeProvider, BillingService, SubscriptionSyncService],
  exports: [BillingService, SubscriptionSyncService],
})
export class BillingModule {}
