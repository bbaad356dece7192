import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { SessionsService } from './sessions.service';

/**
 * Removes expired session rows. Expired sessions are refused already; this keeps the table small.
 * One bounded DELETE, so it runs here rather than through a queue.
 */
@Injectable()
export class PruneSessionsTask {
  private readonly logger = new Logger(PruneSessionsTask.name);

  constructor(private readonly sessions: SessionsService) {}

  @Cron(CronExpression.EVERY_30_MINUTES, { name: 'sessions.prune-expired' })
  async pruneExpired(): Promise<void> {
    const removed = await this.sessions.pruneExpired();
    if (removed > 0) this.logger.log(`Removed ${removed} expired session(s).`);
  }
}
