import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import request from 'supertest';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient } from './helpers/api-client';
import { describeRoutes } from '../src/app/route-table';
import { concretePath, listRoutes } from './helpers/routes';
import { redisAvailable, UNTHROTTLED_SIGNUPS, useTestApp, type TestApp } from './helpers/test-app';

/** The explicit public list: anything else must refuse an anonymous caller. */
const PUBLIC_ROUTES = new Set([
  'GET /api/session',
  'POST /api/session',
  'DELETE /api/session',
  'POST /api/users',
  'POST /api/send-email-verification',
  'POST /api/verify-email',
  'POST /api/forgot-password',
  'POST /api/reset-password/check',
  'POST /api/reset-password',
  'GET /api/health',
  'GET /api/ready',
  'GET /api/config',
  // The built extension, for the in-app install page (nothing in it is secret).
  'GET /extension.zip',
  // Proven by the signed token in the link (RFC 8058 one-click, from a mail client without a cookie).
  'POST /api/reminders/unsubscribe',
  // The pages a digest's Done and Snooze links open: the signed token in the link is the credential;
  // GET only says what the link would do, the POST keeps the session's CSRF token.
  'GET /api/email-actions',
  'POST /api/email-actions',
  // A calendar app polling the private feed: the secret address is the credential.
  'GET /calendar/:file',
  // Stripe proves itself by signing the body (api/test/billing.test.ts checks the signature).
  'POST /api/stripe/webhook',
]);
/**
 * State-changing routes that prove their caller another way than the CSRF token (a signed token, or
 * Stripe's signature), in the route table's order.
 */
const CSRF_EXEMPT_ROUTES = new Set(['POST /api/reminders/unsubscribe', 'POST /api/stripe/webhook']);

/** Signed-in but unverified users may call these (the confirmation screen and their own account). */
const UNVERIFIED_ROUTES = new Set([
  'GET /api/users',
  'PATCH /api/users/:id',
  'DELETE /api/users/:id',
  'POST /api/validate-user',
]);
/** Public too, but mounted only when SMTP_URL is unset (these tests use a real SMTP server). */
const DEV_ONLY_PUBLIC_ROUTES = new Set(['GET /dev/mailbox', 'GET /dev/mailbox/:file']);

/** Every table of the app (read from the catalogue, so a new table is covered the day it lands). */
async function snapshot(app: TestApp): Promise<string> {
  const tables = await app.db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'mikro_orm_migrations'
      order by 1`,
  );
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'http_sessions', 'rate_limits']));
  const parts = await Promise.all(tables.map((t) => app.db.query(`select * from ${t.name} order by 1`)));
  return JSON.stringify(parts);
}

/** Waits until the worker has recorded every mail as sent (it updates the row after SMTP answers). */
async function mailSettled(app: TestApp): Promise<void> {
  await expect
    .poll(
      async () =>
        (await app.db.query<{ n: number }>('select count(*)::int as n from mail_messages where sent_at is null'))[0]?.n,
    )
    .toBe(0);
}

describe('security', () => {
  const app = useTestApp({
    ...UNTHROTTLED_SIGNUPS,
    THROTTLE_LOGIN_PER_EMAIL: '1000',
    THROTTLE_LOGIN_PER_IP: '1000',
  });

  it('walks every route: anything not on the public list refuses a signed-out caller with 401', async () => {
    const routes = listRoutes(app.running.app);
    expect(routes.length).toBeGreaterThan(15);
    const anonymous = await ApiClient.create(app.url);
    const listed = routes.map((r) => `${r.method} ${r.path}`);
    for (const entry of PUBLIC_ROUTES)
      expect(listed, `public list names a route that does not exist: ${entry}`).toContain(entry);
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (PUBLIC_ROUTES.has(key)) continue;
      expect(DEV_ONLY_PUBLIC_ROUTES.has(key), `${key} is mounted although SMTP is configured`).toBe(false);
      const path = concretePath(route.path);
      const res =
        route.method === 'GET'
          ? await anonymous.get(path)
          : route.method === 'POST'
            ? await anonymous.post(path, {})
            : route.method === 'PATCH'
              ? await anonymous.patch(path, {})
              : await anonymous.delete(path);
      expect(res.status, `${key} answered ${res.status} to a signed-out caller`).toBe(401);
      expect(res.body.errors).toEqual(['Please log in to continue.']);
    }
  });

  it("lets Stripe's webhook through without a CSRF token, by the mark on its route", async () => {
    const webhook = describeRoutes(app.running.app).find((route) => route.path === '/api/stripe/webhook');
    expect(webhook).toMatchObject({ method: 'POST', access: 'public', csrfExempt: true });
    // Without a token it reaches its handler (here billing is off: 503), not the CSRF guard's 403.
    const res = await (await ApiClient.create(app.url)).post('/api/stripe/webhook', {}, { csrf: false });
    expect(res.status).toBe(503);
  });

  it('walks every state-changing route: without the session CSRF token it is 403 and nothing changes', async () => {
    const { client, userId } = await app.verifiedClient('csrf@example.com');
    // The exemptions are decided on the routes themselves (`@CsrfExempt()`), and these are all of them.
    const exempt = describeRoutes(app.running.app)
      .filter((r) => r.csrfExempt)
      .map((r) => `${r.method} ${r.path}`);
    expect(exempt).toEqual([...CSRF_EXEMPT_ROUTES]);
    const routes = listRoutes(app.running.app).filter(
      (r) => r.method !== 'GET' && !CSRF_EXEMPT_ROUTES.has(`${r.method} ${r.path}`),
    );
    expect(routes.length).toBeGreaterThan(8);
    await mailSettled(app);
    const before = await snapshot(app);
    for (const route of routes) {
      const path = concretePath(route.path, userId);
      const body = { email: 'csrf@example.com', password: 'Passw0rd!', name: 'x', plan: 'free' };
      for (const token of [undefined, 'forged-token']) {
        const req =
          route.method === 'POST'
            ? client.raw.post(path)
            : route.method === 'PATCH'
              ? client.raw.patch(path)
              : route.method === 'PUT'
                ? client.raw.put(path)
                : client.raw.delete(path);
        if (token) req.set('X-CSRF-Token', token);
        const res = await req.send(body);
        expect(res.status, `${route.method} ${route.path} without a valid CSRF token`).toBe(403);
        expect(res.body.errors[0]).toMatch(/CSRF/);
      }
    }
    expect(await snapshot(app)).toBe(before);
    // A token from another session does not work either.
    const other = await ApiClient.create(app.url);
    const res = await client.raw
      .patch(`/api/users/${userId}`)
      .set('X-CSRF-Token', other.csrfToken)
      .send({ name: 'Changed' });
    expect(res.status).toBe(403);
  });

  it('changes nothing on GET', async () => {
    const { client, userId } = await app.verifiedClient('gets@example.com');
    await mailSettled(app);
    const before = await snapshot(app);
    for (const route of listRoutes(app.running.app).filter((r) => r.method === 'GET')) {
      await client.get(concretePath(route.path, userId));
    }
    expect(await snapshot(app)).toBe(before);
  });

  it('kills the old session id at login and the signed-in id at logout', async () => {
    const { client } = await app.verifiedClient('fixation@example.com');
    await client.delete('/api/session');
    const cookieOf = (res: { headers: Record<string, unknown> }) =>
      String((res.headers['set-cookie'] as string[] | undefined)?.[0] ?? '').split(';')[0] ?? '';
    const anonymous = cookieOf(await client.raw.get('/api/session'));
    const loggedIn = await client.logIn('fixation@example.com');
    const signedInCookie = cookieOf(loggedIn);
    expect(signedInCookie).not.toBe(anonymous);
    const withCookie = (cookie: string) => request(app.url).get('/api/tiers').set('Cookie', cookie);
    // A planted (pre-login) id does not carry the login.
    expect((await withCookie(anonymous)).status).toBe(401);
    expect((await withCookie(signedInCookie)).status).toBe(200);
    await client.delete('/api/session');
    expect((await withCookie(signedInCookie)).status).toBe(401);
  });

  it('sends security headers everywhere and no-store on the API', async () => {
    const res = await (await ApiClient.create(app.url)).get('/api/session');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows credentialed CORS only for the app origin', async () => {
    const client = await ApiClient.create(app.url);
    const evil = await client.raw.get('/api/session').set('Origin', 'https://evil.example');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const own = await client.raw.get('/api/session').set('Origin', 'http://tend.test');
    expect(own.headers['access-control-allow-origin']).toBe('http://tend.test');
    expect(own.headers['access-control-allow-credentials']).toBe('true');
  });

  it('stores passwords as argon2id with at least 19 MiB and 2 iterations', async () => {
    const client = await ApiClient.create(app.url);
    const user = await client.signUp('hash@example.com', 'Passw0rd!');
    const [row] = await app.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [
      user.id,
    ]);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    // PHC string: $argon2id$v=19$<params>$<salt>$<hash>, params as key=value in any order.
    const params = Object.fromEntries(
      (row?.password_hash.split('$')[3] ?? '').split(',').map((kv) => kv.split('=') as [string, string]),
    );
    expect(Number(params['m'])).toBeGreaterThanOrEqual(19_456);
    expect(Number(params['t'])).toBeGreaterThanOrEqual(2);
    expect(Number(params['p'])).toBe(1);
  });

  it('answers a 1 MB password with a fast 400, and never truncates', async () => {
    const client = await ApiClient.create(app.url);
    const huge = `Aa1${'x'.repeat(1024 * 1024)}`;
    for (const [path, body] of [
      ['/api/users', { email: 'big@example.com', name: 'Big', password: huge }],
      ['/api/session', { email: 'big@example.com', password: huge }],
      ['/api/reset-password', { email: 'big@example.com', token: 'x', password: huge }],
    ] as const) {
      const started = performance.now();
      const res = await client.post(path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0]).toMatch(/at most 256/);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
    // 256 is allowed and all of it counts.
    const long = `Aa1${'y'.repeat(253)}`;
    await client.signUp('long@example.com', long);
    const other = await ApiClient.create(app.url);
    expect((await other.logIn('long@example.com', long.slice(0, 255))).status).toBe(401);
    expect((await other.logIn('long@example.com', long)).status).toBe(200);
  });

  it('refuses mass assignment with 400 and changes nothing', async () => {
    const { client, userId } = await app.verifiedClient('mass@example.com');
    const before = JSON.stringify(await app.db.query('select * from users where id = $1', [userId]));
    for (const body of [
      { plan: 'premium' },
      { email_verified: false },
      { stripe_id: 'cus_123' },
      { premium_expiry_date: '2099-01-01' },
      { user_id: userId + 1 },
      { email: 'direct@example.com' },
      { payment_issue: true },
      { reset_password_token: 'abc' },
      JSON.parse('{"__proto__": {"plan": "premium"}}') as object,
      { id: userId + 1, name: 'Other' },
    ]) {
      const res = await client.patch(`/api/users/${userId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    expect(JSON.stringify(await app.db.query('select * from users where id = $1', [userId]))).toBe(before);

    const signUp = await (
      await ApiClient.create(app.url)
    ).post('/api/users', {
      email: 'sneaky@example.com',
      name: 'S',
      password: 'Passw0rd!',
      email_verified: true,
    });
    expect(signUp.status).toBe(400);
    expect(signUp.body.errors).toEqual(['Unknown field "email_verified".']);
  });

  it('isolates users: another id answers 404 and lists hold only your own', async () => {
    const { client: a, userId: aId } = await app.verifiedClient('iso-a@example.com');
    const { client: b } = await app.verifiedClient('iso-b@example.com');
    expect((await b.patch(`/api/users/${aId}`, { name: 'Hacked' })).status).toBe(404);
    expect((await b.delete(`/api/users/${aId}`)).status).toBe(404);
    const users = (await b.get('/api/users')).body as { id: number }[];
    expect(users.map((u) => u.id)).not.toContain(aId);
    expect(users).toHaveLength(1);
    const aTiers = ((await a.get('/api/tiers')).body as { id: number }[]).map((t) => t.id);
    const bTiers = ((await b.get('/api/tiers')).body as { id: number }[]).map((t) => t.id);
    expect(aTiers.filter((id) => bTiers.includes(id))).toEqual([]);
    expect((await b.post('/api/validate-user', { email: 'iso-a@example.com', password: 'Passw0rd!' })).status).toBe(
      422,
    );
  });

  it('stores link tokens hashed, builds links from APP_URL whatever the Host, and voids older reset links', async () => {
    const client = await ApiClient.create(app.url);
    await client.signUp('tokens@example.com');
    const since = app.mail.messages.length;
    const first = await client.raw
      .post('/api/forgot-password')
      .set('X-CSRF-Token', client.csrfToken)
      .set('Host', 'evil.example')
      .set('X-Forwarded-Host', 'evil.example')
      .send({ email: 'tokens@example.com' });
    expect(first.status).toBe(202);
    const firstMail = await app.mail.waitFor('tokens@example.com', /Reset your Tend password/, { since });
    const firstLink = firstMail.links[0] ?? '';
    expect(firstLink.startsWith('http://tend.test/reset-password/')).toBe(true);
    const firstToken = firstLink.split('/').pop() ?? '';
    expect(Buffer.from(firstToken, 'base64url').length).toBeGreaterThanOrEqual(16);

    const rows = await app.db.query<{ token_hash: string }>(
      `select token_hash from email_tokens where purpose = 'reset_password'`,
    );
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(firstToken).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(firstToken);
    const sealed = await app.db.query<{ sealed_body: string | null }>('select sealed_body from mail_messages');
    expect(JSON.stringify(sealed)).not.toContain(firstToken);

    const since2 = app.mail.messages.length;
    await client.post('/api/forgot-password', { email: 'tokens@example.com' });
    const secondMail = await app.mail.waitFor('tokens@example.com', /Reset your Tend password/, { since: since2 });
    const secondToken = (secondMail.links[0] ?? '').split('/').pop() ?? '';
    expect(
      (await client.post('/api/reset-password/check', { email: 'tokens@example.com', token: firstToken })).body.valid,
    ).toBe(false);
    expect(
      (await client.post('/api/reset-password/check', { email: 'tokens@example.com', token: secondToken })).body.valid,
    ).toBe(true);

    // An expired link is refused.
    await app.db.query(
      `update email_tokens set expires_at = now() - interval '1 minute' where purpose = 'reset_password'`,
    );
    const expired = await client.post('/api/reset-password', {
      email: 'tokens@example.com',
      token: secondToken,
      password: 'N3w-password',
    });
    expect(expired.status).toBe(400);
  });

  it('confines an unverified user: every route but the account ones answers 403 (walks the router)', async () => {
    const client = await ApiClient.create(app.url);
    const user = await client.signUp('unverified@example.com');
    // The sign-up's confirmation email is sent by a job: let it settle before the snapshot.
    await mailSettled(app);
    const routes = listRoutes(app.running.app).filter(
      (r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`) && !UNVERIFIED_ROUTES.has(`${r.method} ${r.path}`),
    );
    for (const required of [
      'GET /api/tiers',
      'POST /api/contacts',
      'POST /api/contacts/:id/move',
      'GET /api/retreive-customer-info',
    ])
      expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(required);
    const before = await snapshot(app);
    for (const route of routes) {
      const path = concretePath(route.path, user.id);
      const res =
        route.method === 'GET'
          ? await client.get(path)
          : route.method === 'POST'
            ? await client.post(path, { name: 'X' })
            : route.method === 'PATCH'
              ? await client.patch(path, { name: 'X' })
              : await client.delete(path);
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(res.body.errors).toEqual(['Please confirm your email address to continue.']);
    }
    expect(await snapshot(app)).toBe(before);
    // Account calls stay open to them: the session, the resend, their own profile.
    expect((await client.get('/api/session')).body.id).toBe(user.id);
    expect((await client.get('/api/users')).status).toBe(200);
  });

  it('ends a session 30 days after sign-in however active it is', async () => {
    const { client } = await app.verifiedClient('old-session@example.com');
    expect((await client.get('/api/tiers')).status).toBe(200);
    // Signed in 31 days ago and active ever since: the last hourly refresh is due now.
    await app.db.query(
      `update http_sessions set started_at = now() - interval '31 days', active_at = now() - interval '2 hours'
        where user_id = (select id from users where email = 'old-session@example.com')`,
    );
    expect((await client.get('/api/tiers')).status).toBe(401);
  });

  it.skipIf(!redisAvailable())('puts only ids in Redis job payloads, never an address or a token', async () => {
    const client = await ApiClient.create(app.url);
    await client.signUp('payload@example.com');
    await app.mail.waitFor('payload@example.com', /Confirm your email/);
    const redis = new Redis(inject('redisUrl'));
    try {
      const keys = await redis.keys(`${app.config.queuePrefix}:mail:*`);
      const jobKeys = [];
      for (const key of keys)
        if ((await redis.type(key)) === 'hash' && (await redis.hexists(key, 'data'))) jobKeys.push(key);
      expect(jobKeys.length).toBeGreaterThan(0);
      for (const key of jobKeys) {
        const data = JSON.parse((await redis.hget(key, 'data')) ?? '{}') as Record<string, unknown>;
        expect(Object.keys(data)).toEqual(['messageId']);
        expect(typeof data['messageId']).toBe('number');
        expect(JSON.stringify(await redis.hgetall(key))).not.toMatch(/@example\.com|token=/);
      }
    } finally {
      redis.disconnect();
    }
  });

  it('answers bad JSON and unknown paths with a clear 4xx, never a stack trace', async () => {
    const client = await ApiClient.create(app.url);
    const bad = await client.raw
      .post('/api/session')
      .set('X-CSRF-Token', client.csrfToken)
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: ['The request body is not valid JSON.'] });
    const missing = await client.get('/api/does-not-exist');
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.body)).not.toMatch(/at \w+ \(/);
    const badId = await (await app.verifiedClient('badid@example.com')).client.patch('/api/users/abc', { name: 'x' });
    expect(badId.status).toBe(400);
  });
});

describe('throttling', () => {
  const app = useTestApp(
    {
      THROTTLE_LOGIN_PER_EMAIL: '3',
      THROTTLE_LOGIN_PER_IP: '6',
      THROTTLE_SIGNUP_PER_IP: '4',
      THROTTLE_EMAIL_PER_ADDRESS: '2',
    },
    { mode: 'in-process' },
  );

  it('blocks login after repeated failures per email with 429 and Retry-After, even with the right password', async () => {
    const client = await ApiClient.create(app.url);
    await client.signUp('throttle@example.com');
    for (let i = 0; i < 3; i++) expect((await client.logIn('throttle@example.com', 'Wrong-1')).status).toBe(401);
    const blocked = await client.logIn('throttle@example.com', 'Passw0rd!');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.errors[0]).toMatch(/Too many attempts/);
    // Per IP too: failures across many addresses.
    for (let i = 0; i < 3; i++) await client.logIn(`spray-${i}@example.com`, 'Wrong-1');
    expect((await client.logIn('spray-x@example.com', 'Wrong-1')).status).toBe(429);
  });

  it('limits forgot-password and resend per address, and sign-up per IP', async () => {
    const client = await ApiClient.create(app.url);
    expect((await client.post('/api/forgot-password', { email: 'limit@example.com' })).status).toBe(202);
    expect((await client.post('/api/forgot-password', { email: 'limit@example.com' })).status).toBe(202);
    const third = await client.post('/api/forgot-password', { email: 'limit@example.com' });
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();

    expect((await client.post('/api/send-email-verification', { email: 'limit2@example.com' })).status).toBe(202);
    expect((await client.post('/api/send-email-verification', { email: 'limit2@example.com' })).status).toBe(202);
    expect((await client.post('/api/send-email-verification', { email: 'limit2@example.com' })).status).toBe(429);

    const signUps = [];
    for (let i = 0; i < 4; i++)
      signUps.push(
        (
          await (
            await ApiClient.create(app.url)
          ).post('/api/users', { email: `s${i}@example.com`, name: 'S', password: 'Passw0rd!' })
        ).status,
      );
    expect(signUps.filter((s) => s === 201).length).toBeGreaterThan(0);
    const over = await (
      await ApiClient.create(app.url)
    ).post('/api/users', { email: 'over@example.com', name: 'S', password: 'Passw0rd!' });
    expect(over.status).toBe(429);
  });
});
