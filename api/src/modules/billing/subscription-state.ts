import type Stripe from 'stripe';

/**
 * What Tend keeps of one Stripe subscription, read from Stripe's current state (never from an
 * event's snapshot), and the rule that turns a user's subscriptions into their plan. Pure: the
 * webhook, the reconciliation and the expiry task all decide through `decidePlan`.
 */
export interface SubscriptionFacts {
  id: string;
  customerId: string;
  status: Stripe.Subscription.Status;
  priceId: string | null;
  /** Set to end (at the period's end, or at a chosen date): it will not renew. */
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
  /** Premium lasts until then; null when this subscription never paid for any time. */
  accessUntil: Date | null;
  /** Stripe could not charge it: past due, unpaid, or its latest invoice open after an attempt. */
  paymentFailed: boolean;
}

export interface PlanDecision {
  premium: boolean;
  /** The end of the paid time: premium_expiry_date. */
  expiry: Date;
  paymentIssue: boolean;
}

/** Statuses that renew by themselves unless set to cancel. */
const RENEWING: ReadonlySet<string> = new Set(['active', 'trialing']);

function seconds(value: number): Date {
  return new Date(value * 1000);
}

function latestInvoice(subscription: Stripe.Subscription): Stripe.Invoice | null {
  const invoice = subscription.latest_invoice;
  return invoice && typeof invoice === 'object' ? invoice : null;
}

/**
 * The facts of a subscription retrieved with `expand: ['latest_invoice']`.
 *
 * Paid time (`accessUntil`): while active, trialing or past due (Stripe still retrying), the
 * current period's end; once cancelled, that period's end if its invoice was paid, otherwise its
 * start (the unpaid period is not given away); unpaid or paused, the current period's start (Stripe
 * gave up charging); incomplete checkouts never paid for anything.
 */
export function factsOf(subscription: Stripe.Subscription): SubscriptionFacts {
  const item = subscription.items.data[0];
  const periodStart = seconds(item?.current_period_start ?? subscription.start_date);
  const periodEnd = seconds(item?.current_period_end ?? subscription.start_date);
  const invoice = latestInvoice(subscription);
  const lastPeriodUnpaid = invoice !== null && invoice.status !== 'paid' && invoice.status !== 'void';
  const status = subscription.status;
  let accessUntil: Date | null;
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
      accessUntil = periodEnd;
      break;
    case 'canceled':
      accessUntil = lastPeriodUnpaid ? periodStart : periodEnd;
      break;
    case 'unpaid':
    case 'paused':
      accessUntil = periodStart;
      break;
    default:
      accessUntil = null;
  }
  const customer = subscription.customer;
  return {
    id: subscription.id,
    customerId: typeof customer === 'string' ? customer : customer.id,
    status,
    priceId: item?.price.id ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    currentPeriodEnd: periodEnd,
    accessUntil,
    paymentFailed:
      status === 'past_due' || status === 'unpaid' || (invoice?.status === 'open' && invoice.attempted === true),
  };
}

/** Renews by itself: premium holds even past its period end while a renewal is on its way. */
export function renews(facts: Pick<SubscriptionFacts, 'status' | 'cancelAtPeriodEnd'>): boolean {
  return RENEWING.has(facts.status) && !facts.cancelAtPeriodEnd;
}

/** Stripe would refuse a second subscription next to this one: it is not over. */
export function isOngoing(facts: Pick<SubscriptionFacts, 'status'>): boolean {
  return ['active', 'trialing', 'past_due', 'unpaid', 'paused'].includes(facts.status);
}

/**
 * A user's plan from all their subscriptions at `now`: premium while one renews or still has paid
 * time; then free. Null when no subscription ever paid for anything (nothing to say). The answer
 * depends only on the subscriptions' current state, never on the order their events came in.
 */
export function decidePlan(subscriptions: readonly SubscriptionFacts[], now: Date): PlanDecision | null {
  const paid = subscriptions.filter((s): s is SubscriptionFacts & { accessUntil: Date } => s.accessUntil !== null);
  if (paid.length === 0) return null;
  const live = paid.filter((s) => renews(s) || s.accessUntil.getTime() > now.getTime());
  const latest = (list: typeof paid) => new Date(Math.max(...list.map((s) => s.accessUntil.getTime())));
  if (live.length === 0) return { premium: false, expiry: latest(paid), paymentIssue: false };
  return { premium: true, expiry: latest(live), paymentIssue: live.every((s) => s.paymentFailed) };
}
