import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { PruneRateLimitsTask } from './prune-rate-limits.task';
import { PruneSessionsTask } from './prune-sessions.task';
import { AUTH_JOBS } from './auth.jobs';

/** The auth module's worker part: pruning expired sessions and ended throttle windows. */
@Module({ imports: [SessionsModule], providers: [PruneSessionsTask, PruneRateLimitsTask] })
export class AuthWorkerModule {
  /** Its module's declaration, read by the composition root (app/worker-modules.ts). */
  static readonly jobs = AUTH_JOBS;
}
