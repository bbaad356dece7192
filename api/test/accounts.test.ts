import {
  DEFAULT_TIER_NAMES,
  EMAIL_TAKEN_MESSAGE,
  FORGOT_PASSWORD_SENT_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  ORIGINAL_PASSWORD_INCORRECT_MESSAGE,
} from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/api-client';
import { redisAvailable, useTestApp, type JobMode } from './helpers/test-app';

function tokenFromConfirmation(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

function resetParts(link: string): { email: string; token: string } {
  const [, , email, token] = new URL(link).pathname.split('/');
  return { email: decodeURIComponent(email ?? ''), token: token ?? '' };
}

const modes: JobMode[] = ['bullmq', 'in-process'];

// The same account flows once with jobs through BullMQ on Redis and once in-process (no REDIS_URL).
describe.each(modes)('account flows with jobs %s', (mode) => {
  const app = useTestApp({}, { mode });

  it.skipIf(mode === 'bullmq' && !redisAvailable())(
    'signs up, gets the four default tiers, is confined until the emailed link is followed',
    async () => {
      const client = await app.client();
      const res = await client.post('/api/users', { email: 'Ada@Example.com', name: 'Ada', password: 'Passw0rd!' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email: 'ada@example.com', name: 'Ada', email_verified: false, plan: null });
      expect(res.body).not.toHaveProperty('password_hash');
      expect(res.body).not.toHaveProperty('passwordHash');

      // Signed in but unverified: the session says so, the board is refused.
      expect((await client.get('/api/session')).body).toMatchObject({ id: res.body.id, email_verified: false });
      const refused = await client.get('/api/tiers');
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0]).toMatch(/confirm your email/i);

      const mail = await app.mail.waitFor('ada@example.com', /Confirm your email/);
      expect(mail.html).toContain('Confirm email address');
      const link = mail.links[0] ?? '';
      expect(link.startsWith('http://tend.test/email-confirmation/ada%40example.com?token=')).toBe(true);

      const verified = await client.post('/api/verify-email', { token: tokenFromConfirmation(link) });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ email_verified: true });

      const tiers = await client.get('/api/tiers');
      expect(tiers.status).toBe(200);
      expect(tiers.body.map((t: { name: string; position: number }) => [t.position, t.name])).toEqual(
        DEFAULT_TIER_NAMES.map((name, i) => [i, name]),
      );

      // The link is single-use.
      const again = await client.post('/api/verify-email', { token: tokenFromConfirmation(link) });
      expect(again.status).toBe(400);
    },
  );

  it.skipIf(mode === 'bullmq' && !redisAvailable())(
    'refuses a taken email with the spec message and resends verification',
    async () => {
      const first = await app.client();
      await first.signUp('grace@example.com');
      const second = await app.client();
      const taken = await second.post('/api/users', { email: 'GRACE@example.com', name: 'G', password: 'Passw0rd!' });
      expect(taken.status).toBe(422);
      expect(taken.body).toEqual({ errors: [EMAIL_TAKEN_MESSAGE] });

      await app.mail.waitFor('grace@example.com', /Confirm your email/);
      const before = app.mail.count('grace@example.com');
      const resend = await first.post('/api/send-email-verification', { user_id: 1 });
      expect(resend.status).toBe(202);
      expect(resend.body).toEqual({ message: 'Verification email sent.' });
      await app.mail.waitFor('grace@example.com', /Confirm your email/, { since: app.mail.messages.length - 1 });
      await expect.poll(() => app.mail.count('grace@example.com')).toBe(before + 1);

      // Signed out, by address: the same answer whether or not the address has an account.
      const stranger = await app.client();
      const known = await stranger.post('/api/send-email-verification', { email: 'grace@example.com' });
      const unknown = await stranger.post('/api/send-email-verification', { email: 'nobody@example.com' });
      expect([known.status, unknown.status]).toEqual([202, 202]);
      expect(known.body).toEqual(unknown.body);
    },
  );

  it.skipIf(mode === 'bullmq' && !redisAvailable())(
    'logs in and out, rotating the session id, with one answer for unknown email and wrong password',
    async () => {
      const { client } = await app.verifiedClient('lin@example.com');
      await client.delete('/api/session');
      expect((await client.get('/api/session')).body).toEqual({});

      const wrong = await client.logIn('lin@example.com', 'Wrong-passw0rd');
      const unknown = await client.logIn('nobody@example.com', 'Wrong-passw0rd');
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ errors: [LOGIN_FAILED_MESSAGE] });
      expect(unknown.body).toEqual(wrong.body);

      const anonymousCookie = (await client.get('/api/session')).headers['set-cookie'];
      const ok = await client.logIn('LIN@example.com');
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ email: 'lin@example.com', email_verified: true });
      const loginCookie = String(ok.headers['set-cookie'] ?? '');
      expect(loginCookie).toMatch(/tend\.sid=/);
      expect(loginCookie).toMatch(/HttpOnly/);
      expect(loginCookie).toMatch(/SameSite=Lax/);
      expect(loginCookie).toMatch(/Path=\//);
      expect(loginCookie).not.toBe(String(anonymousCookie ?? ''));
      expect((await client.get('/api/session')).body).toMatchObject({ email: 'lin@example.com' });

      const out = await client.delete('/api/session');
      expect(out.status).toBe(204);
      expect((await client.get('/api/tiers')).status).toBe(401);
    },
  );

  it.skipIf(mode === 'bullmq' && !redisAvailable())(
    'resets a forgotten password through the emailed link, ending every session',
    async () => {
      const { client: other } = await app.verifiedClient('rosa@example.com');
      const visitor = await app.client();
      const forgot = await visitor.post('/api/forgot-password', { email: 'rosa@example.com' });
      expect(forgot.status).toBe(202);
      expect(forgot.body).toEqual({ message: FORGOT_PASSWORD_SENT_MESSAGE });
      const unknown = await visitor.post('/api/forgot-password', { email: 'nobody@example.com' });
      expect(unknown.status).toBe(202);
      expect(unknown.body).toEqual(forgot.body);

      const mail = await app.mail.waitFor('rosa@example.com', /Reset your Tend password/);
      const link = mail.links[0] ?? '';
      expect(link.startsWith('http://tend.test/reset-password/rosa%40example.com/')).toBe(true);
      const { email, token } = resetParts(link);

      expect((await visitor.post('/api/reset-password/check', { email, token })).body).toEqual({ valid: true });
      expect((await visitor.post('/api/reset-password/check', { email, token: `${token}x` })).body).toEqual({
        valid: false,
      });
      expect((await visitor.post('/api/reset-password/check', { email: 'other@example.com', token })).body).toEqual({
        valid: false,
      });

      const weak = await visitor.post('/api/reset-password', { email, token, password: 'short' });
      expect(weak.status).toBe(400);

      const reset = await visitor.post('/api/reset-password', { email, token, password: 'N3w-password' });
      expect(reset.status).toBe(204);
      // Reset does not sign in, and the other device is signed out.
      expect((await visitor.get('/api/session')).body).toEqual({});
      expect((await other.get('/api/tiers')).status).toBe(401);

      const reused = await visitor.post('/api/reset-password', { email, token, password: 'An0ther-password' });
      expect(reused.status).toBe(400);
      expect(reused.body.errors).toEqual([INVALID_RESET_LINK_MESSAGE]);

      expect((await visitor.logIn('rosa@example.com', 'Passw0rd!')).status).toBe(401);
      expect((await visitor.logIn('rosa@example.com', 'N3w-password')).status).toBe(200);
      await app.mail.waitFor('rosa@example.com', /password was changed/);
    },
  );

  it.skipIf(mode === 'bullmq' && !redisAvailable())(
    'changes the email address after confirming the new one',
    async () => {
      const { client, userId } = await app.verifiedClient('old@example.com');
      await app.verifiedClient('taken@example.com');

      const noPassword = await client.patch(`/api/users/${userId}`, { desired_email: 'new@example.com' });
      expect(noPassword.status).toBe(400);
      const wrongPassword = await client.patch(`/api/users/${userId}`, {
        desired_email: 'new@example.com',
        current_password: 'nope',
      });
      expect(wrongPassword.status).toBe(422);
      expect(wrongPassword.body.errors).toEqual([ORIGINAL_PASSWORD_INCORRECT_MESSAGE]);
      const taken = await client.patch(`/api/users/${userId}`, {
        desired_email: 'taken@example.com',
        current_password: 'Passw0rd!',
      });
      expect(taken.status).toBe(422);
      expect(taken.body.errors).toEqual([EMAIL_TAKEN_MESSAGE]);
      const invalid = await client.patch(`/api/users/${userId}`, {
        desired_email: 'not-an-email',
        current_password: 'Passw0rd!',
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body.errors).toContain('Invalid email address.');

      const pending = await client.patch(`/api/users/${userId}`, {
        desired_email: 'New@Example.com',
        current_password: 'Passw0rd!',
      });
      expect(pending.status).toBe(200);
      expect(pending.body).toMatchObject({ email: 'old@example.com', desired_email: 'new@example.com' });

      const mail = await app.mail.waitFor('new@example.com', /Confirm your new email/);
      const confirmed = await client.post('/api/verify-email', { token: tokenFromConfirmation(mail.links[0] ?? '') });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ email: 'new@example.com', desired_email: null, email_verified: true });

      await client.delete('/api/session');
      expect((await client.logIn('old@example.com')).status).toBe(401);
      expect((await client.logIn('new@example.com')).status).toBe(200);
    },
  );

  it.skipIf(mode === 'bullmq' && !redisAvailable())(
    'changes the password after checking the current one and ends the other sessions',
    async () => {
      const { client, userId } = await app.verifiedClient('pat@example.com');
      const laptop = await app.client();
      expect((await laptop.logIn('pat@example.com')).status).toBe(200);

      const check = await client.post('/api/validate-user', { email: 'pat@example.com', password: 'nope' });
      expect(check.status).toBe(422);
      expect(check.body.errors).toEqual([ORIGINAL_PASSWORD_INCORRECT_MESSAGE]);
      expect(
        (await client.post('/api/validate-user', { email: 'pat@example.com', password: 'Passw0rd!' })).body,
      ).toEqual({ id: userId });

      const weak = await client.patch(`/api/users/${userId}`, { password: 'weakpass', current_password: 'Passw0rd!' });
      expect(weak.status).toBe(400);
      const wrongCurrent = await client.patch(`/api/users/${userId}`, {
        password: 'Str0nger-pass',
        current_password: 'nope',
      });
      expect(wrongCurrent.status).toBe(422);

      const changed = await client.patch(`/api/users/${userId}`, {
        password: 'Str0nger-pass',
        current_password: 'Passw0rd!',
      });
      expect(changed.status).toBe(200);
      expect((await laptop.get('/api/tiers')).status).toBe(401);
      expect((await client.get('/api/tiers')).status).toBe(200);

      await client.delete('/api/session');
      expect((await client.logIn('pat@example.com', 'Str0nger-pass')).status).toBe(200);
    },
  );

  it.skipIf(mode === 'bullmq' && !redisAvailable())(
    'picks the free plan, refuses premium from the client, and deletes the account',
    async () => {
      const { client, userId } = await app.verifiedClient('del@example.com');
      const free = await client.patch(`/api/users/${userId}`, { id: userId, plan: 'free' });
      expect(free.status).toBe(200);
      expect(free.body).toMatchObject({ plan: 'free', free_trial: false });

      const premium = await client.patch(`/api/users/${userId}`, { plan: 'premium' });
      expect(premium.status).toBe(400);
      expect((await client.get('/api/session')).body.plan).toBe('free');

      const checkout = await client.post('/api/create-checkout-session', { userId, plan: 'premium', referral: 'NULL' });
      expect(checkout.status).toBe(503);
      expect(checkout.body.errors[0]).toMatch(/Billing is not configured/);

      const removed = await client.delete(`/api/users/${userId}`, { body: { password: 'Passw0rd!' } });
      expect(removed.status).toBe(204);
      expect((await client.get('/api/session')).body).toEqual({});
      const fresh = await ApiClient.create(app.url);
      expect((await fresh.logIn('del@example.com')).status).toBe(401);
      expect(await app.db.query('select id from tiers where user_id = $1', [userId])).toEqual([]);
      await app.mail.waitFor('del@example.com', /account was deleted/);
    },
  );
});
