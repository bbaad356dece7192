import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { THROTTLE_POOL } from '../database/pg-pool';
import { TooManyRequestsException } from './http-exception.filter';

export interface LimitRule {
  /** A stable name, part of the key. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** One attempt against each of several buckets: rate-limiter-flexible's upsert, for many keys at once. */
const CONSUME_ALL = `insert into rate_limits (key, points, expire)
  select key, 1, expire from unnest($1::text[], $2::bigint[]) as attempt(key, expire)
  on conflict (key) do update set
    points = case when rate_limits.expire <= $3 then 1 else rate_limits.points + 1 end,
    expire = case when rate_limits.expire <= $3 then excluded.expire else rate_limits.expire end
  returning key, points, expire`;

/**
 * Throttles kept in PostgreSQL so every api replica shares them and they survive a Redis outage.
 * Limits are never permanent: a bucket empties after its window. Counted on a pool of their own
 * whose commits do not wait for the disk (`THROTTLE_POOL`).
 */
@Injectable()
export class RateLimiterService implements OnModuleDestroy {
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(@Inject(THROTTLE_POOL) private readonly pool: Pool) {}

  private limiter(rule: LimitRule): RateLimiterPostgres {
    const key = `${rule.name}:${rule.points}:${rule.durationSeconds}`;
    let limiter = this.limiters.get(key);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: this.pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: rule.name,
        points: rule.points,
        duration: rule.durationSeconds,
      });
      this.limiters.set(key, limiter);
    }
    return limiter;
  }

  /** Counts one attempt, atomically; throws 429 with Retry-After once the rule's points are spent. */
  async consume(rule: LimitRule, subject: string): Promise<void> {
    try {
      await this.limiter(rule).consume(subject);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new TooManyRequestsException(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      }
      throw error;
    }
  }

  /**
   * Counts one attempt against several rules in one statement (the rows and semantics of
   * `consume`: a bucket restarts once its window has ended) and answers, per attempt in order, the
   * seconds until it may pass again, or 0 when it passed. Nothing throws for a spent rule: the
   * caller decides which refusal to report, and may refund the attempts that passed.
   */
  async consumeAll(attempts: readonly { rule: LimitRule; subject: string }[]): Promise<number[]> {
    const now = Date.now();
    const keys = attempts.map(({ rule, subject }) => `${rule.name}:${subject}`);
    // Rows are locked in key order, so two of these statements never deadlock.
    const order = keys.map((_, i) => i).sort((a, b) => (keys[a] ?? '').localeCompare(keys[b] ?? ''));
    const { rows } = await this.pool.query<{ key: string; points: number; expire: string }>({
      name: 'tend-throttle-consume-all',
      text: CONSUME_ALL,
      values: [order.map((i) => keys[i]), order.map((i) => now + (attempts[i]?.rule.durationSeconds ?? 0) * 1000), now],
    });
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return attempts.map(({ rule }, i) => {
      const row = byKey.get(keys[i] ?? '');
      if (!row || row.points <= rule.points) return 0;
      return Math.max(1, Math.ceil((Number(row.expire) - now) / 1000));
    });
  }

  /**
   * Gives back a point `consume` took (a login that succeeded: only failures should count).
   * Attempts are always counted before the work they guard, and refunded after, never the other
   * way round: "check, work, then count" lets a burst of parallel attempts all pass the check.
   */
  async refund(rule: LimitRule, subject: string): Promise<void> {
    await this.limiter(rule).reward(subject, 1);
  }

  /** Housekeeping for the scheduler: rows whose window has ended count for nothing any more. */
  async pruneExpired(): Promise<number> {
    const { rowCount } = await this.pool.query(
      'delete from rate_limits where expire is not null and expire < (extract(epoch from now()) * 1000)::bigint',
    );
    return rowCount ?? 0;
  }

  onModuleDestroy(): void {
    this.limiters.clear();
  }
}
