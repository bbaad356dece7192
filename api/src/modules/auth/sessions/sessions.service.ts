import { Inject, Injectable } from '@nestjs/common';
import { parse } from 'cookie';
import type { Request, Response } from 'express';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { RowCache } from '../../../infra/database/row-cache';
import { RowChangeFeed } from '../../../infra/database/row-change-feed';
import { PG_POOL } from '../../../infra/database/pg-pool';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A session ends 7 days after its last activity... */
const SESSION_IDLE_MS = 7 * DAY_MS;
/** ...and 30 days after it began, however active (a documented choice for a personal tool). */
const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** How often an active session's expiry (row and cookie) moves on. */
const SESSION_REFRESH_MS = HOUR_MS;
export const SESSION_COOKIE = 'tend.sid';
export const CSRF_HEADER = 'X-CSRF-Token';
/**
 * A signed-out visitor's CSRF nonce (signed double-submit): the log-in and sign-up forms need a
 * token, but a visitor who only looks must not add a row anywhere.
 */
export const ANONYMOUS_CSRF_COOKIE = 'tend.csrf';
const ANONYMOUS_CSRF_MAX_AGE_MS = SESSION_IDLE_MS;

/** 32 random bytes in base64url: anything else in the cookie is not one of our ids. */
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const CACHED_SESSIONS = 50_000;
/** A safety net only: every change to a session row evicts it through the row-change feed. */
const CACHE_TTL_MS = 5 * 60_000;

/** A live session as a request sees it: a read-only snapshot, shared by concurrent requests. */
export interface ActiveSession {
  readonly idHash: string;
  readonly userId: number | null;
  readonly csrfToken: string;
  readonly startedAt: number;
  readonly activeAt: number;
  readonly expiresAt: number;
}

interface SessionRow {
  id_hash: string;
  user_id: number | null;
  csrf_token: string;
  started_at: Date;
  active_at: Date;
  expires_at: Date;
}

const COLUMNS = 'id_hash, user_id, csrf_token, started_at, active_at, expires_at';

function toSession(row: SessionRow): ActiveSession {
  return Object.freeze({
    idHash: row.id_hash,
    userId: row.user_id,
    csrfToken: row.csrf_token,
    startedAt: row.started_at.getTime(),
    activeAt: row.active_at.getTime(),
    expiresAt: row.expires_at.getTime(),
  });
}

function expiryOf(startedAt: number, activeAt: number): number {
  return Math.min(activeAt + SESSION_IDLE_MS, startedAt + SESSION_ABSOLUTE_MS);
}

/**
 * Server-side sessions in PostgreSQL (`http_sessions`, so sign-in survives a Redis outage), read
 * from memory on the hot path. Every request of a signed-in user resolves its session, so the read
 * is one HMAC and a map lookup: the row is cached per process and evicted in every process by the
 * row-change feed when it is updated or deleted anywhere (logout, password change, expiry).
 *
 * The cookie holds a random 256-bit id and nothing else; the table holds its HMAC under
 * SESSION_SECRET. A new id is issued at sign-in and at logout (no fixation), each session carries
 * its own CSRF token, and the row's expiry moves on at most hourly, so a busy session costs no
 * writes.
 */
@Injectable()
export class SessionsService {
  private readonly cache: RowCache<ActiveSession>;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    feed: RowChangeFeed,
  ) {
    this.cache = new RowCache<ActiveSession>(feed, 'session', { maxEntries: CACHED_SESSIONS, ttlMs: CACHE_TTL_MS });
  }

  /** The live session a cookie's id names, if any (from memory when nothing changed). */
  async resume(id: string): Promise<ActiveSession | undefined> {
    if (!SESSION_ID_PATTERN.test(id)) return undefined;
    const idHash = this.hashOf(id);
    const session = await this.cache.get(
      idHash,
      () => this.read(idHash),
      (cached) => cached.expiresAt,
    );
    return session && session.expiresAt > Date.now() ? session : undefined;
  }

  /**
   * Moves an active session's expiry on when its last move is an hour old (a write and a new
   * cookie then, nothing otherwise). Answers undefined when the session has reached its end.
   */
  async keepAlive(id: string, session: ActiveSession, res: Response): Promise<ActiveSession | undefined> {
    const now = Date.now();
    if (now - session.activeAt < SESSION_REFRESH_MS) return session;
    const expiresAt = expiryOf(session.startedAt, now);
    if (expiresAt <= now) {
      await this.end(session.idHash);
      return undefined;
    }
    const { rows } = await this.pool.query<SessionRow>(
      `update http_sessions set active_at = $2, expires_at = $3 where id_hash = $1 returning ${COLUMNS}`,
      [session.idHash, new Date(now), new Date(expiresAt)],
    );
    this.cache.evict(session.idHash);
    const row = rows[0];
    if (!row) return undefined;
    const refreshed = toSession(row);
    this.setCookie(res, id, refreshed);
    return refreshed;
  }

  /**
   * Hands the request's CSRF token to the client (X-CSRF-Token): the session's own, or for a
   * signed-out visitor a token signed over a random nonce kept in a cookie. Nothing is stored.
   */
  exposeCsrfToken(req: Request, res: Response): void {
    res.setHeader(CSRF_HEADER, req.session ? req.session.csrfToken : this.anonymousToken(req, res));
  }

  /**
   * Whether a state-changing request carries the right token: the session's (synchronizer token),
   * or without a session, the signature over the visitor's nonce cookie (signed double-submit).
   */
  isCsrfTokenValid(req: Request, sessionCheck: (req: Request) => boolean): boolean {
    if (req.session) return sessionCheck(req);
    const nonce = this.anonymousNonce(req);
    const sent = req.headers['x-csrf-token'];
    const token = Array.isArray(sent) ? sent[0] : sent;
    if (!nonce || !token) return false;
    const expected = Buffer.from(this.signNonce(nonce));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Sign-in: a new session id and CSRF token; the previous session (perhaps a planted one) ends. */
  async signIn(req: Request, res: Response, userId: number): Promise<ActiveSession> {
    if (req.session) await this.end(req.session.idHash);
    const session = await this.start(req, res, userId);
    res.setHeader(CSRF_HEADER, session.csrfToken);
    return session;
  }

  /** Log-out: the session ends; the visitor gets a fresh signed-out CSRF token (and nonce). */
  async signOut(req: Request, res: Response): Promise<void> {
    if (req.session) await this.end(req.session.idHash);
    req.session = undefined;
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.setHeader(CSRF_HEADER, this.anonymousToken(req, res, { fresh: true }));
  }

  private anonymousNonce(req: Request): string | undefined {
    const header = req.headers.cookie;
    const nonce = header ? parse(header)[ANONYMOUS_CSRF_COOKIE] : undefined;
    return nonce && SESSION_ID_PATTERN.test(nonce) ? nonce : undefined;
  }

  private signNonce(nonce: string): string {
    return createHmac('sha256', this.config.sessionSecret).update(`anonymous-csrf:${nonce}`).digest('hex');
  }

  private anonymousToken(req: Request, res: Response, { fresh = false } = {}): string {
    let nonce = fresh ? undefined : this.anonymousNonce(req);
    if (!nonce) {
      nonce = randomBytes(32).toString('base64url');
      res.cookie(ANONYMOUS_CSRF_COOKIE, nonce, {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.config.isProduction,
        path: '/',
        maxAge: ANONYMOUS_CSRF_MAX_AGE_MS,
      });
    }
    return this.signNonce(nonce);
  }

  /** Ends every session of a user but the one given (password change) or all of them. */
  async endAllOfUser(userId: number, except?: ActiveSession): Promise<number> {
    const { rows } = await this.pool.query<{ id_hash: string }>(
      'delete from http_sessions where user_id = $1 and id_hash <> $2 returning id_hash',
      [userId, except?.idHash ?? ''],
    );
    // Every process hears of it through the row-change feed; this one forgets them right away.
    for (const row of rows) this.cache.evict(row.id_hash);
    return rows.length;
  }

  /** Housekeeping for the scheduler: expired rows are already refused, this removes them. */
  async pruneExpired(): Promise<number> {
    const { rowCount } = await this.pool.query('delete from http_sessions where expires_at <= now()');
    return rowCount ?? 0;
  }

  private hashOf(id: string): string {
    return createHmac('sha256', this.config.sessionSecret).update(id).digest('hex');
  }

  private async read(idHash: string): Promise<ActiveSession | undefined> {
    const { rows } = await this.pool.query<SessionRow>(
      `select ${COLUMNS} from http_sessions where id_hash = $1 and expires_at > now()`,
      [idHash],
    );
    const row = rows[0];
    return row ? toSession(row) : undefined;
  }

  private async start(req: Request, res: Response, userId: number): Promise<ActiveSession> {
    const id = randomBytes(32).toString('base64url');
    const now = Date.now();
    const { rows } = await this.pool.query<SessionRow>(
      `insert into http_sessions (id_hash, user_id, csrf_token, started_at, active_at, expires_at)
       values ($1, $2, $3, $4, $4, $5) returning ${COLUMNS}`,
      [this.hashOf(id), userId, randomBytes(32).toString('hex'), new Date(now), new Date(expiryOf(now, now))],
    );
    const session = toSession(rows[0] as SessionRow);
    this.setCookie(res, id, session);
    req.session = session;
    return session;
  }

  private async end(idHash: string): Promise<void> {
    await this.pool.query('delete from http_sessions where id_hash = $1', [idHash]);
    this.cache.evict(idHash);
  }

  private setCookie(res: Response, id: string, session: ActiveSession): void {
    res.cookie(SESSION_COOKIE, id, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.isProduction,
      path: '/',
      maxAge: session.expiresAt - Date.now(),
    });
  }
}
