import type { Plan } from './users';

/**
 * The contact rules that need no schema library: messages, the photo size cap, the plan's
 * allowance (the fields and their limits are in contact-fields.ts). Kept free of zod so that light
 * clients (the extension's popup) can import them without bundling it.
 */
export const INVALID_URL_MESSAGE = 'Invalid URL';
/** The 403 a create past the free plan's allowance answers, naming the allowance. */
export const freePlanLimitMessage = (limit: number) =>
  `The free plan holds ${limit} contacts. Upgrade to Premium for unlimited contacts, or remove one first.`;

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The free plan's card allowance unless the server says otherwise (`free_plan_card_limit` in the config). */
export const FREE_PLAN_CARD_LIMIT = 25;

/**
 * Whether a plan is held to the free plan's allowance. A user who has not picked a plan yet counts
 * as free: the API and the web app must agree on this (they once did not, when `plan` was null).
 */
export function isPlanLimited(plan: Plan | null | undefined): boolean {
  return plan !== 'premium';
}

/**
 * How many cards a plan may hold: null means unlimited (premium, or a self-hosted server whose
 * free plan is unlimited: `FREE_PLAN_CARD_LIMIT=unlimited`).
 */
export function cardLimitFor(plan: Plan | null | undefined, freePlanCardLimit: number | null): number | null {
  return isPlanLimited(plan) ? freePlanCardLimit : null;
}
