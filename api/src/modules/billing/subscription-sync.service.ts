import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobDispatcher } from '../../infra/queue/job-dispatcher';
import { Clock } from '../../infra/time/clock';
import { MailService, type QueuedMail } from '../mail/mail.service';
import { paymentFailedMail, premiumEndedMail, premiumStartedMail } from '../mail/templates/billing-mail.templates';
import type { User } from '../users/user.entity';
import { UsersService, type BillingFields } from '../users/users.service';
import { BillingSubscription } from './billing-subscription.entity';
import { lockBilling } from './billing-lock';
import { STRIPE } from './stripe.provider';
import { decidePlan, factsOf, type PlanDecision, type SubscriptionFacts } from './subscription-state';

export type EventOutcome = 'applied' | 'ignored' | 'duplicate';

/** What an event is about: one subscription of one customer, and the user id it names (if any). */
interface EventTarget {
  subscriptionId: string;
  customerId: string;
  userIdHint: number | null;
}

/** Users per page of the expiry task and per reconciliation job. */
const EXPIRY_PAGE = 200;
const RECONCILE_PAGE = 100;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function userIdOf(value: string | null | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The subscription an event concerns; null for events Tend does not act on. */
export function eventTarget(event: Stripe.Event): EventTarget | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      const customerId = idOf(session.customer);
      if (session.mode !== 'subscription' || !subscriptionId || !customerId) return null;
      return { subscriptionId, customerId, userIdHint: userIdOf(session.client_reference_id) };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const customerId = idOf(subscription.customer);
      if (!customerId) return null;
      return { subscriptionId: subscription.id, customerId, userIdHint: userIdOf(subscription.metadata['user_id']) };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = idOf(details?.subscription);
      const customerId = idOf(invoice.customer);
      if (!subscriptionId || !customerId) return null;
      return { subscriptionId, customerId, userIdHint: userIdOf(details?.metadata?.['user_id']) };
    }
    default:
      return null;
  }
}

function factsOfRow(row: BillingSubscription): SubscriptionFacts {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    priceId: row.priceId,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    accessUntil: row.accessUntil,
    paymentFailed: row.paymentFailed,
  };
}

/**
 * The only writer of a user's plan from billing: every Stripe event, the daily reconciliation and
 * the expiry task come through here. Order-independence: nothing is taken from an event's own
 * snapshot; each change re-reads the subscription from Stripe while holding the user's billing
 * lock, mirrors it into `billing_subscriptions`, and sets the user from all their subscriptions
 * (`decidePlan`). Whatever order events arrive in, the last one applied read Stripe last.
 * Idempotency: an event's id is recorded in the same transaction as its effect.
 */
@Injectable()
export class SubscriptionSyncService {
  private readonly logger = new Logger(SubscriptionSyncService.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(STRIPE) private readonly stripe: Stripe | null,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly jobs: JobDispatcher,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Takes one verified event: applied, ignored (not ours, or gone), or a duplicate of one taken. */
  async takeEvent(event: Stripe.Event): Promise<EventOutcome> {
    const target = eventTarget(event);
    if (!target) return 'ignored';
    const queued: QueuedMail[] = [];
    const outcome = await this.em.fork().transactional(async (em): Promise<EventOutcome> => {
      const owner = await this.ownerOf(target);
      // A concurrent delivery of the same event waits here for the first one's commit, then finds it.
      const [fresh] = await em.execute<{ id: string }[]>(
        `insert into stripe_events (id, type, user_id, outcome, received_at) values (?, ?, ?, ?, ?)
         on conflict (id) do nothing returning id`,
        [event.id, event.type, owner?.id ?? null, owner ? 'applied' : 'ignored', this.clock.now()],
      );
      if (!fresh) return 'duplicate';
      if (!owner) {
        this.logger.log(
          `Stripe event ${event.id} (${event.type}) is for customer ${target.customerId}, not a Tend user.`,
        );
        return 'ignored';
      }
      await lockBilling(em, owner.id);
      // Read again under the lock: another event for this user may have committed meanwhile.
      const user = await em.refresh(owner);
      if (!user) return this.ignore(em, event.id);
      // The checkout of a user whose customer Stripe made: adopt it (never someone else's).
      if (user.stripeId === null) await this.users.setStripeId(user, target.customerId);
      if (user.stripeId !== target.customerId) return this.ignore(em, event.id);
      const subscription = await this.retrieve(target.subscriptionId);
      if (!subscription) return this.ignore(em, event.id);
      queued.push(...(await this.apply(em, user, [subscription])));
      return 'applied';
    });
    await this.mail.dispatch(...queued);
    return outcome;
  }

  /** Re-reads every subscription of the user's customer from Stripe and sets the plan from them. */
  async syncCustomer(userId: number): Promise<void> {
    const stripe = this.stripe;
    if (!stripe) return;
    const queued = await this.em.fork().transactional(async (em) => {
      await lockBilling(em, userId);
      const user = await this.users.findById(userId);
      if (!user?.stripeId) return [];
      const list = await stripe.subscriptions.list({
        customer: user.stripeId,
        status: 'all',
        limit: 100,
        expand: ['data.latest_invoice'],
      });
      if (list.has_more)
        this.logger.warn(`Customer ${user.stripeId} has over 100 subscriptions; the newest 100 count.`);
      return this.apply(em, user, list.data);
    });
    await this.mail.dispatch(...queued);
  }

  /** The scheduler's half of the reconciliation: a job per page of users with a Stripe customer. */
  async queueReconciliation(): Promise<number> {
    if (!this.stripe) return 0;
    const run = randomUUID();
    let after = 0;
    let queued = 0;
    for (let page = 1; ; page++) {
      const userIds = await this.users.customerIds(after, RECONCILE_PAGE);
      if (userIds.length === 0) break;
      after = userIds[userIds.length - 1] ?? after;
      await this.jobs.dispatch(
        'billing',
        'billing.sync-customers',
        { userIds },
        { jobId: `billing-sync-${run}-${page}` },
      );
      queued += userIds.length;
    }
    return queued;
  }

  /**
   * The expiry task: premium users whose paid time has passed and whose subscriptions neither
   * renew nor have time left become free, with the lapsed-premium prompt (`free_trial`).
   */
  async expireLapsedPremium(): Promise<number> {
    const now = this.clock.now();
    let after = 0;
    let downgraded = 0;
    for (;;) {
      const userIds = await this.users.premiumExpiredIds(now, after, EXPIRY_PAGE);
      if (userIds.length === 0) break;
      after = userIds[userIds.length - 1] ?? after;
      for (const userId of userIds) if (await this.expire(userId, now)) downgraded += 1;
    }
    return downgraded;
  }

  private async expire(userId: number, now: Date): Promise<boolean> {
    const queued: QueuedMail[] = [];
    const done = await this.em.fork().transactional(async (em) => {
      await lockBilling(em, userId);
      const user = await this.users.findById(userId);
      const expiry = user?.premiumExpiryDate;
      if (!user || user.plan !== 'premium' || !expiry || expiry.getTime() > now.getTime()) return false;
      const rows = await em.find(BillingSubscription, { user: userId });
      // Premium given without a subscription (by an operator) ends on its date too.
      const decision = decidePlan(rows.map(factsOfRow), now) ?? { premium: false, expiry, paymentIssue: false };
      if (decision.premium) return false;
      queued.push(...(await this.settle(user, decision)));
      return true;
    });
    await this.mail.dispatch(...queued);
    return done;
  }

  private async ownerOf(target: EventTarget): Promise<User | null> {
    const owner = await this.users.findByStripeId(target.customerId);
    if (owner) return owner;
    if (target.userIdHint === null) return null;
    const named = await this.users.findById(target.userIdHint);
    return named && named.stripeId === null ? named : null;
  }

  private async ignore(em: EntityManager, eventId: string): Promise<EventOutcome> {
    await em.execute(`update stripe_events set outcome = 'ignored' where id = ?`, [eventId]);
    return 'ignored';
  }

  /** Stripe's current state of a subscription; null when Stripe no longer has it. */
  private async retrieve(id: string): Promise<Stripe.Subscription | null> {
    if (!this.stripe) throw new Error('Billing is not configured.');
    try {
      return await this.stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw error;
    }
  }

  /** Mirrors the subscriptions, then sets the user's plan from all of theirs. Call under the lock. */
  private async apply(em: EntityManager, user: User, subscriptions: Stripe.Subscription[]): Promise<QueuedMail[]> {
    const now = this.clock.now();
    for (const subscription of subscriptions) {
      const facts = factsOf(subscription);
      await em.upsert(BillingSubscription, {
        id: facts.id,
        user: user.id,
        customerId: facts.customerId,
        status: facts.status,
        priceId: facts.priceId,
        cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
        currentPeriodEnd: facts.currentPeriodEnd,
        accessUntil: facts.accessUntil,
        paymentFailed: facts.paymentFailed,
        syncedAt: now,
      });
    }
    const rows = await em.find(BillingSubscription, { user: user.id }, { refresh: true });
    return this.settle(user, decidePlan(rows.map(factsOfRow), now));
  }

  /** Sets the user from a decision and records the mail each change deserves (once: on the change). */
  private async settle(user: User, decision: PlanDecision | null): Promise<QueuedMail[]> {
    if (!decision) return [];
    const queued: QueuedMail[] = [];
    const cardLimit = this.config.freePlanCardLimit;
    const account = `${this.config.appUrl}/account`;
    let next: BillingFields;
    if (decision.premium) {
      next = {
        plan: 'premium',
        freeTrial: false,
        premiumExpiryDate: decision.expiry,
        paymentIssue: decision.paymentIssue,
      };
      if (user.plan !== 'premium') {
        queued.push(
          await this.mail.record(
            'premium-started',
            user.email,
            premiumStartedMail(user, decision.expiry, account),
            user.id,
          ),
        );
      }
      if (decision.paymentIssue && !user.paymentIssue) {
        queued.push(
          await this.mail.record(
            'payment-failed',
            user.email,
            paymentFailedMail(user, decision.expiry, account, cardLimit),
            user.id,
          ),
        );
      }
    } else if (user.plan === 'premium') {
      // Premium ended: free, and the board asks to keep the newest cards or upgrade (the spec's flow).
      next = { plan: 'free', freeTrial: true, premiumExpiryDate: decision.expiry, paymentIssue: false };
      queued.push(
        await this.mail.record(
          'premium-ended',
          user.email,
          premiumEndedMail(user, `${this.config.appUrl}/kanban`, cardLimit),
          user.id,
        ),
      );
    } else {
      next = { plan: user.plan, freeTrial: user.freeTrial, premiumExpiryDate: decision.expiry, paymentIssue: false };
    }
    await this.users.setBilling(user, next);
    return queued;
  }
}
