import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A Stripe event Tend has taken, recorded in the same transaction as its effect: a second delivery
 * (Stripe delivers at least once, and retries for three days) finds its id here and changes nothing.
 */
@Entity({ tableName: 'stripe_events' })
export class StripeEvent {
  /** Stripe's id, `evt_...`. */
  @PrimaryKey({ type: 'string', length: 255 })
  id!: string;

  @Property({ type: 'string', length: 100 })
  type!: string;

  /** Not a foreign key: the record outlives a deleted account. */
  @Property({ type: 'integer', nullable: true })
  userId: number | null = null;

  /** `applied`, or `ignored` (a customer Tend does not know, a subscription Stripe no longer has). */
  @Property({ type: 'string', length: 20 })
  outcome!: 'applied' | 'ignored';

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  receivedAt: Date = new Date();
}
