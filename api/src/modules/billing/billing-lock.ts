import type { EntityManager } from '@mikro-orm/postgresql';

/** The first key of billing's advisory locks (the second is the user id). */
const BILLING_LOCK_SPACE = 0x7e4d_b111;

/**
 * Serializes one user's billing changes until the transaction ends: whoever holds it reads Stripe
 * and writes the result before the next one reads, so the last write is of the latest read. An
 * advisory lock, not the user's row lock, so the board's writes (which take the row lock) never
 * wait for a call to Stripe.
 */
export async function lockBilling(em: EntityManager, userId: number): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(?, ?)', [BILLING_LOCK_SPACE, userId]);
}
