import { Injectable } from '@nestjs/common';
import { RateLimiterService } from '../../../infra/http/rate-limiter.service';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { PRUNE_RATE_LIMITS } from './auth.jobs';

/**
 * Removes throttle counters whose window has ended. Every attempt from a new address or email adds
 * a row, so without this anyone could grow the table for ever. One bounded DELETE.
 */
@ScheduledTask(PRUNE_RATE_LIMITS)
@Injectable()
export class PruneRateLimitsTask implements RunnableTask {
  constructor(private readonly limiter: RateLimiterService) {}

  async run(): Promise<TaskResult> {
    return { removed: await this.limiter.pruneExpired() };
  }
}
