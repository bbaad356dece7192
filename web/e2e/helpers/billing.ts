/** What the app says, before any click, when billing is not configured (the test app has no Stripe keys). */
export const BILLING_NOT_CONFIGURED =
  'Billing is not configured on this server yet, so Premium cannot be bought. Everything on the free plan works.';
