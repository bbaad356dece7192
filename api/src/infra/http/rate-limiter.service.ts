import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { PG_POOL } from '../database/pg-pool';
import { TooManyRequestsException } from './http-exception.filter';

export interface LimitRule {
  /** A stable name, part of the key. */
  name: string;
  points: number;
  durationSeconds: number;
  /** The 429's message, when this limit has its own (which limit the user reached). */
  message?: string;
}

/**
 * Throttles kept in PostgreSQL so every api replica shares them and they survive a Redis outage.
 * Limits are never permanent: a bucket empties after its window.
 */
@Injectable()
export class RateLimiterService implements OnModuleDestroy {
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

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
        throw new TooManyRequestsException(Math.max(1, Math.ceil(error.msBeforeNext / 1000)), rule.message);
      }
      throw error;
    }
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
