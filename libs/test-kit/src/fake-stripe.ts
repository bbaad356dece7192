// A local stand-in for Stripe's API, for the API's integration tests and the browser journeys: an
// HTTP server that speaks Stripe's wire format (form-encoded requests with bracketed keys, JSON
// answers, Stripe's error shape) for the calls Tend makes, keeps its objects in memory, and emits
// the events Stripe would, signed with the SDK's own `generateTestHeaderString`. It also serves a
// checkout page a browser can complete (a "Pay" button) and a bare billing portal page.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;
type Params = Record<string, unknown>;

export interface FakePrice {
  id: string;
  /** Cents. */
  unitAmount: number;
  interval: 'month' | 'year';
}

export interface FakeStripeOptions {
  /** The secret key the app is configured with; other keys answer 401 as Stripe does. */
  secretKey: string;
  /** Signs the events it emits. */
  webhookSecret: string;
  prices: FakePrice[];
  /**
   * Where to POST every event as it is emitted (in order, retried like Stripe on a failure). Left
   * unset, events are only recorded in `events` and a test delivers them itself, in any order.
   */
  webhookUrl?: string;
}

export interface FakeEvent {
  id: string;
  type: string;
  /** The event's JSON as Stripe would POST it. */
  payload: string;
}

export interface SignedDelivery {
  payload: string;
  signature: string;
}

export interface SubscriptionSetup {
  priceId?: string;
  status?: string;
  /** Unix seconds; the period starts one interval before. */
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  /** A coupon's percent off (a discount on the subscription). */
  percentOff?: number;
  metadata?: Record<string, string>;
}

class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`;
}

/** `a[b][0][c]=x` -> { a: { b: [{ c: 'x' }] } }, as Stripe (and the SDK's encoder) nest parameters. */
export function parseStripeParams(search: URLSearchParams): Params {
  const root: Params = {};
  for (const [rawKey, value] of search) {
    const [head = '', ...rest] = rawKey.split('[').map((part, index) => (index === 0 ? part : part.replace(/]$/, '')));
    const path = [head, ...rest];
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[index + 1] ?? '');
      const container = node as Record<string, unknown>;
      if (last) {
        container[segment] = value;
        return;
      }
      container[segment] ??= nextIsIndex ? [] : {};
      node = container[segment] as Record<string, unknown>;
    });
  }
  return root;
}

function addInterval(seconds: number, interval: 'month' | 'year', count = 1): number {
  const date = new Date(seconds * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}

/** A parameter that should be a string; '' when it is missing or nested. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export class FakeStripe {
  /** Every object by id: customers, prices, checkout sessions, subscriptions, invoices, discounts, coupons, portal sessions. */
  readonly objects = new Map<string, Json>();
  /** Every event emitted, in order. */
  readonly events: FakeEvent[] = [];
  /** Every API request: method and path (e.g. `POST /v1/customers`). */
  readonly requests: string[] = [];
  /** Seconds added to the real time for the periods it creates (tests move time). */
  offsetSeconds = 0;
  /** Answer the next API calls matching a method and path prefix with this status (a Stripe outage). */
  private readonly failures: { method: string; path: string; status: number; remaining: number }[] = [];
  private readonly delivering: Promise<void>[] = [];
  private deliveryChain: Promise<void> = Promise.resolve();
  private server!: Server;
  url = '';

  private constructor(private readonly options: FakeStripeOptions) {}

  static async start(options: FakeStripeOptions): Promise<FakeStripe> {
    const fake = new FakeStripe(options);
    for (const price of options.prices) {
      fake.objects.set(price.id, {
        id: price.id,
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: price.unitAmount,
        recurring: { interval: price.interval, interval_count: 1 },
        type: 'recurring',
      });
    }
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  async close(): Promise<void> {
    await this.settled();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  set webhookUrl(url: string | undefined) {
    this.options.webhookUrl = url;
  }

  now(): number {
    return Math.floor(Date.now() / 1000) + this.offsetSeconds;
  }

  /** Makes the next `count` calls of `method` to a path starting with `path` fail with `status`. */
  failNext(method: string, path: string, status = 500, count = 1): void {
    this.failures.push({ method, path, status, remaining: count });
  }

  /** Waits until every automatic delivery has been answered. */
  async settled(): Promise<void> {
    await Promise.all(this.delivering);
  }

  get<T = Json>(id: string): T {
    const found = this.objects.get(id);
    if (!found) throw new Error(`The fake Stripe has no ${id}.`);
    return found as T;
  }

  subscriptionsOf(customerId: string): Json[] {
    return [...this.objects.values()].filter((o) => o['object'] === 'subscription' && o['customer'] === customerId);
  }

  // ---- State changes a test (or the checkout page) makes, emitting the events Stripe would ----

  /** A customer made outside Tend (another product on the same Stripe account). */
  createCustomer(email: string): Json {
    return this.api('POST', '/v1/customers', { email }) as Json;
  }

  /** A customer and subscription made directly (as if bought long ago); emits `customer.subscription.created`. */
  createSubscription(customerId: string, setup: SubscriptionSetup = {}): Json {
    const price = this.get(setup.priceId ?? this.options.prices[0]?.id ?? '');
    const interval = (price['recurring'] as { interval: 'month' | 'year' }).interval;
    const end = setup.periodEnd ?? addInterval(this.now(), interval);
    const start = addInterval(end, interval, -1);
    const id = newId('sub');
    const invoice = this.newInvoice(customerId, id, setup.status === 'past_due' ? 'open' : 'paid');
    const discounts: string[] = [];
    if (setup.percentOff !== undefined) {
      const coupon = { id: newId('co'), object: 'coupon', percent_off: setup.percentOff, valid: true };
      const discount = {
        id: newId('di'),
        object: 'discount',
        source: { type: 'coupon', coupon: coupon.id },
        subscription: id,
      };
      this.objects.set(coupon.id, coupon);
      this.objects.set(discount.id, discount);
      discounts.push(discount.id);
    }
    const subscription: Json = {
      id,
      object: 'subscription',
      customer: customerId,
      status: setup.status ?? 'active',
      cancel_at_period_end: setup.cancelAtPeriodEnd ?? false,
      cancel_at: setup.cancelAtPeriodEnd ? end : null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      currency: 'usd',
      collection_method: 'charge_automatically',
      metadata: setup.metadata ?? {},
      latest_invoice: invoice['id'],
      discounts,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            subscription: id,
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
            price: clone(price),
            discounts: [],
            metadata: {},
          },
        ],
      },
    };
    this.objects.set(id, subscription);
    this.emit('customer.subscription.created', subscription);
    return subscription;
  }

  /** Changes a subscription as Stripe would (status, cancel flags, period) and emits `customer.subscription.updated`. */
  updateSubscription(id: string, patch: { status?: string; cancelAtPeriodEnd?: boolean; periodEnd?: number }): Json {
    const subscription = this.get(id);
    if (patch.status !== undefined) subscription['status'] = patch.status;
    if (patch.cancelAtPeriodEnd !== undefined) {
      subscription['cancel_at_period_end'] = patch.cancelAtPeriodEnd;
      subscription['cancel_at'] = patch.cancelAtPeriodEnd ? this.periodEnd(subscription) : null;
      subscription['canceled_at'] = patch.cancelAtPeriodEnd ? this.now() : null;
    }
    if (patch.periodEnd !== undefined) {
      const item = this.item(subscription);
      const interval = (item['price'] as { recurring: { interval: 'month' | 'year' } }).recurring.interval;
      item['current_period_end'] = patch.periodEnd;
      item['current_period_start'] = addInterval(patch.periodEnd, interval, -1);
    }
    this.emit('customer.subscription.updated', subscription);
    return subscription;
  }

  /** Ends a subscription now (Stripe's cancel, or the end of a period set to cancel); emits `customer.subscription.deleted`. */
  deleteSubscription(id: string): Json {
    const subscription = this.get(id);
    subscription['status'] = 'canceled';
    subscription['ended_at'] = this.now();
    subscription['canceled_at'] ??= this.now();
    this.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  /** A renewal charge that failed: the subscription goes past due; emits `invoice.payment_failed` and an update. */
  failRenewal(id: string): Json {
    const subscription = this.renew(id, 'open');
    subscription['status'] = 'past_due';
    this.emit('invoice.payment_failed', this.get(String(subscription['latest_invoice'])));
    this.emit('customer.subscription.updated', subscription);
    return subscription;
  }

  /** A renewal (or a retried charge) that was paid: the subscription is active; emits `invoice.paid` and an update. */
  payRenewal(id: string): Json {
    const subscription = this.get(id);
    const invoice = this.get(String(subscription['latest_invoice']));
    if (invoice['status'] === 'open') {
      invoice['status'] = 'paid';
      invoice['attempt_count'] = Number(invoice['attempt_count']) + 1;
    } else {
      this.renew(id, 'paid');
    }
    subscription['status'] = 'active';
    this.emit('invoice.paid', this.get(String(subscription['latest_invoice'])));
    this.emit('customer.subscription.updated', subscription);
    return subscription;
  }

  /** What the checkout page's "Pay" button does: a paid subscription and the events of a completed checkout. */
  completeCheckout(sessionId: string, setup: Pick<SubscriptionSetup, 'percentOff'> = {}): Json {
    const session = this.get(sessionId);
    if (session['status'] !== 'open') throw new FakeStripeError(400, 'This checkout session is not open.');
    const lineItems = session['line_items'] as { price: string }[];
    const subscriptionData = (session['subscription_data'] ?? {}) as { metadata?: Record<string, string> };
    const subscription = this.createSubscription(String(session['customer']), {
      priceId: lineItems[0]?.price ?? '',
      metadata: subscriptionData.metadata ?? {},
      ...setup,
    });
    this.emit('invoice.paid', this.get(String(subscription['latest_invoice'])));
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription['id'] });
    this.emit('checkout.session.completed', session);
    return subscription;
  }

  // ---- Events ----

  /** Records an event with a snapshot of `object` (as Stripe's events carry the object as it was). */
  emit(type: string, object: Json): FakeEvent {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: this.now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: clone(object) },
    };
    const recorded = { id: event.id, type, payload: JSON.stringify(event) };
    this.events.push(recorded);
    if (this.options.webhookUrl) {
      const url = this.options.webhookUrl;
      const delivery = (this.deliveryChain = this.deliveryChain.then(() => this.deliverWithRetries(recorded, url)));
      this.delivering.push(delivery);
    }
    return recorded;
  }

  /** The event's payload and a `Stripe-Signature` header made with the SDK's own test helper. */
  sign(event: FakeEvent, options: { timestamp?: number; secret?: string } = {}): SignedDelivery {
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: options.secret ?? this.options.webhookSecret,
      timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    });
    return { payload: event.payload, signature };
  }

  /** POSTs one signed event to `url` as Stripe does; answers the status. */
  async deliver(event: FakeEvent, url = this.options.webhookUrl ?? ''): Promise<number> {
    const { payload, signature } = this.sign(event);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  }

  private async deliverWithRetries(event: FakeEvent, url: string): Promise<void> {
    for (let attempt = 1; attempt <= 5; attempt++) {
      try {
        if ((await this.deliver(event, url)) < 300) return;
      } catch {
        // The app is not answering yet: Stripe retries.
      }
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    }
  }

  // ---- The HTTP server ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', this.url);
      const body = await new Promise<string>((resolve) => {
        let text = '';
        req.on('data', (chunk: Buffer) => (text += chunk.toString()));
        req.on('end', () => resolve(text));
      });
      if (url.pathname.startsWith('/v1/')) {
        this.requests.push(`${req.method} ${url.pathname}`);
        const failure = this.failures.find(
          (f) => f.remaining > 0 && f.method === req.method && url.pathname.startsWith(f.path),
        );
        if (failure) {
          failure.remaining -= 1;
          throw new FakeStripeError(failure.status, 'The fake Stripe was told to fail this call.');
        }
        if (req.headers.authorization !== `Bearer ${this.options.secretKey}`) {
          throw new FakeStripeError(401, 'Invalid API Key provided.');
        }
        const params = parseStripeParams(
          new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? url.search : body),
        );
        const answer = this.api(req.method ?? 'GET', url.pathname, params);
        this.sendJson(res, 200, answer);
        return;
      }
      await this.pages(req.method ?? 'GET', url.pathname, res);
    } catch (error) {
      const status = error instanceof FakeStripeError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      this.sendJson(res, status, {
        error: {
          type: status >= 500 ? 'api_error' : 'invalid_request_error',
          message,
          ...(error instanceof FakeStripeError && error.code ? { code: error.code } : {}),
        },
      });
    }
  }

  private sendJson(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
    res.end(JSON.stringify(body));
  }

  private find(id: string, object: string): Json {
    const found = this.objects.get(id);
    if (!found || found['object'] !== object) {
      throw new FakeStripeError(404, `No such ${object}: '${id}'`, 'resource_missing');
    }
    return found;
  }

  private api(method: string, path: string, params: Params): unknown {
    const [, , resource = '', id, ...rest] = path.split('/');
    const key = `${method} ${resource}${id === undefined ? '' : '/:id'}${rest.length ? `/${rest.join('/')}` : ''}`;
    const expand = Array.isArray(params['expand']) ? (params['expand'] as string[]) : [];
    switch (key) {
      case 'POST customers': {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: (params['email'] as string | undefined) ?? null,
          name: (params['name'] as string | undefined) ?? null,
          metadata: params['metadata'] ?? {},
          created: this.now(),
        };
        this.objects.set(customer.id, customer);
        return customer;
      }
      case 'GET customers/:id':
        return this.expanded(this.find(id ?? '', 'customer'), expand);
      case 'GET prices/:id':
        return this.expanded(this.find(id ?? '', 'price'), expand);
      case 'POST checkout/:id': // POST /v1/checkout/sessions
        return this.createCheckoutSession(id ?? '', params);
      case 'GET subscriptions/:id':
        return this.expanded(this.find(id ?? '', 'subscription'), expand);
      case 'GET subscriptions': {
        const status = (params['status'] as string | undefined) ?? 'active';
        const data = this.subscriptionsOf(text(params['customer'])).filter((s) =>
          status === 'all'
            ? true
            : status === 'active'
              ? ['active', 'past_due', 'trialing', 'unpaid'].includes(String(s['status']))
              : s['status'] === status,
        );
        const list = { object: 'list', url: '/v1/subscriptions', has_more: false, data };
        return this.expanded(list, expand);
      }
      case 'POST subscriptions/:id': {
        const subscription = this.find(id ?? '', 'subscription');
        if (subscription['status'] === 'canceled') {
          throw new FakeStripeError(
            400,
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        }
        if (params['cancel_at_period_end'] !== undefined) {
          this.updateSubscription(id ?? '', { cancelAtPeriodEnd: params['cancel_at_period_end'] === 'true' });
        }
        return this.expanded(subscription, expand);
      }
      case 'DELETE subscriptions/:id': {
        const subscription = this.find(id ?? '', 'subscription');
        if (subscription['status'] === 'canceled') {
          throw new FakeStripeError(400, 'This subscription has already been canceled.', 'resource_missing');
        }
        return this.expanded(this.deleteSubscription(id ?? ''), expand);
      }
      case 'POST billing_portal/:id': {
        // POST /v1/billing_portal/sessions
        const customer = this.find(text(params['customer']), 'customer');
        const session = {
          id: newId('bps'),
          object: 'billing_portal.session',
          customer: customer['id'],
          return_url: params['return_url'] ?? null,
          url: '',
          created: this.now(),
        };
        session.url = `${this.url}/portal/${session.id}`;
        this.objects.set(session.id, session);
        return session;
      }
      default:
        throw new FakeStripeError(404, `Unrecognized request URL (${method}: ${path}).`);
    }
  }

  private createCheckoutSession(kind: string, params: Params): Json {
    if (kind !== 'sessions') throw new FakeStripeError(404, 'Unrecognized request URL.');
    if (params['mode'] !== 'subscription') throw new FakeStripeError(400, 'Only subscription mode is faked.');
    this.find(text(params['customer']), 'customer');
    const lineItems = (params['line_items'] ?? []) as { price?: string; quantity?: string }[];
    for (const item of lineItems) this.find(item.price ?? '', 'price');
    if (lineItems.length !== 1) throw new FakeStripeError(400, 'Exactly one line item is faked.');
    const session: Json = {
      id: newId('cs_test'),
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: params['customer'],
      client_reference_id: params['client_reference_id'] ?? null,
      metadata: params['metadata'] ?? {},
      subscription_data: params['subscription_data'] ?? {},
      line_items: lineItems.map((item) => ({ price: item.price, quantity: Number(item.quantity ?? 1) })),
      success_url: params['success_url'],
      cancel_url: params['cancel_url'],
      allow_promotion_codes: params['allow_promotion_codes'] === 'true',
      subscription: null,
      created: this.now(),
    };
    session['url'] = `${this.url}/checkout/${String(session['id'])}`;
    this.objects.set(String(session['id']), session);
    return session;
  }

  /** Replaces ids by their objects along each `expand` path (`latest_invoice`, `data.discounts.source.coupon`). */
  private expanded(object: Json, expand: string[]): Json {
    const copy = clone(object);
    const resolve = (value: unknown): unknown =>
      typeof value === 'string' && this.objects.has(value) ? clone(this.objects.get(value)) : value;
    const walk = (node: unknown, segments: string[]): unknown => {
      if (Array.isArray(node)) return node.map((entry) => walk(entry, segments));
      if (!node || typeof node !== 'object' || segments.length === 0) return node;
      const [head = '', ...tail] = segments;
      const record = node as Json;
      const value = record[head];
      const resolved = Array.isArray(value) ? value.map(resolve) : resolve(value);
      record[head] = walk(resolved, tail);
      return record;
    };
    for (const path of expand) walk(copy, path.split('.'));
    return copy;
  }

  private async pages(method: string, path: string, res: ServerResponse): Promise<void> {
    const checkout = /^\/checkout\/([\w]+)(\/pay)?$/.exec(path);
    const portal = /^\/portal\/(\w+)$/.exec(path);
    if (checkout && method === 'GET' && !checkout[2]) {
      const session = this.find(checkout[1] ?? '', 'checkout.session');
      const price = this.get(String((session['line_items'] as { price: string }[])[0]?.price));
      const amount = (Number(price['unit_amount']) / 100).toFixed(2);
      const interval = (price['recurring'] as { interval: string }).interval;
      this.page(
        res,
        'Fake Stripe Checkout',
        session['status'] === 'open'
          ? `<p>Tend Premium: $${amount} per ${interval}</p>
             <form method="post" action="/checkout/${escapeHtml(String(session['id']))}/pay"><button type="submit">Pay</button></form>
             <p><a href="${escapeHtml(String(session['cancel_url']))}">Cancel and return to Tend</a></p>`
          : '<p>This checkout session is complete.</p>',
      );
      return;
    }
    if (checkout && method === 'POST' && checkout[2]) {
      const session = this.find(checkout[1] ?? '', 'checkout.session');
      this.completeCheckout(String(session['id']));
      // Stripe confirms the payment before it sends the customer back; the webhooks are on their way.
      await this.settled();
      res.writeHead(303, { Location: String(session['success_url']) });
      res.end();
      return;
    }
    if (portal && method === 'GET') {
      const session = this.find(portal[1] ?? '', 'billing_portal.session');
      this.page(
        res,
        'Fake Stripe billing portal',
        `<p>Payment methods and invoices would be managed here.</p>
         <p><a href="${escapeHtml(String(session['return_url']))}">Return to Tend</a></p>`,
      );
      return;
    }
    this.page(res, 'Not found', '<p>The fake Stripe has no such page.</p>', 404);
  }

  private page(res: ServerResponse, title: string, body: string, status = 200): void {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
  }

  private item(subscription: Json): Json {
    const item = (subscription['items'] as { data: Json[] }).data[0];
    if (!item) throw new Error('A subscription without an item.');
    return item;
  }

  private periodEnd(subscription: Json): number {
    return Number(this.item(subscription)['current_period_end']);
  }

  /** A new period starts with a new invoice in `status`. */
  private renew(id: string, status: 'paid' | 'open'): Json {
    const subscription = this.get(id);
    const item = this.item(subscription);
    const interval = (item['price'] as { recurring: { interval: 'month' | 'year' } }).recurring.interval;
    item['current_period_start'] = item['current_period_end'];
    item['current_period_end'] = addInterval(Number(item['current_period_end']), interval);
    subscription['latest_invoice'] = this.newInvoice(String(subscription['customer']), id, status)['id'];
    return subscription;
  }

  private newInvoice(customerId: string, subscriptionId: string, status: 'paid' | 'open'): Json {
    const invoice = {
      id: newId('in'),
      object: 'invoice',
      customer: customerId,
      status,
      attempted: true,
      attempt_count: 1,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscriptionId, metadata: {} },
      },
      created: this.now(),
    };
    this.objects.set(invoice.id, invoice);
    return invoice;
  }
}
