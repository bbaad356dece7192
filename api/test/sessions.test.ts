import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRoles, type RunningApp } from '../src/app/bootstrap';
import { RowChangeFeed } from '../src/infra/database/row-change-feed';
import { SESSION_COOKIE, SessionsService } from '../src/modules/auth/sessions/sessions.service';
import { ApiClient } from './helpers/api-client';
import { TcpProxy } from './helpers/tcp-proxy';
import { useTestApp } from './helpers/test-app';

const DAY_S = 24 * 3600;

function sessionCookieOf(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

/** Polls until `check` holds or a second has passed (row-change notices arrive asynchronously). */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('sessions', () => {
  const app = useTestApp({}, { mode: 'in-process' });
  /** A second api process on the same database, as a second replica would be. */
  let replica: RunningApp;

  // After the app has started, stopped before it closes.
  beforeAll(async () => {
    replica = await startRoles(app.config, ['api', 'worker', 'scheduler']);
    // Both processes must hear row changes before the cache tests mean anything.
    expect(await app.running.app.get(RowChangeFeed).whenLive()).toBe(true);
    expect(await replica.app.get(RowChangeFeed).whenLive()).toBe(true);
  });
  afterAll(async () => {
    await replica?.stop();
  });

  const onReplica = (cookie: string) =>
    request(replica.url ?? '')
      .get('/api/tiers')
      .set('Cookie', cookie);
  const onApp = (cookie: string) => request(app.url).get('/api/tiers').set('Cookie', cookie);

  async function signedIn(email: string): Promise<{ client: ApiClient; cookie: string; userId: number }> {
    const { client, userId } = await app.verifiedClient(email);
    const login = await client.logIn(email);
    const cookie = (sessionCookieOf(login) ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE.replace('.', '\\.')}=[A-Za-z0-9_-]{43}$`));
    return { client, cookie, userId };
  }

  it('stores only a keyed hash of the id, never the cookie value', async () => {
    const { cookie, userId } = await signedIn('hashed@example.com');
    const id = cookie.split('=')[1] ?? '';
    const rows = await app.db.query<{ id_hash: string }>('select id_hash from http_sessions where user_id = $1', [
      userId,
    ]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.id_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.id_hash).not.toContain(id);
    }
  });

  it('refuses ids it never issued, malformed or well-formed, without an error', async () => {
    for (const value of ['nonsense', 'A'.repeat(43), 's%3Aold-style.signature', '']) {
      const res = await onApp(`${SESSION_COOKIE}=${value}`);
      expect(res.status, value).toBe(401);
      expect(res.body).toEqual({ errors: ['Please log in to continue.'] });
    }
  });

  it('ends a session in every process the moment it ends in one (logout on one replica)', async () => {
    const { client, cookie } = await signedIn('replicas@example.com');
    // Both processes have the session in memory now.
    expect((await onApp(cookie)).status).toBe(200);
    expect((await onReplica(cookie)).status).toBe(200);
    expect((await onReplica(cookie)).status).toBe(200);
    await client.delete('/api/session');
    expect((await onApp(cookie)).status).toBe(401);
    expect(await eventually(async () => (await onReplica(cookie)).status === 401)).toBe(true);
  });

  it('sees a change made behind its back (psql, another service) at once: user row and session row', async () => {
    const { cookie, userId } = await signedIn('behind@example.com');
    expect((await onReplica(cookie)).status).toBe(200);
    await app.db.query('update users set email_verified = false where id = $1', [userId]);
    expect(await eventually(async () => (await onReplica(cookie)).status === 403)).toBe(true);
    await app.db.query('update users set email_verified = true where id = $1', [userId]);
    expect(await eventually(async () => (await onReplica(cookie)).status === 200)).toBe(true);
    await app.db.query('delete from http_sessions where user_id = $1', [userId]);
    expect(await eventually(async () => (await onReplica(cookie)).status === 401)).toBe(true);
  });

  it('bypasses its caches while the change feed is down, and caches again once it is back', async () => {
    const { cookie, userId } = await signedIn('feed-down@example.com');
    expect((await onReplica(cookie)).status).toBe(200);
    const feed = replica.app.get(RowChangeFeed);
    // Cut every feed connection; the replica's cache must not serve what it can no longer hear about.
    await app.db.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'tend-row-change-feed' and datname = current_database()`,
    );
    expect(await eventually(() => Promise.resolve(!feed.live))).toBe(true);
    await app.db.query('update users set email_verified = false where id = $1', [userId]);
    expect((await onReplica(cookie)).status).toBe(403);
    await app.db.query('update users set email_verified = true where id = $1', [userId]);
    expect((await onReplica(cookie)).status).toBe(200);
    expect(await feed.whenLive()).toBe(true);
    await app.db.query('delete from http_sessions where user_id = $1', [userId]);
    expect(await eventually(async () => (await onReplica(cookie)).status === 401)).toBe(true);
  });

  it('counts a connection cut without a word (no FIN, no RST) as the feed going down, and comes back', async () => {
    // The feed's connection goes through a relay that can silently stop passing bytes.
    const target = new URL(app.db.url);
    const proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
    const viaProxy = new URL(app.db.url);
    viaProxy.port = String(proxy.port);
    const feed = new RowChangeFeed(viaProxy.toString(), { pingIntervalMs: 100, pingTimeoutMs: 300 });
    let resets = 0;
    feed.onReset(() => (resets += 1));
    try {
      expect(await feed.whenLive()).toBe(true);
      const resetsWhenLive = resets;
      proxy.blackhole();
      // The socket stays open; only the unanswered ping can tell.
      await expect.poll(() => feed.live, { timeout: 3_000 }).toBe(false);
      expect(resets).toBeGreaterThan(resetsWhenLive);
      proxy.restore();
      expect(await feed.whenLive(5_000)).toBe(true);
    } finally {
      await feed.onApplicationShutdown();
      await proxy.stop();
    }
  });

  it('moves an active session on once an hour: the row and a fresh cookie', async () => {
    const { cookie, userId } = await signedIn('active@example.com');
    const first = await onApp(cookie);
    expect(first.status).toBe(200);
    expect(sessionCookieOf(first)).toBeUndefined();
    await app.db.query(
      `update http_sessions set active_at = now() - interval '2 hours', expires_at = now() + interval '1 day'
        where user_id = $1`,
      [userId],
    );
    const due = await onApp(cookie);
    expect(due.status).toBe(200);
    const refreshed = sessionCookieOf(due) ?? '';
    expect(refreshed.split(';')[0]).toBe(cookie);
    expect(refreshed).toMatch(/HttpOnly/);
    expect(refreshed).toMatch(/SameSite=Lax/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(refreshed)?.[1]);
    expect(maxAge).toBeGreaterThan(7 * DAY_S - 60);
    expect(maxAge).toBeLessThanOrEqual(7 * DAY_S);
    const [row] = await app.db.query<{ idle_s: number; left_s: number }>(
      `select extract(epoch from now() - active_at)::int as idle_s, extract(epoch from expires_at - now())::int as left_s
         from http_sessions where user_id = $1`,
      [userId],
    );
    expect(row?.idle_s).toBeLessThan(60);
    expect(row?.left_s).toBeGreaterThan(7 * DAY_S - 60);
    // Within the hour nothing is written and no cookie is sent.
    expect(sessionCookieOf(await onApp(cookie))).toBeUndefined();
  });

  it('ends a session after 7 idle days', async () => {
    const { cookie, userId } = await signedIn('idle@example.com');
    expect((await onApp(cookie)).status).toBe(200);
    await app.db.query(
      `update http_sessions set active_at = now() - interval '7 days 1 minute', expires_at = now() - interval '1 minute'
        where user_id = $1`,
      [userId],
    );
    expect((await onApp(cookie)).status).toBe(401);
  });

  it('prunes expired rows and keeps live ones', async () => {
    const { cookie, userId } = await signedIn('prune@example.com');
    const other = await signedIn('prune-other@example.com');
    await app.db.query(`update http_sessions set expires_at = now() - interval '1 second' where user_id = $1`, [
      userId,
    ]);
    const removed = await app.running.app.get(SessionsService).pruneExpired();
    expect(removed).toBeGreaterThan(0);
    expect(await app.db.query('select 1 from http_sessions where user_id = $1', [userId])).toHaveLength(0);
    expect((await onApp(cookie)).status).toBe(401);
    expect((await onApp(other.cookie)).status).toBe(200);
  });

  it('deletes a user’s sessions with the user', async () => {
    const { client, cookie, userId } = await signedIn('leaving@example.com');
    // A second device's session goes too, not only the one that asked.
    const otherDevice = await ApiClient.create(app.url);
    const otherCookie = (sessionCookieOf(await otherDevice.logIn('leaving@example.com')) ?? '').split(';')[0] ?? '';
    expect((await onReplica(otherCookie)).status).toBe(200);
    expect((await client.delete(`/api/users/${userId}`, { body: { password: 'Passw0rd!' } })).status).toBe(204);
    expect(await app.db.query('select 1 from http_sessions where user_id = $1', [userId])).toHaveLength(0);
    expect((await onApp(cookie)).status).toBe(401);
    expect(await eventually(async () => (await onReplica(otherCookie)).status === 401)).toBe(true);
  });
});
