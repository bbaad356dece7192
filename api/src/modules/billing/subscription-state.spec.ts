import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { decidePlan, factsOf, type SubscriptionFacts } from './subscription-state';

const DAY = 24 * 60 * 60;
const NOW = new Date('2026-06-15T12:00:00Z');
const now = Math.floor(NOW.getTime() / 1000);

function subscription(overrides: Partial<Stripe.Subscription> & { invoice?: Partial<Stripe.Invoice> } = {}) {
  const { invoice, ...rest } = overrides;
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    start_date: now - 10 * DAY,
    items: {
      object: 'list',
      data: [
        {
          current_period_start: now - 10 * DAY,
          current_period_end: now + 20 * DAY,
          price: { id: 'price_1' },
        },
      ],
    },
    latest_invoice: invoice ? { status: 'paid', attempted: true, ...invoice } : null,
    ...rest,
  } as unknown as Stripe.Subscription;
}

function facts(overrides: Partial<SubscriptionFacts>): SubscriptionFacts {
  return {
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    priceId: 'price_1',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: new Date((now + 20 * DAY) * 1000),
    accessUntil: new Date((now + 20 * DAY) * 1000),
    paymentFailed: false,
    ...overrides,
  };
}

describe('factsOf', () => {
  const end = new Date((now + 20 * DAY) * 1000);
  const start = new Date((now - 10 * DAY) * 1000);

  it('gives an active, trialing or past-due subscription time until its period ends', () => {
    for (const status of ['active', 'trialing', 'past_due'] as const) {
      expect(factsOf(subscription({ status })).accessUntil).toEqual(end);
    }
    expect(factsOf(subscription({ status: 'past_due' })).paymentFailed).toBe(true);
  });

  it('keeps a cancelled subscription to the end of a paid period, not of an unpaid one', () => {
    expect(factsOf(subscription({ status: 'canceled', invoice: { status: 'paid' } })).accessUntil).toEqual(end);
    expect(factsOf(subscription({ status: 'canceled', invoice: { status: 'open' } })).accessUntil).toEqual(start);
  });

  it('gives nothing for an unpaid, paused or never-completed subscription', () => {
    expect(factsOf(subscription({ status: 'unpaid' })).accessUntil).toEqual(start);
    expect(factsOf(subscription({ status: 'paused' })).accessUntil).toEqual(start);
    expect(factsOf(subscription({ status: 'incomplete' })).accessUntil).toBeNull();
    expect(factsOf(subscription({ status: 'incomplete_expired' })).accessUntil).toBeNull();
  });

  it('sees a failed charge on an open, attempted latest invoice, and a scheduled end as a cancellation', () => {
    expect(factsOf(subscription({ invoice: { status: 'open', attempted: true } })).paymentFailed).toBe(true);
    expect(factsOf(subscription({ invoice: { status: 'open', attempted: false } })).paymentFailed).toBe(false);
    expect(factsOf(subscription({ cancel_at: now + 5 * DAY })).cancelAtPeriodEnd).toBe(true);
  });
});

describe('decidePlan', () => {
  const past = new Date(NOW.getTime() - DAY * 1000);
  const future = new Date(NOW.getTime() + DAY * 1000);

  it('has nothing to say without a subscription that paid for time', () => {
    expect(decidePlan([], NOW)).toBeNull();
    expect(decidePlan([facts({ status: 'incomplete_expired', accessUntil: null })], NOW)).toBeNull();
  });

  it('keeps premium while a subscription renews, even past its period (a late renewal event)', () => {
    expect(decidePlan([facts({ accessUntil: past })], NOW)).toEqual({
      premium: true,
      expiry: past,
      paymentIssue: false,
    });
  });

  it('keeps premium until the paid time of a cancelled plan ends, then not', () => {
    const cancelled = facts({ cancelAtPeriodEnd: true, accessUntil: future });
    expect(decidePlan([cancelled], NOW)).toMatchObject({ premium: true, expiry: future });
    expect(decidePlan([{ ...cancelled, accessUntil: past }], NOW)).toEqual({
      premium: false,
      expiry: past,
      paymentIssue: false,
    });
  });

  it('switches a past-due plan to free on its expiry date, with the payment issue until then', () => {
    const pastDue = facts({ status: 'past_due', paymentFailed: true, accessUntil: future });
    expect(decidePlan([pastDue], NOW)).toEqual({ premium: true, expiry: future, paymentIssue: true });
    expect(decidePlan([{ ...pastDue, accessUntil: past }], NOW)).toMatchObject({ premium: false });
  });

  it('takes the best of several subscriptions, in any order', () => {
    const old = facts({ id: 'sub_old', status: 'canceled', accessUntil: past });
    const renewed = facts({ id: 'sub_new', accessUntil: future });
    const failing = facts({ id: 'sub_failing', status: 'past_due', paymentFailed: true, accessUntil: future });
    expect(decidePlan([old, renewed], NOW)).toEqual({ premium: true, expiry: future, paymentIssue: false });
    expect(decidePlan([renewed, old], NOW)).toEqual(decidePlan([old, renewed], NOW));
    expect(decidePlan([failing, renewed], NOW)?.paymentIssue).toBe(false);
  });
});
