import { Entity, ManyToOne, PrimaryKey, Property, type Ref } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * Tend's copy of one Stripe subscription, as Stripe last said it was (written only by
 * `SubscriptionSyncService`, under the user's billing lock). The expiry task reads it to know
 * whether a subscription still renews without asking Stripe.
 */
@Entity({ tableName: 'billing_subscriptions' })
export class BillingSubscription {
  /** Stripe's id, `sub_...`. */
  @PrimaryKey({ type: 'string', length: 255 })
  id!: string;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade', index: true })
  user!: Ref<User>;

  @Property({ type: 'string', length: 255 })
  customerId!: string;

  /** Stripe's status: active, trialing, past_due, canceled, unpaid, paused, incomplete, incomplete_expired. */
  @Property({ type: 'string', length: 32 })
  status!: string;

  @Property({ type: 'string', length: 255, nullable: true })
  priceId: string | null = null;

  @Property({ type: 'boolean' })
  cancelAtPeriodEnd!: boolean;

  @Property({ type: 'datetime' })
  currentPeriodEnd!: Date;

  /** Premium lasts until then; null when it never paid for any time (see `factsOf`). */
  @Property({ type: 'datetime', nullable: true })
  accessUntil: Date | null = null;

  @Property({ type: 'boolean' })
  paymentFailed!: boolean;

  @Property({ type: 'datetime' })
  syncedAt!: Date;
}
