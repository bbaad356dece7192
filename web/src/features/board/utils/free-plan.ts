import { cardLimitFor, type User } from '@tend/contracts';

/**
 * A limited plan (free, or none chosen yet: `isPlanLimited`, the API's rule too) with as many cards
 * as the server's free allowance or more gets the limit modal instead of a new card (PRODUCT.md §5).
 */
export function isAtFreePlanLimit(
  user: Pick<User, 'plan'>,
  contactCount: number,
  freePlanCardLimit: number | null,
): boolean {
  const limit = cardLimitFor(user.plan, freePlanCardLimit);
  return limit !== null && contactCount >= limit;
}

/** A premium plan that ended (cancelled or unpaid): the board opens the limit modal on load. */
export function isTrialExpired(user: Pick<User, 'plan' | 'free_trial'>): boolean {
  return user.plan === 'free' && user.free_trial;
}
