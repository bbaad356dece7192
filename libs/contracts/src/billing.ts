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
