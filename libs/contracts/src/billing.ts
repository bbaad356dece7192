import { z } from 'zod';
import { FREE_PLAN_CARD_LIMIT } from './contact-rules';
import type { Plan } from './users';

export interface PlanDescriptor {
  name: Plan;
  price: number;
  cards: number | 'Unlimited';
}

/** The plan cards (free allowance as configured; premium $10/month, unlimited). */
export function planDescriptors(freePlanCardLimit: number | null): readonly PlanDescriptor[] {
  return [
    { name: 'free', price: 0, cards: freePlanCardLimit ?? 'Unlimited' },
    { name: 'premium', price: 10, cards: 'Unlimited' },
  ];
}
export const PLAN_DESCRIPTORS: readonly PlanDescriptor[] = planDescriptors(FREE_PLAN_CARD_LIMIT);

export const checkoutRequestSchema = z.strictObject({
  userId: z.number().int().positive().optional(),
  plan: z.enum(['premium', 'premium_annual']).default('premium'),
  referral: z.string().max(200).nullable().optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export const BILLING_NOT_CONFIGURED_MESSAGE =
  'Billing is not configured on this server yet, so Premium cannot be bought. Everything on the free plan works.';

/** `GET /api/retreive-customer-info` (the spec's spelling): `{}` parts when there is nothing to show. */
export const customerInfoSchema = z.object({
  sub: z
    .object({
      cancel_at_period_end: z.boolean().optional(),
      /** Unix seconds, as Stripe gives it. */
      current_period_end: z.number().nullable().optional(),
      discount: z
        .object({ coupon: z.object({ percent_off: z.number().nullable().optional() }).nullable().optional() })
        .nullable()
        .optional(),
      plan: z
        .object({ amount: z.number().nullable().optional(), interval: z.string().nullable().optional() })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  cus: z.object({ email: z.string().nullable().optional() }).nullable().optional(),
});
export type CustomerInfo = z.infer<typeof customerInfoSchema>;

/** `POST /api/cancel-subscription` and `POST /api/reactivate-subscription`: the id, when sent, must be the caller's. */
export const subscriptionActionRequestSchema = z.strictObject({
  userId: z.number().int().positive().optional(),
});
export type SubscriptionActionRequest = z.infer<typeof subscriptionActionRequestSchema>;

/** `POST /api/create-checkout-session` (200) and `POST /api/billing-portal`: the address, also in `Location`. */
export const billingUrlResponseSchema = z.object({ url: z.string() });
export type BillingUrlResponse = z.infer<typeof billingUrlResponseSchema>;

// PRODUCT.md §8's texts for billing (the doubled space of 'no active  Stripe' is a typo: one).
export const CHECKOUT_ACTIVE_SUBSCRIPTION_MESSAGE =
  'There is an active subscription associated with this account. Please manage your subscription through the Stripe portal.';
export const DOWNGRADE_SUCCESS_MESSAGE =
  'You have successfully downgraded your subscription but will retain your benefits until your subscription expires.';
export const DOWNGRADE_NO_SUBSCRIPTION_MESSAGE =
  'There is no active Stripe subscription associated with this account. Please contact us for assistance.';
export const REACTIVATE_SUCCESS_MESSAGE = 'Your Premium plan is active again and renews as before.';
export const NOTHING_TO_REACTIVATE_MESSAGE =
  'There is no canceled subscription to reactivate. Choose Upgrade to start a new one.';
export const NO_BILLING_ACCOUNT_MESSAGE = 'There is no billing account for this user yet.';
export const SUBSCRIPTION_NOT_YOURS_MESSAGE = 'You can only change your own subscription.';
export const ANNUAL_PLAN_NOT_OFFERED_MESSAGE = 'The annual plan is not offered.';
export const ACCOUNT_NOT_DELETED_BILLING_MESSAGE =
  'We could not cancel your subscription, so your account was not deleted. Please try again or contact us for assistance.';
export const CHECKOUT_FAILED_MESSAGE =
  'There was an error upgrading your plan. Please try again or contact us for assistance.';
export const DOWNGRADE_FAILED_MESSAGE =
  'There was an error downgrading your subscription. Please try again or contact us for assistance.';
export const REACTIVATE_FAILED_MESSAGE =
  'There was an error reactivating your subscription. Please try again or contact us for assistance.';
export const PORTAL_FAILED_MESSAGE =
  'The billing portal could not be opened. Please try again or contact us for assistance.';
export const BILLING_DETAILS_UNAVAILABLE_MESSAGE = 'Billing details are unavailable right now. Please try again later.';

/** `GET /api/billing/plans`: the annual price when this server offers one (its amount is Stripe's). */
export const billingPlansSchema = z.object({
  annual: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
});
export type BillingPlans = z.infer<typeof billingPlansSchema>;
