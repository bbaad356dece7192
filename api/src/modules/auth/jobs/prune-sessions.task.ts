import { Injectable } from '@nestjs/common';
import { ScheduledTask, type RunnableTask, type TaskResult } from '../../../infra/schedule/scheduled-task';
import { SessionsService } from '../sessions/sessions.service';
import { PRUNE_SESSIONS } from './auth.jobs';

/**
 * Removes expired session rows. Expired sessions are refused already; this keeps the table small.
 * One bounded DELETE, so it runs here rather than through a queue.
 */
@ScheduledTask(PRUNE_SESSIONS)
@Injectable()
export class PruneSessionsTask implements RunnableTask {
  constructor(private readonly sessions: SessionsService) {}

  async run(): Promise<TaskResult> {
    return { removed: await this.sessions.pruneExpired() };
  }
}
