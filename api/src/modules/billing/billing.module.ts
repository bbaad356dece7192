import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';
import { stripeProvider } from './stripe.provider';
import { StripeWebhookController } from './stripe-webhook.controller';
import { SubscriptionSyncService } from './subscription-sync.service';

/** Stripe: checkout, the webhook, cancel and reactivate, the portal, expiry and reconciliation. */
@Module({
  imports: [UsersModule, MailModule],
  controllers: [BillingController, StripeWebhookController],
  providers: [stripeProvider, BillingService, SubscriptionSyncService],
  exports: [BillingService, SubscriptionSyncService],
})
export class BillingModule {}
