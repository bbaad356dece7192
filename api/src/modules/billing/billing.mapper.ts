import type { CustomerInfo } from '@tend/contracts';
import type Stripe from 'stripe';
import { factsOf } from './subscription-state';

function percentOff(subscription: Stripe.Subscription): number | null {
  for (const discount of subscription.discounts) {
    const coupon = typeof discount === 'object' ? discount.source.coupon : null;
    if (coupon && typeof coupon === 'object' && coupon.percent_off !== null) return coupon.percent_off;
  }
  return null;
}

/**
 * `GET /api/retreive-customer-info` in the shape of PRODUCT.md §3: `sub` with
 * cancel_at_period_end, current_period_end (Unix seconds), plan.amount (cents) and
 * discount.coupon.percent_off; `cus` with the billing email. `{}` for a part that is absent.
 * `subscription` is retrieved with `expand: ['discounts.source.coupon']`.
 */
export function toCustomerInfo(
  customer: Stripe.Customer | Stripe.DeletedCustomer,
  subscription: Stripe.Subscription | undefined,
): CustomerInfo {
  const cus = customer.deleted ? {} : { email: customer.email };
  if (!subscription) return { cus, sub: {} };
  const facts = factsOf(subscription);
  const price = subscription.items.data[0]?.price;
  const discount = percentOff(subscription);
  return {
    cus,
    sub: {
      // A cancelled subscription whose paid time runs on does not renew either.
      cancel_at_period_end: facts.cancelAtPeriodEnd || facts.status === 'canceled',
      current_period_end: Math.floor(facts.currentPeriodEnd.getTime() / 1000),
      plan: { amount: price?.unit_amount ?? null, interval: price?.recurring?.interval ?? null },
      discount: discount === null ? null : { coupon: { percent_off: discount } },
    },
  };
}
