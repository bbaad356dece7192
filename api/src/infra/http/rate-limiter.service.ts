import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsException } from './http-exception.filter';

export const PG_POOL = Symbol('PG_POOL');

export interface LimitRule {
  /** A stable name, part of the key. */
  name: string;
  points: number;
  durationSeconds: number;
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

  /** Counts one attempt; throws 429 with Retry-After once the rule's points are spent. */
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

  /** Throws 429 when the subject has no points left, without spending one. */
  async assertNotBlocked(rule: LimitRule, subject: string): Promise<void> {
    const state = await this.limiter(rule).get(subject);
    if (state && state.remainingPoints <= 0 && state.msBeforeNext > 0) {
      throw new TooManyRequestsException(Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
    }
  }

  /** Counts a failure without throwing (login counts failures, not attempts). */
  async penalize(rule: LimitRule, subject: string): Promise<void> {
    await this.limiter(rule).penalty(subject, 1);
  }

  async reset(rule: LimitRule, subject: string): Promise<void> {
    await this.limiter(rule).delete(subject);
  }

  onModuleDestroy(): void {
    this.limiters.clear();
  }
}
