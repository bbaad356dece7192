import { Module } from '@nestjs/common';
import { BillingModule } from '../billing.module';
import { PremiumExpiryTask } from './premium-expiry.task';
import { StripeReconcileTask } from './stripe-reconcile.task';
import { SyncCustomersProcessor } from './sync-customers.processor';

/** The billing module's worker part: the handler of `billing.sync-customers`, expiry and reconciliation. */
@Module({ imports: [BillingModule], providers: [SyncCustomersProcessor, PremiumExpiryTask, StripeReconcileTask] })
export class BillingWorkerModule {}
