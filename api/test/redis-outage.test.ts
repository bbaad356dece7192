import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app';

// Redis configured but not answering (nothing listens on port 1): sign-in and the board go on,
// and queued work waits in PostgreSQL instead of being lost.
describe('with Redis down', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp('bullmq', { REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('signs up, logs in and serves the board; the mail is kept for later', async () => {
    const client = await app.client();
    const started = performance.now();
    const user = await client.signUp('outage@example.com');
    expect(performance.now() - started).toBeLessThan(5_000);
    await app.db.query('update users set email_verified = true where id = $1', [user.id]);
    await client.delete('/api/session');
    expect((await client.logIn('outage@example.com')).status).toBe(200);
    expect((await client.get('/api/tiers')).status).toBe(200);
    expect((await client.post('/api/contacts', { name: 'Still works' })).status).toBe(201);
    expect((await client.get('/api/contacts')).body).toHaveLength(1);
    const unsent = await app.db.query<{ sent_at: string | null; sealed_body: string | null }>(
      `select sent_at, sealed_body from mail_messages where to_address = 'outage@example.com'`,
    );
    expect(unsent).toHaveLength(1);
    expect(unsent[0]?.sent_at).toBeNull();
    expect(unsent[0]?.sealed_body).not.toBeNull();
  });

  it('says only which part is down on the public readiness check (the cause goes to the log)', async () => {
    const res = await fetch(`${app.url}/api/ready`);
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ status: 'not ready', checks: { database: 'ok', redis: 'down' } });
    expect(Object.keys(JSON.parse(text).checks)).toEqual(['database', 'redis']);
    expect(text).not.toMatch(/127\.0\.0\.1|:1\b|ECONNREFUSED|Error/);
  });
});
