import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  ACCOUNT_NOT_DELETED_BILLING_MESSAGE,
  ANNUAL_PLAN_NOT_OFFERED_MESSAGE,
  BILLING_DETAILS_UNAVAILABLE_MESSAGE,
  BILLING_NOT_CONFIGURED_MESSAGE,
  CHECKOUT_FAILED_MESSAGE,
  DOWNGRADE_FAILED_MESSAGE,
  NO_BILLING_ACCOUNT_MESSAGE,
  NOTHING_TO_REACTIVATE_MESSAGE,
  PORTAL_FAILED_MESSAGE,
  REACTIVATE_FAILED_MESSAGE,
  SUBSCRIPTION_NOT_YOURS_MESSAGE,
  type BillingPlans,
  type CheckoutRequest,
  type CustomerInfo,
} from '@tend/contracts';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Clock } from '../../infra/time/clock';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { UsersService } from '../users/users.service';
import { BillingSubscription } from './billing-subscription.entity';
import { lockBilling } from './billing-lock';
import { toCustomerInfo } from './billing.mapper';
import { STRIPE } from './stripe.provider';
import { factsOf, isOngoing } from './subscription-state';
import { SubscriptionSyncService } from './subscription-sync.service';

export type CheckoutResult = { kind: 'checkout'; url: string } | { kind: 'already-subscribed' };

/** Stripe's prices change rarely; the plan screen reads them at most this often per process. */
const PLANS_CACHE_MS = 10 * 60_000;

/** Subscriptions that can still be set to end, or be kept after all (their period is running). */
const CANCELLABLE: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/**
 * The spec's billing calls for the signed-in user's own Stripe customer: checkout, cancel and
 * reactivate, the billing portal, the Account screen's details, and cancelling before an account
 * is deleted. Nothing here grants premium: only `SubscriptionSyncService` sets the plan, from what
 * Stripe says.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger(BillingService.name);
  private plansCache: { at: number; plans: BillingPlans } | undefined;

  constructor(
    private readonly em: EntityManager,
    @Inject(STRIPE) private readonly stripe: Stripe | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly sync: SubscriptionSyncService,
    private readonly clock: Clock,
  ) {}

  /** The client, or 503 with the spec's "not configured" explanation while billing is off. */
  private client(): Stripe {
    if (!this.stripe) throw new ServiceUnavailableException({ errors: [BILLING_NOT_CONFIGURED_MESSAGE] });
    return this.stripe;
  }

  /**
   * A call that needs Stripe: when Stripe fails or cannot be reached, 503 with the action's own
   * sentence (the spec's texts where it has one), never a bare 500.
   */
  private async withStripe<T>(failure: string, call: (stripe: Stripe) => Promise<T>): Promise<T> {
    const stripe = this.client();
    try {
      return await call(stripe);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      this.logger.warn(`Stripe failed (${error.type}${error.code ? `, ${error.code}` : ''}): ${error.message}`);
      throw new ServiceUnavailableException({ errors: [failure] });
    }
  }

  /** The spec's clients send the user id along: it may only ever be the caller's. */
  private assertOwn(user: SignedInUser, userId: number | undefined): void {
    if (userId !== undefined && userId !== user.id) {
      throw new ForbiddenException({ errors: [SUBSCRIPTION_NOT_YOURS_MESSAGE] });
    }
  }

  async createCheckout(user: SignedInUser, request: CheckoutRequest): Promise<CheckoutResult> {
    this.client();
    this.assertOwn(user, request.userId);
    const prices = this.config.stripe;
    const price = request.plan === 'premium_annual' ? prices?.priceAnnual : prices?.priceMonthly;
    if (!price) throw new BadRequestException({ errors: [ANNUAL_PLAN_NOT_OFFERED_MESSAGE] });
    return this.withStripe(CHECKOUT_FAILED_MESSAGE, (stripe) => this.checkout(stripe, user, price, request.referral));
  }

  private async checkout(
    stripe: Stripe,
    user: SignedInUser,
    price: string,
    referralField: string | null | undefined,
  ): Promise<CheckoutResult> {
    const customer = await this.ensureCustomer(stripe, user.id);
    const existing = await this.subscriptionsOf(stripe, customer);
    if (existing.some((subscription) => isOngoing(subscription))) return { kind: 'already-subscribed' };

    // The spec's client sends the literal 'NULL' when there is no referral.
    const referral = referralField && referralField !== 'NULL' ? referralField : undefined;
    const metadata = { user_id: String(user.id), ...(referral ? { referral } : {}) };
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: String(user.id),
      line_items: [{ price, quantity: 1 }],
      subscription_data: { metadata },
      metadata,
      allow_promotion_codes: true,
      success_url: `${this.config.appUrl}/plan-updated/success`,
      cancel_url: `${this.config.appUrl}/plan-updated/canceled`,
    });
    if (!session.url) throw new ServiceUnavailableException({ errors: [CHECKOUT_FAILED_MESSAGE] });
    return { kind: 'checkout', url: session.url };
  }

  /** The annual price, when `STRIPE_PRICE_ANNUAL` offers one: its amount is Stripe's, never a constant here. */
  async plans(): Promise<BillingPlans> {
    const annualId = this.config.stripe?.priceAnnual;
    if (!this.stripe || !annualId) return { annual: null };
    const now = this.clock.nowMs();
    if (this.plansCache && now - this.plansCache.at < PLANS_CACHE_MS) return this.plansCache.plans;
    const price = await this.withStripe(BILLING_DETAILS_UNAVAILABLE_MESSAGE, (stripe) =>
      stripe.prices.retrieve(annualId),
    );
    const plans: BillingPlans = {
      annual: price.unit_amount === null ? null : { amount: price.unit_amount, currency: price.currency },
    };
    this.plansCache = { at: now, plans };
    return plans;
  }

  /** Sets every running subscription to end with its period: 'cancelled', or 'none' to cancel (201). */
  async cancel(user: SignedInUser, userId: number | undefined): Promise<'cancelled' | 'none'> {
    this.assertOwn(user, userId);
    this.client();
    const customer = user.stripeId;
    if (!customer) return 'none';
    return this.withStripe(DOWNGRADE_FAILED_MESSAGE, async (stripe) => {
      const running = (await this.subscriptionsOf(stripe, customer)).filter((s) => CANCELLABLE.has(s.status));
      if (running.length === 0) return 'none';
      for (const subscription of running) {
        if (!subscription.cancel_at_period_end) {
          await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
        }
      }
      await this.sync.syncCustomer(user.id);
      return 'cancelled';
    });
  }

  /** Undoes a cancellation before the period ends (409 when nothing is set to end). */
  async reactivate(user: SignedInUser, userId: number | undefined): Promise<void> {
    this.assertOwn(user, userId);
    this.client();
    const customer = user.stripeId;
    if (!customer) throw new ConflictException({ errors: [NOTHING_TO_REACTIVATE_MESSAGE] });
    await this.withStripe(REACTIVATE_FAILED_MESSAGE, async (stripe) => {
      const ending = (await this.subscriptionsOf(stripe, customer)).filter(
        (s) => CANCELLABLE.has(s.status) && (s.cancel_at_period_end || s.cancel_at !== null),
      );
      if (ending.length === 0) throw new ConflictException({ errors: [NOTHING_TO_REACTIVATE_MESSAGE] });
      for (const subscription of ending) {
        await stripe.subscriptions.update(
          subscription.id,
          subscription.cancel_at_period_end ? { cancel_at_period_end: false } : { cancel_at: '' },
        );
      }
      await this.sync.syncCustomer(user.id);
    });
  }

  /** A Stripe billing portal session for the caller's own customer (404 before any checkout). */
  async portal(user: SignedInUser): Promise<string> {
    this.client();
    const customer = user.stripeId;
    if (!customer) throw new NotFoundException({ errors: [NO_BILLING_ACCOUNT_MESSAGE] });
    const session = await this.withStripe(PORTAL_FAILED_MESSAGE, (stripe) =>
      stripe.billingPortal.sessions.create({ customer, return_url: `${this.config.appUrl}/account` }),
    );
    return session.url;
  }

  /** The Account screen's billing details: the customer's email and the subscription that counts. */
  async customerInfo(user: SignedInUser): Promise<CustomerInfo> {
    this.client();
    const customerId = user.stripeId;
    if (!customerId) return { cus: {}, sub: {} };
    return this.withStripe(BILLING_DETAILS_UNAVAILABLE_MESSAGE, async (stripe) => {
      const [customer, subscriptions] = await Promise.all([
        stripe.customers.retrieve(customerId),
        this.subscriptionsOf(stripe, customerId),
      ]);
      const now = this.clock.nowMs();
      // A running one first (the newest), else a cancelled one whose paid time is not over.
      const shown =
        subscriptions.filter(isOngoing).sort((a, b) => b.created - a.created)[0] ??
        subscriptions.find((s) => (factsOf(s).accessUntil?.getTime() ?? 0) > now);
      const detailed = shown
        ? await stripe.subscriptions.retrieve(shown.id, { expand: ['latest_invoice', 'discounts.source.coupon'] })
        : undefined;
      return toCustomerInfo(customer, detailed);
    });
  }

  /**
   * Before an account is deleted (spec: cancel first): ends every subscription at Stripe now.
   * When that fails, the account stays (502), so nobody keeps paying for an account that is gone.
   */
  async cancelAllForDeletion(user: { id: number; stripeId: string | null }): Promise<void> {
    if (!this.stripe) {
      const mirrored = await this.em.find(BillingSubscription, { user: user.id });
      if (mirrored.some((row) => isOngoing({ status: row.status }))) {
        throw new ServiceUnavailableException({ errors: [ACCOUNT_NOT_DELETED_BILLING_MESSAGE] });
      }
      return;
    }
    const customer = user.stripeId;
    if (!customer) return;
    await this.withStripe(ACCOUNT_NOT_DELETED_BILLING_MESSAGE, async (stripe) => {
      for (const subscription of await this.subscriptionsOf(stripe, customer)) {
        if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
          await stripe.subscriptions.cancel(subscription.id);
        }
      }
    });
  }

  /** The user's Stripe customer, made at the first checkout (once, even for two checkouts at a time). */
  private async ensureCustomer(stripe: Stripe, userId: number): Promise<string> {
    return this.em.fork().transactional(async (em) => {
      await lockBilling(em, userId);
      const user = await this.users.findById(userId);
      if (!user) throw new NotFoundException({ errors: ['User not found.'] });
      if (user.stripeId) return user.stripeId;
      const customer = await stripe.customers.create({
        email: user.email,
        name: user.name,
        metadata: { user_id: String(user.id) },
      });
      await this.users.setStripeId(user, customer.id);
      return customer.id;
    });
  }

  private async subscriptionsOf(stripe: Stripe, customer: string): Promise<Stripe.Subscription[]> {
    const list = await stripe.subscriptions.list({ customer, status: 'all', limit: 100 });
    return list.data;
  }
}
