import { FREE_PLAN_CARD_LIMIT, type User } from '@tend/contracts';

/** Spec section 5: a free plan with 25 or more contacts gets the limit modal instead of a new card. */
export function isAtFreePlanLimit(user: Pick<User, 'plan'>, contactCount: number): boolean {
  return user.plan === 'free' && contactCount >= FREE_PLAN_CARD_LIMIT;
}

/** A premium plan that ended (cancelled or unpaid): the board opens the limit modal on load. */
export function isTrialExpired(user: Pick<User, 'plan' | 'free_trial'>): boolean {
  return user.plan === 'free' && user.free_trial;
}
