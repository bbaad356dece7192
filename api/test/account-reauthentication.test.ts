import {
  ORIGINAL_PASSWORD_INCORRECT_MESSAGE,
  PASSWORD_TO_DELETE_MESSAGE,
  VERIFICATION_EMAIL_UNAVAILABLE_MESSAGE,
} from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/api-client';
import { useTestApp } from './helpers/test-app';

describe('account changes that need the password again', () => {
  // One verification mail per address per window, so the second request for an address is throttled.
  const app = useTestApp({ THROTTLE_EMAIL_PER_ADDRESS: '1' }, { mode: 'in-process' });

  it('deletes the account only with the right password', async () => {
    const { client, userId } = await app.verifiedClient('leaver@example.com');

    const without = await client.delete(`/api/users/${userId}`);
    expect(without.status).toBe(400);
    expect(without.body).toEqual({ errors: [PASSWORD_TO_DELETE_MESSAGE] });

    const wrong = await client.delete(`/api/users/${userId}`, { body: { password: 'Wrong-Passw0rd' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ errors: [ORIGINAL_PASSWORD_INCORRECT_MESSAGE] });
    // Nothing happened: still signed in, still there.
    expect((await client.get('/api/session')).body).toMatchObject({ id: userId });
    expect(await app.db.query('select id from users where id = $1', [userId])).toHaveLength(1);

    const removed = await client.delete(`/api/users/${userId}`, { body: { password: 'Passw0rd!' } });
    expect(removed.status).toBe(204);
    expect((await client.get('/api/session')).body).toEqual({});
    expect(await app.db.query('select id from users where id = $1', [userId])).toEqual([]);
    const fresh = await ApiClient.create(app.url);
    expect((await fresh.logIn('leaver@example.com')).status).toBe(401);
  });

  it("answers 404 for another user's account, password or not", async () => {
    const { userId: otherId } = await app.verifiedClient('stays@example.com');
    const { client } = await app.verifiedClient('intruder@example.com');
    expect((await client.delete(`/api/users/${otherId}`)).status).toBe(404);
    expect((await client.delete(`/api/users/${otherId}`, { body: { password: 'Passw0rd!' } })).status).toBe(404);
    expect(await app.db.query('select id from users where id = $1', [otherId])).toHaveLength(1);
  });

  it('says it cannot send a verification email now when the new address had one too recently', async () => {
    const { client, userId } = await app.verifiedClient('mover@example.com');
    const first = await client.patch(`/api/users/${userId}`, {
      desired_email: 'moved@example.com',
      current_password: 'Passw0rd!',
    });
    expect(first.status).toBe(200);
    await app.mail.waitFor('moved@example.com', /Confirm your new email/);

    const again = await client.patch(`/api/users/${userId}`, {
      desired_email: 'moved@example.com',
      current_password: 'Passw0rd!',
    });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ errors: [VERIFICATION_EMAIL_UNAVAILABLE_MESSAGE] });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });
});
