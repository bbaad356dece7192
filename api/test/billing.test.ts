import { FakeStripe, type FakeEvent } from '@tend/test-kit';
import {
  CHECKOUT_ACTIVE_SUBSCRIPTION_MESSAGE,
  DOWNGRADE_NO_SUBSCRIPTION_MESSAGE,
  DOWNGRADE_SUCCESS_MESSAGE,
  NO_BILLING_ACCOUNT_MESSAGE,
  NOTHING_TO_REACTIVATE_MESSAGE,
  type Contact,
  type CustomerInfo,
} from '@tend/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskRunner } from '../src/infra/schedule/task-runner.service';
import { Clock } from '../src/infra/time/clock';
import { JobDispatcher } from '../src/infra/queue/job-dispatcher';
import type { ApiClient } from './helpers/api-client';
import { UNTHROTTLED_SIGNUPS, useTestApp } from './helpers/test-app';

const SECRET_KEY = 'sk_test_tend_billing';
const WEBHOOK_SECRET = 'whsec_tend_billing_test';
const MONTHLY = 'price_tend_monthly';
const ANNUAL = 'price_tend_annual';
const DAY_MS = 24 * 60 * 60 * 1000;
const SUBJECT = {
  started: /Your Tend Premium plan is active/,
  failed: /There is an issue with your payment method/,
  ended: /Your Tend Premium plan has ended/,
};

let fake: FakeStripe;
let counter = 0;

beforeAll(async () => {
  fake = await FakeStripe.start({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    prices: [
      { id: MONTHLY, unitAmount: 1000, interval: 'month' },
      { id: ANNUAL, unitAmount: 9600, interval: 'year' },
    ],
  });
});
afterAll(async () => {
  await fake?.close();
});
// Started after the fake (its address is read then), closed before it.
const app = useTestApp(() => ({
  ...UNTHROTTLED_SIGNUPS,
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_MONTHLY: MONTHLY,
  STRIPE_PRICE_ANNUAL: ANNUAL,
  STRIPE_API_BASE: fake.url,
}));

interface UserRow extends Record<string, unknown> {
  plan: string | null;
  free_trial: boolean;
  premium_expiry_date: Date | null;
  payment_issue: boolean;
  stripe_id: string | null;
}

async function userRow(userId: number): Promise<UserRow | undefined> {
  const [row] = await app.db.query<UserRow>(
    'select plan, free_trial, premium_expiry_date, payment_issue, stripe_id from users where id = $1',
    [userId],
  );
  return row;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await app.db.query<{ n: number }>(`select count(*)::int as n from (${sql}) q`, params);
  return row?.n ?? 0;
}

/** Mail the app recorded for a user, by kind (the rows are the truth of what was sent). */
function mailCount(userId: number, kind: string): Promise<number> {
  return count('select 1 from mail_messages where user_id = $1 and kind = $2', [userId, kind]);
}

/** POSTs a payload with a Stripe-Signature header, as Stripe does: no session, no CSRF token. */
function postWebhook(payload: string, signature?: string) {
  const req = request(app.url).post('/api/stripe/webhook').set('Content-Type', 'application/json; charset=utf-8');
  if (signature !== undefined) req.set('Stripe-Signature', signature);
  return req.send(payload);
}

async function deliver(event: FakeEvent): Promise<void> {
  const { payload, signature } = fake.sign(event);
  const res = await postWebhook(payload, signature);
  expect(res.status, `${event.type}: ${JSON.stringify(res.body)}`).toBe(200);
}

/** The events emitted since `since` (an index into `fake.events`). */
function eventsSince(since: number): FakeEvent[] {
  return fake.events.slice(since);
}

async function newUser(): Promise<{ client: ApiClient; userId: number; email: string }> {
  counter += 1;
  const email = `billing-${counter}@example.com`;
  const { client, userId } = await app.verifiedClient(email);
  const free = await client.patch(`/api/users/${userId}`, { plan: 'free' });
  expect(free.status).toBe(200);
  return { client, userId, email };
}

async function checkout(client: ApiClient, userId: number, body: object = {}): Promise<string> {
  const res = await client.post('/api/create-checkout-session', { userId, plan: 'premium', referral: 'NULL', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sessionId = /\/checkout\/(cs_test_\w+)$/.exec(String(res.headers['location']))?.[1];
  expect(sessionId).toBeDefined();
  return sessionId ?? '';
}

/** A free user who pays at the fake checkout; every event is delivered in Stripe's order. */
async function premiumUser(options: { percentOff?: number } = {}) {
  const user = await newUser();
  const sessionId = await checkout(user.client, user.userId);
  const since = fake.events.length;
  const subscription = fake.completeCheckout(sessionId, options);
  for (const event of eventsSince(since)) await deliver(event);
  const customerId = String(subscription['customer']);
  return { ...user, subscriptionId: String(subscription['id']), customerId };
}

function periodEndOf(subscriptionId: string): number {
  const sub = fake.get<{ items: { data: { current_period_end: number }[] } }>(subscriptionId);
  return sub.items.data[0]?.current_period_end ?? 0;
}

function runTask(name: string) {
  return app.running.app.get(TaskRunner).run(name, 'manual');
}

describe('checkout', () => {
  it('creates one customer per user and a subscription checkout for the chosen price', async () => {
    const { client, userId, email } = await newUser();
    const res = await client.post('/api/create-checkout-session', { userId, plan: 'premium', referral: 'ref-42' });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/\/checkout\/cs_test_/);
    expect(res.headers['location']).toBe(res.body.url);

    const row = await userRow(userId);
    expect(row?.stripe_id).toMatch(/^cus_/);
    expect(fake.get(row?.stripe_id ?? '')).toMatchObject({ email, metadata: { user_id: String(userId) } });
    const sessionId = /(cs_test_\w+)$/.exec(res.body.url as string)?.[1] ?? '';
    expect(fake.get(sessionId)).toMatchObject({
      mode: 'subscription',
      customer: row?.stripe_id,
      client_reference_id: String(userId),
      line_items: [{ price: MONTHLY, quantity: 1 }],
      subscription_data: { metadata: { user_id: String(userId), referral: 'ref-42' } },
      success_url: 'http://tend.test/plan-updated/success',
      cancel_url: 'http://tend.test/plan-updated/canceled',
    });

    // A second checkout reuses the customer; the spec's literal 'NULL' means no referral.
    const again = await client.post('/api/create-checkout-session', {
      userId,
      plan: 'premium_annual',
      referral: 'NULL',
    });
    expect(again.status).toBe(200);
    expect((await userRow(userId))?.stripe_id).toBe(row?.stripe_id);
    const customers = [...fake.objects.values()].filter((o) => o['object'] === 'customer' && o['email'] === email);
    expect(customers).toHaveLength(1);
    const annual = fake.get(/(cs_test_\w+)$/.exec(again.body.url as string)?.[1] ?? '');
    expect(annual).toMatchObject({ line_items: [{ price: ANNUAL, quantity: 1 }] });
    expect(annual['subscription_data']).toEqual({ metadata: { user_id: String(userId) } });
  });

  it("offers the annual price at Stripe's amount", async () => {
    const { client } = await newUser();
    const plans = await client.get('/api/billing/plans');
    expect(plans.status).toBe(200);
    expect(plans.body).toEqual({ annual: { amount: 9600, currency: 'usd' } });
  });

  it("refuses another user's id and answers 201 when a subscription is already active", async () => {
    const a = await premiumUser();
    const b = await newUser();
    const foreign = await b.client.post('/api/create-checkout-session', { userId: a.userId, plan: 'premium' });
    expect(foreign.status).toBe(403);
    expect(await userRow(b.userId)).toMatchObject({ stripe_id: null });

    const sessions = [...fake.objects.values()].filter((o) => o['object'] === 'checkout.session').length;
    const twice = await a.client.post('/api/create-checkout-session', { userId: a.userId, plan: 'premium' });
    expect(twice.status).toBe(201);
    expect(twice.body).toEqual({ message: CHECKOUT_ACTIVE_SUBSCRIPTION_MESSAGE });
    expect(twice.headers['location']).toBeUndefined();
    expect([...fake.objects.values()].filter((o) => o['object'] === 'checkout.session')).toHaveLength(sessions);
  });

  it('grants nothing for a paid checkout until Stripe says so: not the success page, not a client call', async () => {
    const { client, userId } = await newUser();
    const sessionId = await checkout(client, userId);
    fake.completeCheckout(sessionId);
    // The success page reads the session; nothing asks Stripe or changes the plan.
    for (let i = 0; i < 3; i++) expect((await client.get('/api/session')).body.plan).toBe('free');
    expect((await client.patch(`/api/users/${userId}`, { plan: 'premium' })).status).toBe(400);
    expect(await userRow(userId)).toMatchObject({ plan: 'free', premium_expiry_date: null });
  });
});

describe('webhooks', () => {
  it('answers 400 and writes nothing for a missing, bad, stale or foreign signature', async () => {
    const { client, userId } = await newUser();
    const sessionId = await checkout(client, userId);
    const since = fake.events.length;
    fake.completeCheckout(sessionId);
    const event = eventsSince(since).find((e) => e.type === 'customer.subscription.created');
    if (!event) throw new Error('no event');
    const before = JSON.stringify([await userRow(userId), await app.db.query('select * from stripe_events')]);
    const now = Math.floor(Date.now() / 1000);
    const attempts = [
      postWebhook(event.payload),
      postWebhook(event.payload, 'garbage'),
      postWebhook(event.payload, fake.sign(event, { timestamp: now - 301 }).signature),
      postWebhook(event.payload, fake.sign(event, { secret: 'whsec_someone_else' }).signature),
      // A valid signature over other bytes.
      postWebhook(event.payload.replace('"active"', '"trialing"'), fake.sign(event).signature),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatch(/signature/i);
    }
    expect(JSON.stringify([await userRow(userId), await app.db.query('select * from stripe_events')])).toBe(before);
    // Within the 300 s tolerance it is accepted.
    const recent = fake.sign(event, { timestamp: now - 250 });
    expect((await postWebhook(recent.payload, recent.signature)).status).toBe(200);
    expect((await userRow(userId))?.plan).toBe('premium');
  });

  it('grants premium from a completed checkout: no session, no CSRF token, one mail', async () => {
    const { userId, subscriptionId, email } = await premiumUser();
    const row = await userRow(userId);
    expect(row).toMatchObject({ plan: 'premium', free_trial: false, payment_issue: false });
    expect(row?.premium_expiry_date?.getTime()).toBe(periodEndOf(subscriptionId) * 1000);
    await app.mail.waitFor(email, SUBJECT.started);
    expect(await mailCount(userId, 'premium-started')).toBe(1);
  });

  it('makes one change and one mail from 10 concurrent deliveries of one event', async () => {
    const { client, userId, email } = await newUser();
    const sessionId = await checkout(client, userId);
    const since = fake.events.length;
    fake.completeCheckout(sessionId);
    const completed = eventsSince(since).find((e) => e.type === 'checkout.session.completed');
    if (!completed) throw new Error('no event');
    const { payload, signature } = fake.sign(completed);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postWebhook(payload, signature)));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(await count('select 1 from stripe_events where id = $1', [completed.id])).toBe(1);
    expect((await userRow(userId))?.plan).toBe('premium');
    await app.mail.waitFor(email, SUBJECT.started);
    expect(await mailCount(userId, 'premium-started')).toBe(1);
    // Stripe's retry days later changes nothing either.
    await deliver(completed);
    expect(await mailCount(userId, 'premium-started')).toBe(1);
  });

  it('ends in the same state for every order of created, updated and deleted', async () => {
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    const finals: unknown[] = [];
    // One period for every run, so the final states can be compared whole.
    const periodEnd = Math.floor(Date.now() / 1000) + 20 * 24 * 3600;
    for (const order of orders) {
      // A customer made through checkout, then Stripe's own events for one subscription's life.
      const { client, userId } = await newUser();
      await checkout(client, userId);
      const customerId = (await userRow(userId))?.stripe_id ?? '';
      const since = fake.events.length;
      const sub = fake.createSubscription(customerId, { periodEnd, metadata: { user_id: String(userId) } });
      fake.updateSubscription(String(sub['id']), { cancelAtPeriodEnd: true });
      fake.deleteSubscription(String(sub['id']));
      const lifecycle = eventsSince(since);
      expect(lifecycle.map((e) => e.type)).toEqual([
        'customer.subscription.created',
        'customer.subscription.updated',
        'customer.subscription.deleted',
      ]);
      for (const index of order) await deliver(lifecycle[index] as FakeEvent);
      const row = await userRow(userId);
      // A deleted subscription keeps premium until its paid period ends; the expiry task ends it.
      expect(row, `order ${order.join(',')}`).toMatchObject({ plan: 'premium', payment_issue: false });
      expect(row?.premium_expiry_date?.getTime()).toBe(periodEnd * 1000);
      expect(await mailCount(userId, 'premium-started')).toBe(1);
      finals.push({ ...row, premium_expiry_date: row?.premium_expiry_date?.toISOString(), stripe_id: undefined });
    }
    expect(new Set(finals.map((f) => JSON.stringify(f))).size).toBe(1);
  });

  it('downgrades at once when a subscription is deleted after its period ended', async () => {
    const { userId, subscriptionId, email } = await premiumUser();
    const since = fake.events.length;
    // The renewal was never paid and Stripe gave up: the last invoice is open, and a day has
    // passed since the paid period ended.
    const paidUntil = periodEndOf(subscriptionId) * 1000;
    fake.failRenewal(subscriptionId);
    fake.deleteSubscription(subscriptionId);
    const clock = app.running.app.get(Clock);
    clock.set(new Date(paidUntil + DAY_MS));
    try {
      for (const event of eventsSince(since)) await deliver(event);
    } finally {
      clock.set(new Date());
    }
    expect(await userRow(userId)).toMatchObject({ plan: 'free', free_trial: true, payment_issue: false });
    expect((await userRow(userId))?.premium_expiry_date?.getTime()).toBe(paidUntil);
    await app.mail.waitFor(email, SUBJECT.ended);
    expect(await mailCount(userId, 'premium-ended')).toBe(1);
  });

  it('flags a failed payment (one mail with the billing link) and clears it when paid', async () => {
    const { userId, subscriptionId, email } = await premiumUser();
    let since = fake.events.length;
    fake.failRenewal(subscriptionId);
    for (const event of eventsSince(since)) await deliver(event);
    const row = await userRow(userId);
    expect(row).toMatchObject({ plan: 'premium', payment_issue: true });
    expect(row?.premium_expiry_date?.getTime()).toBe(periodEndOf(subscriptionId) * 1000);
    const mail = await app.mail.waitFor(email, SUBJECT.failed);
    expect(mail.links).toContain('http://tend.test/account');
    expect(await mailCount(userId, 'payment-failed')).toBe(1);

    since = fake.events.length;
    fake.payRenewal(subscriptionId);
    for (const event of eventsSince(since)) await deliver(event);
    expect(await userRow(userId)).toMatchObject({ plan: 'premium', payment_issue: false });
    expect(await mailCount(userId, 'payment-failed')).toBe(1);
  });

  it('takes events it does not handle, and those of customers it does not know, without a change', async () => {
    const before = await app.db.query('select * from users order by id');
    await deliver(fake.emit('customer.created', fake.createCustomer('someone@example.com')));
    const stranger = fake.createSubscription(String(fake.createCustomer('stranger@example.com')['id']));
    const created = fake.events[fake.events.length - 1] as FakeEvent;
    expect(created.type).toBe('customer.subscription.created');
    await deliver(created);
    expect(await app.db.query('select * from users order by id')).toEqual(before);
    expect(await count('select 1 from billing_subscriptions where id = $1', [stranger['id']])).toBe(0);
  });
});

describe('cancel, reactivate, portal and customer info', () => {
  it('cancels at the period end, shows it, and reactivates before it ends', async () => {
    const { client, userId, subscriptionId } = await premiumUser({ percentOff: 50 });
    let info = (await client.get('/api/retreive-customer-info')).body as CustomerInfo;
    expect(info).toEqual({
      cus: { email: `billing-${counter}@example.com` },
      sub: {
        cancel_at_period_end: false,
        current_period_end: periodEndOf(subscriptionId),
        plan: { amount: 1000, interval: 'month' },
        discount: { coupon: { percent_off: 50 } },
      },
    });

    const since = fake.events.length;
    const cancel = await client.post('/api/cancel-subscription', { userId });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ message: DOWNGRADE_SUCCESS_MESSAGE });
    expect(fake.get(subscriptionId)['cancel_at_period_end']).toBe(true);
    // The user keeps premium until the period ends, and Stripe's own event changes nothing more.
    for (const event of eventsSince(since)) await deliver(event);
    expect(await userRow(userId)).toMatchObject({ plan: 'premium' });
    info = (await client.get('/api/retreive-customer-info')).body as CustomerInfo;
    expect(info.sub).toMatchObject({ cancel_at_period_end: true, current_period_end: periodEndOf(subscriptionId) });

    const reactivate = await client.post('/api/reactivate-subscription', { userId });
    expect(reactivate.status).toBe(200);
    expect(fake.get(subscriptionId)['cancel_at_period_end']).toBe(false);
    expect(((await client.get('/api/retreive-customer-info')).body as CustomerInfo).sub).toMatchObject({
      cancel_at_period_end: false,
    });
    const nothing = await client.post('/api/reactivate-subscription', {});
    expect(nothing.status).toBe(409);
    expect(nothing.body.errors).toEqual([NOTHING_TO_REACTIVATE_MESSAGE]);
  });

  it('answers 201 to a cancel without an active subscription, and {} parts without billing', async () => {
    const { client, userId } = await newUser();
    const cancel = await client.post('/api/cancel-subscription', { userId });
    expect(cancel.status).toBe(201);
    expect(cancel.body).toEqual({ message: DOWNGRADE_NO_SUBSCRIPTION_MESSAGE });
    expect((await client.get('/api/retreive-customer-info')).body).toEqual({ cus: {}, sub: {} });
    const portal = await client.post('/api/billing-portal', {});
    expect(portal.status).toBe(404);
    expect(portal.body.errors).toEqual([NO_BILLING_ACCOUNT_MESSAGE]);
  });

  it("opens the portal for the caller's own customer only; B cannot touch A's billing", async () => {
    const a = await premiumUser();
    const portal = await a.client.post('/api/billing-portal', {});
    expect(portal.status).toBe(200);
    expect(portal.headers['location']).toBe(portal.body.url);
    const sessionId = /\/portal\/(bps_\w+)$/.exec(portal.body.url as string)?.[1] ?? '';
    expect(fake.get(sessionId)).toMatchObject({ customer: a.customerId, return_url: 'http://tend.test/account' });

    const b = await newUser();
    const requestsBefore = fake.requests.length;
    const cancel = await b.client.post('/api/cancel-subscription', { userId: a.userId });
    expect(cancel.status).toBe(403);
    const reactivate = await b.client.post('/api/reactivate-subscription', { userId: a.userId });
    expect(reactivate.status).toBe(403);
    expect(fake.requests.slice(requestsBefore)).toEqual([]);
    expect(fake.get(a.subscriptionId)['cancel_at_period_end']).toBe(false);
    expect((await b.client.post('/api/billing-portal', { customer: a.customerId })).status).toBe(400);
    expect((await b.client.post('/api/billing-portal', {})).status).toBe(404);
    expect((await b.client.get('/api/retreive-customer-info')).body).toEqual({ cus: {}, sub: {} });
  });
});

describe('premium expiry and reconciliation', () => {
  it('downgrades after the period of a cancelled plan; hidden cards come back on upgrade', async () => {
    const { client, userId, subscriptionId, email } = await premiumUser();
    const tiers = (await client.get('/api/tiers')).body as { id: number }[];
    for (let i = 1; i <= 30; i++) {
      const res = await client.post('/api/contacts', { name: `Person ${i}`, tier_id: tiers[0]?.id });
      expect(res.status).toBe(201);
    }
    // A renewing subscription keeps premium even a day past its period (its renewal event is late).
    const clock = app.running.app.get(Clock);
    const end = periodEndOf(subscriptionId) * 1000;
    clock.set(new Date(end + DAY_MS));
    try {
      // (Other tests' users may lapse in the same run: this test counts only its own user.)
      await runTask('premium-expiry');
      expect((await userRow(userId))?.plan).toBe('premium');
      clock.set(new Date());

      const since = fake.events.length;
      expect((await client.post('/api/cancel-subscription', { userId })).status).toBe(200);
      for (const event of eventsSince(since)) await deliver(event);
      await runTask('premium-expiry');
      expect((await userRow(userId))?.plan).toBe('premium');

      // A day after the end, with Stripe's deletion event never delivered.
      clock.set(new Date(end + DAY_MS));
      expect(Number((await runTask('premium-expiry'))['downgraded'])).toBeGreaterThanOrEqual(1);
      expect(await userRow(userId)).toMatchObject({ plan: 'free', free_trial: true });
      await app.mail.waitFor(email, SUBJECT.ended);
      expect(await runTask('premium-expiry')).toMatchObject({ downgraded: 0 });
      expect(await mailCount(userId, 'premium-ended')).toBe(1);
    } finally {
      clock.set(new Date());
    }

    // The 25 newest stay; the 5 oldest are hidden, not deleted.
    const visible = (await client.get('/api/contacts')).body as Contact[];
    expect(visible).toHaveLength(25);
    expect(visible.map((c) => c.name)).not.toContain('Person 1');
    expect(await count('select 1 from contacts where user_id = $1', [userId])).toBe(30);
    expect((await client.get('/api/session')).body).toMatchObject({ plan: 'free', free_trial: true });

    // Stripe ended the subscription at the period's end (the event was lost); upgrading again
    // brings every card back.
    fake.deleteSubscription(subscriptionId);
    const sessionId = await checkout(client, userId);
    const since = fake.events.length;
    fake.completeCheckout(sessionId);
    for (const event of eventsSince(since)) await deliver(event);
    expect((await client.get('/api/session')).body).toMatchObject({ plan: 'premium', free_trial: false });
    expect((await client.get('/api/contacts')).body).toHaveLength(30);
  });

  it('repairs what missed webhooks left: a payment never announced, a deletion never announced', async () => {
    const paid = await newUser();
    const sessionId = await checkout(paid.client, paid.userId);
    fake.completeCheckout(sessionId); // no event is delivered

    const ended = await premiumUser();
    fake.deleteSubscription(ended.subscriptionId); // not delivered either

    // A day after the deleted subscription's paid period ended.
    const clock = app.running.app.get(Clock);
    clock.set(new Date(periodEndOf(ended.subscriptionId) * 1000 + DAY_MS));
    try {
      const result = await runTask('stripe-reconcile');
      expect(Number(result['queued'])).toBeGreaterThanOrEqual(2);
      await app.running.app.get(JobDispatcher).drain();
      // The repairs are jobs with Stripe round trips: on a loaded machine they take seconds.
      await expect.poll(async () => (await userRow(paid.userId))?.plan, { timeout: 15_000 }).toBe('premium');
      await expect.poll(async () => (await userRow(ended.userId))?.plan, { timeout: 15_000 }).toBe('free');
    } finally {
      clock.set(new Date());
    }
    expect(await userRow(ended.userId)).toMatchObject({ free_trial: true });
    await app.mail.waitFor(paid.email, SUBJECT.started);
    await app.mail.waitFor(ended.email, SUBJECT.ended);
  });
});

describe('account deletion', () => {
  it('cancels the subscription before deleting the account', async () => {
    const { client, userId, subscriptionId } = await premiumUser();
    const res = await client.delete(`/api/users/${userId}`, { body: { password: 'Passw0rd!' } });
    expect(res.status).toBe(204);
    expect(fake.get(subscriptionId)['status']).toBe('canceled');
    expect(await userRow(userId)).toBeUndefined();
    expect(await count('select 1 from billing_subscriptions where id = $1', [subscriptionId])).toBe(0);
    // Stripe's deletion event for a customer Tend no longer knows is taken and ignored.
    await deliver(fake.events[fake.events.length - 1] as FakeEvent);
  });

  it('keeps the account when Stripe cannot cancel the subscription', async () => {
    const { client, userId, subscriptionId } = await premiumUser();
    fake.failNext('DELETE', `/v1/subscriptions/${subscriptionId}`, 500, 5);
    const res = await client.delete(`/api/users/${userId}`, { body: { password: 'Passw0rd!' } });
    expect(res.status).toBe(503);
    expect(res.body.errors[0]).toMatch(/could not cancel your subscription/i);
    expect(await userRow(userId)).toMatchObject({ plan: 'premium' });
    expect(fake.get(subscriptionId)['status']).toBe('active');
  });
});
