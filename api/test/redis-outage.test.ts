import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

// Redis configured but not answering (nothing listens on port 1): sign-in and the board go on,
// and queued work waits in PostgreSQL instead of being lost.
describe('with Redis down', () => {
  const app = useTestApp({ REDIS_URL: 'redis://127.0.0.1:1' }, { mode: 'bullmq' });

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

  it('refuses to start an import it cannot queue, and leaves it ready to start again', async () => {
    const client = await app.client();
    const user = await client.signUp('outage-import@example.com');
    await app.db.query(`update users set email_verified = true, plan = 'premium' where id = $1`, [user.id]);
    await client.delete('/api/session');
    await client.logIn('outage-import@example.com');
    const [tier] = (await client.get('/api/tiers')).body as { id: number }[];
    const csv = Buffer.from('Name,Email\nAda Lovelace,ada@example.com\n');
    const preview = await client.raw
      .post('/api/imports')
      .set('X-CSRF-Token', client.csrfToken)
      .field('tier_id', String(tier?.id))
      .attach('file', csv, { filename: 'people.csv', contentType: 'text/csv' });
    expect(preview.status).toBe(201);
    // Without a queue the file is read in the api's own process: the preview still comes.
    let state = preview.body.state as string;
    for (let i = 0; state === 'reading' && i < 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await client.get(`/api/imports/${preview.body.id}`)).body.state as string;
    }
    expect(state).toBe('preview');
    const started = await client.post(`/api/imports/${preview.body.id}/start`);
    expect(started.status).toBe(503);
    expect(started.body.errors).toEqual(['The import could not be started just now. Please try again in a moment.']);
    expect((await client.get(`/api/imports/${preview.body.id}`)).body.state).toBe('preview');
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
