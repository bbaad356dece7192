import { Inject, Injectable } from '@nestjs/common';
import { draftDailyQuotaMessage, draftRateLimitMessage, localDate } from '@tend/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { TooManyRequestsException } from '../../infra/http/http-exception.filter';
import { RateLimiterService, type LimitRule } from '../../infra/http/rate-limiter.service';
import { Clock } from '../../infra/time/clock';
import type { SignedInUser } from '../users/signed-in-user-cache';

type DraftOwner = Pick<SignedInUser, 'id' | 'plan' | 'timeZone'>;

/** The seconds from `now` until the next day begins in `timeZone` (exact, daylight saving included). */
export function secondsUntilNextDay(timeZone: string, now: Date): number {
  const today = localDate(timeZone, now);
  // The day ends within 26 hours; find its last second by halving (local days are 23 to 25 hours).
  let low = now.getTime();
  let high = low + 26 * 3_600_000;
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (localDate(timeZone, new Date(middle)) === today) low = middle;
    else high = middle;
  }
  return Math.max(1, Math.ceil((high - now.getTime()) / 1_000));
}

/** A counted draft: its day's point can be given back when no draft came of it. */
export interface CountedDraft {
  refund(): Promise<void>;
}

/**
 * Per-user limits on drafts, in PostgreSQL like the other throttles (every api replica shares
 * them): a few a minute, and a daily quota by plan, the day being the user's own local day. Both
 * are counted before the work; a draft that failed gives its day's point back.
 */
@Injectable()
export class DraftLimits {
  private readonly perMinute: LimitRule;

  constructor(
    private readonly limiter: RateLimiterService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.perMinute = { name: 'ai-minute', points: config.ai.perMinute, durationSeconds: 60 };
  }

  /**
   * Counts one draft against both limits (429 with Retry-After, naming the limit, past either). A
   * draft refused by the minute's limit does not count against the day.
   */
  async count(user: DraftOwner): Promise<CountedDraft> {
    const points = user.plan === 'premium' ? this.config.ai.dailyLimitPremium : this.config.ai.dailyLimitFree;
    // The day is in the key, so a new local day starts a new count; the window outlives any day.
    const perDay: LimitRule = { name: 'ai-day', points, durationSeconds: 26 * 3_600 };
    const now = this.clock.now();
    const subject = `${user.id}:${localDate(user.timeZone, now)}`;
    // Both counted in one statement.
    const [minuteWait = 0, dayWait = 0] = await this.limiter.consumeAll([
      { rule: this.perMinute, subject: String(user.id) },
      { rule: perDay, subject },
    ]);
    if (minuteWait > 0) {
      if (dayWait === 0) await this.limiter.refund(perDay, subject);
      throw new TooManyRequestsException(minuteWait, draftRateLimitMessage(this.config.ai.perMinute));
    }
    if (dayWait > 0) {
      throw new TooManyRequestsException(secondsUntilNextDay(user.timeZone, now), draftDailyQuotaMessage(points));
    }
    return { refund: () => this.limiter.refund(perDay, subject) };
  }
}
