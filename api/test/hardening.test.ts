import { existsSync, readdirSync, statSync } from 'node:fs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TaskRunner } from '../src/infra/schedule/task-runner.service';
import { Clock } from '../src/infra/time/clock';
import { ApiClient } from './helpers/api-client';
import { useTestApp } from './helpers/test-app';

function count(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** This machine's first address that is not loopback (to reach the app from "the network"). */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

describe('throttles count the attempt before the work (50 parallel attempts)', () => {
  const app = useTestApp({
    THROTTLE_LOGIN_PER_EMAIL: '5',
    THROTTLE_LOGIN_PER_IP: '1000',
    THROTTLE_SIGNUP_PER_IP: '1000',
    THROTTLE_EMAIL_PER_ADDRESS: '5',
  });

  it('lets 5 of 50 parallel wrong passwords reach the hash; successes do not count; the window ends', async () => {
    const { client } = await app.verifiedClient('burst@example.com');
    // Successful logins give their point back: ten in a row with an allowance of five.
    for (let i = 0; i < 10; i++) expect((await client.logIn('burst@example.com')).status).toBe(200);
    const attackers = await Promise.all(Array.from({ length: 50 }, () => ApiClient.create(app.url)));
    const statuses = await Promise.all(attackers.map((a) => a.logIn('burst@example.com', 'Wrong-passw0rd')));
    expect(count(statuses.map((r) => r.status))).toEqual({ 401: 5, 429: 45 });
    expect((await client.logIn('burst@example.com')).status).toBe(429);
    // No permanent lockout: once the window has passed, the right password works again.
    await app.db.query(`update rate_limits set expire = 1 where key like 'login-email:%'`);
    expect((await client.logIn('burst@example.com')).status).toBe(200);
  });

  it('lets 5 of 50 parallel validate-user guesses reach the hash', async () => {
    const { client } = await app.verifiedClient('validate@example.com');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.post('/api/validate-user', { email: 'validate@example.com', password: 'Wrong-passw0rd' }),
      ),
    );
    expect(count(results.map((r) => r.status))).toEqual({ 422: 5, 429: 45 });
  });

  it('checks a reset link before hashing, and throttles per link: 5 of 50 parallel tries', async () => {
    const client = await ApiClient.create(app.url);
    await client.signUp('reset-burst@example.com');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.post('/api/reset-password', {
          email: 'reset-burst@example.com',
          token: 'made-up-token-made-up-token-made-up-token12',
          password: 'N3w-password',
        }),
      ),
    );
    expect(count(results.map((r) => r.status))).toEqual({ 400: 5, 429: 45 });
  });
});

describe('changing the email address is throttled per IP like sign-up', () => {
  const app = useTestApp({
    THROTTLE_LOGIN_PER_EMAIL: '1000',
    THROTTLE_LOGIN_PER_IP: '1000',
    THROTTLE_SIGNUP_PER_IP: '5',
    THROTTLE_EMAIL_PER_ADDRESS: '1000',
  });

  it('answers "taken" to 5 of 50 parallel tries, 429 to the rest', async () => {
    const { client, userId } = await app.verifiedClient('mover@example.com');
    await (await ApiClient.create(app.url)).signUp('taken@example.com');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        client.patch(`/api/users/${userId}`, { desired_email: 'taken@example.com', current_password: 'Passw0rd!' }),
      ),
    );
    expect(count(results.map((r) => r.status))).toEqual({ 422: 5, 429: 45 });
  });
});

describe('tables that anyone could grow', () => {
  const app = useTestApp();

  it('adds no row for 1,000 anonymous requests, and the signed-out token still protects the forms', async () => {
    const rows = async () =>
      (await app.db.query<{ n: number }>('select (select count(*) from http_sessions)::int as n'))[0]?.n;
    const before = await rows();
    for (let i = 0; i < 1_000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, async (_, j) => {
          const res = await fetch(`${app.url}/api/${(i + j) % 2 ? 'session' : 'config'}`);
          expect(res.status).toBe(200);
        }),
      );
    }
    expect(await rows()).toBe(before);

    // A visitor's token works with that visitor's cookie only.
    const visitor = await ApiClient.create(app.url);
    const stranger = await ApiClient.create(app.url);
    expect(visitor.csrfToken).toMatch(/^[a-f0-9]{64}$/);
    expect(visitor.csrfToken).not.toBe(stranger.csrfToken);
    const forged = await stranger.raw
      .post('/api/forgot-password')
      .set('X-CSRF-Token', visitor.csrfToken)
      .send({ email: 'x@example.com' });
    expect(forged.status).toBe(403);
    expect((await visitor.post('/api/forgot-password', { email: 'x@example.com' })).status).toBe(202);
    // Signing up and in works on it; logging out gives a fresh one.
    await visitor.signUp('anon-forms@example.com');
    expect(await rows()).toBe((before ?? 0) + 1);
    const tokenBefore = visitor.csrfToken;
    expect((await visitor.delete('/api/session')).status).toBe(204);
    expect(visitor.csrfToken).not.toBe(tokenBefore);
    expect((await visitor.logIn('anon-forms@example.com')).status).toBe(200);
  });

  it('prunes throttle counters whose window has ended', async () => {
    await app.db.query(`insert into rate_limits (key, points, expire) values ('old:1', 3, 1), ('live:1', 1, $1)`, [
      Date.now() + 600_000,
    ]);
    const result = await app.running.app.get(TaskRunner).run('prune-rate-limits', 'manual');
    expect(result['removed']).toBeGreaterThanOrEqual(1);
    const keys = (await app.db.query<{ key: string }>('select key from rate_limits')).map((r) => r.key);
    expect(keys).toContain('live:1');
    expect(keys).not.toContain('old:1');
  });

  it('deletes the photo files of a deleted account, after the deletion', async () => {
    const { client, userId } = await app.verifiedClient('photos-gone@example.com');
    const contact = (await client.post('/api/contacts', { name: 'With Photo' })).body as { id: number };
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const upload = await client.raw
      .patch(`/api/contacts/${contact.id}`)
      .set('X-CSRF-Token', client.csrfToken)
      .attach('contact[photo]', png, { filename: 'p.png', contentType: 'image/png' });
    expect(upload.status).toBe(200);
    const [row] = await app.db.query<{ photo_key: string }>('select photo_key from contacts where id = $1', [
      contact.id,
    ]);
    const file = join(app.config.storageDir, row?.photo_key ?? 'missing');
    expect(existsSync(file)).toBe(true);
    const deleted = await client.raw
      .delete(`/api/users/${userId}`)
      .set('X-CSRF-Token', client.csrfToken)
      .send({ password: 'Passw0rd!' });
    expect(deleted.status).toBe(204);
    expect(existsSync(file)).toBe(false);
  });

  it('answers CORS preflights for the app’s origin only', async () => {
    const allowed = await request(app.url)
      .options('/api/session')
      .set('Origin', 'http://tend.test')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,x-csrf-token');
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://tend.test');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.headers['access-control-allow-methods']).toContain('POST');
    const refused = await request(app.url)
      .options('/api/session')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('keeps link lifetimes on the app’s clock: reset 1 h, confirmation 24 h, email change 24 h', async () => {
    const clock = app.running.app.get(Clock);
    const client = await ApiClient.create(app.url);
    await client.signUp('lifetimes@example.com');
    const confirmation = await app.mail.waitFor('lifetimes@example.com', /Confirm your email/);
    const since = app.mail.messages.length;
    await client.post('/api/forgot-password', { email: 'lifetimes@example.com' });
    const reset = await app.mail.waitFor('lifetimes@example.com', /Reset your Tend password/, { since });
    const resetToken = (reset.links[0] ?? '').split('/').pop() ?? '';
    const resetValid = async () =>
      (await client.post('/api/reset-password/check', { email: 'lifetimes@example.com', token: resetToken })).body
        .valid as boolean;
    const start = clock.now();
    try {
      clock.set(new Date(start.getTime() + 59 * 60_000));
      expect(await resetValid()).toBe(true);
      clock.set(new Date(start.getTime() + 61 * 60_000));
      expect(await resetValid()).toBe(false);
      // The confirmation link outlives the reset link, but not a day.
      clock.set(new Date(start.getTime() + 23 * 3_600_000));
      const token = new URL(confirmation.links[0] ?? '').searchParams.get('token') ?? '';
      clock.set(new Date(start.getTime() + 25 * 3_600_000));
      expect((await client.post('/api/verify-email', { token })).status).toBe(400);
      clock.set(new Date(start.getTime() + 23 * 3_600_000));
      expect((await client.post('/api/verify-email', { token })).status).toBe(200);

      const since2 = app.mail.messages.length;
      const user = (await client.get('/api/session')).body as { id: number };
      const change = await client.patch(`/api/users/${user.id}`, {
        desired_email: 'lifetimes-new@example.com',
        current_password: 'Passw0rd!',
      });
      expect(change.status).toBe(200);
      const changeMail = await app.mail.waitFor('lifetimes-new@example.com', /Confirm your new email/, {
        since: since2,
      });
      const changeToken = new URL(changeMail.links[0] ?? '').searchParams.get('token') ?? '';
      clock.set(new Date(start.getTime() + 48 * 3_600_000));
      expect((await client.post('/api/verify-email', { token: changeToken })).status).toBe(400);
      clock.set(new Date(start.getTime() + 46 * 3_600_000));
      expect((await client.post('/api/verify-email', { token: changeToken })).status).toBe(200);
    } finally {
      clock.set(new Date());
    }
  });
});

describe('the development mailbox', () => {
  // No SMTP: mail goes to the outbox and /dev/mailbox exists. Listening on every interface, as
  // a careless HOST=0.0.0.0 would.
  const app = useTestApp({ SMTP_URL: '', HOST: '0.0.0.0', TRUST_PROXY: 'true' });

  it('keeps the data folder and the outbox readable by their owner only', async () => {
    const client = await ApiClient.create(app.url);
    await client.signUp('outbox@example.com');
    const outbox = join(app.config.dataDir, 'outbox');
    await expect.poll(() => (existsSync(outbox) ? readdirSync(outbox).length : 0)).toBe(2);
    expect(statSync(app.config.dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(outbox)) expect(statSync(join(outbox, file)).mode & 0o777).toBe(0o600);
  });

  it('answers this machine only, judged by the socket and never by headers', async () => {
    const port = ((app.running.app as NestExpressApplication).getHttpServer().address() as AddressInfo).port;
    expect((await fetch(`http://127.0.0.1:${port}/dev/mailbox`)).status).toBe(200);
    const external = externalAddress();
    expect(external, 'this test needs a network interface besides loopback').toBeDefined();
    const outside = `http://${external}:${port}`;
    const spoofs: Record<string, string>[] = [{}, { 'X-Forwarded-For': '127.0.0.1' }, { 'X-Real-IP': '127.0.0.1' }];
    for (const headers of spoofs) {
      const res = await fetch(`${outside}/dev/mailbox`, { headers });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('outbox@example.com');
    }
    // Everything else is served to the network as usual.
    expect((await fetch(`${outside}/api/health`)).status).toBe(200);
  });
});

describe('the listening address', () => {
  const app = useTestApp({ HOST: '' });

  it('is loopback unless HOST says otherwise', async () => {
    const address = (app.running.app as NestExpressApplication).getHttpServer().address() as AddressInfo;
    expect(address.address).toBe('127.0.0.1');
    const external = externalAddress();
    expect(external, 'this test needs a network interface besides loopback').toBeDefined();
    await expect(fetch(`http://${external}:${address.port}/api/health`)).rejects.toThrow();
  });
});

describe('in production', () => {
  const app = useTestApp({ NODE_ENV: 'production' });

  it('marks every cookie Secure and sends HSTS', async () => {
    // A client would not send Secure cookies over plain HTTP: carry them by hand here.
    const cookies = (res: { headers: Record<string, unknown> }) =>
      (res.headers['set-cookie'] as string[] | undefined) ?? [];
    const anonymous = await request(app.url).get('/api/session');
    expect(cookies(anonymous)).toHaveLength(1);
    expect(cookies(anonymous).every((c) => /;\s*Secure/i.test(c))).toBe(true);
    const cookie = cookies(anonymous)[0]?.split(';')[0] ?? '';
    const token = String(anonymous.headers['x-csrf-token']);
    const signUp = await request(app.url)
      .post('/api/users')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', token)
      .send({ email: 'secure@example.com', name: 'S', password: 'Passw0rd!' });
    expect(signUp.status).toBe(201);
    expect(cookies(signUp).length).toBeGreaterThan(0);
    expect(cookies(signUp).every((c) => /;\s*Secure/i.test(c) && /;\s*HttpOnly/i.test(c))).toBe(true);
    expect(signUp.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
