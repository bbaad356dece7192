import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { Pool } from 'pg';
import { RowCache } from '../database/row-cache';
import type { RowChangeFeed } from '../database/row-change-feed';

const CACHED_SESSIONS = 50_000;
const CACHE_TTL_MS = 5 * 60_000;

interface CachedSession {
  /** The stored JSON: each request parses its own copy, since express-session mutates it. */
  json: string;
  expiresAt: number;
}

const PgStore = connectPgSimple(session);

/**
 * Sessions live in PostgreSQL (`http_sessions`, so sign-in survives a Redis outage); this store
 * keeps them there and answers reads from memory:
 * - a read-through cache kept correct by the row-change feed: a session row updated or deleted
 *   anywhere (logout, password change ending every session, expiry) is evicted in every process;
 * - no write per request: see `touch`.
 */
export class CachedPgSessionStore extends PgStore {
  private readonly cache: RowCache<CachedSession>;

  constructor(
    private readonly pool: Pool,
    feed: RowChangeFeed,
  ) {
    super({ pool, tableName: 'http_sessions', createTableIfMissing: false, pruneSessionInterval: 15 * 60 });
    this.cache = new RowCache<CachedSession>(feed, 'session', { maxEntries: CACHED_SESSIONS, ttlMs: CACHE_TTL_MS });
  }

  override get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
    this.cache
      .get(
        sid,
        () => this.read(sid),
        (cached) => cached.expiresAt,
      )
      .then(
        (cached) =>
          callback(
            null,
            cached && cached.expiresAt > Date.now() ? (JSON.parse(cached.json) as session.SessionData) : null,
          ),
        (error: unknown) => callback(error),
      );
  }

  /** The row and its expiry column (touches move the column, not the JSON's cookie). */
  private async read(sid: string): Promise<CachedSession | undefined> {
    const { rows } = await this.pool.query<{ sess: session.SessionData; expire: Date }>(
      'SELECT sess, expire FROM http_sessions WHERE sid = $1 AND expire >= now()',
      [sid],
    );
    const row = rows[0];
    return row ? { json: JSON.stringify(row.sess), expiresAt: row.expire.getTime() } : undefined;
  }

  override set(sid: string, sess: session.SessionData, callback?: (err?: unknown) => void): void {
    this.cache.evict(sid);
    super.set(sid, sess, (err?: unknown) => {
      this.cache.evict(sid);
      callback?.(err);
    });
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.cache.evict(sid);
    super.destroy(sid, (err?: unknown) => {
      this.cache.evict(sid);
      callback?.(err);
    });
  }

  /**
   * express-session touches unmodified sessions after every request; the expiry moves instead when
   * the session is re-saved, which configureHttp makes happen hourly for an active session.
   */
  override touch(_sid: string, _sess: session.SessionData, callback?: () => void): void {
    callback?.();
  }

  /** Sessions deleted behind the store's back (every session of a user) leave this process at once. */
  forget(sids: readonly string[]): void {
    for (const sid of sids) this.cache.evict(sid);
  }
}
