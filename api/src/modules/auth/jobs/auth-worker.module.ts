import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { PruneRateLimitsTask } from './prune-rate-limits.task';
import { PruneSessionsTask } from './prune-sessions.task';

/** The auth module's worker part: pruning expired sessions and ended throttle windows. */
@Module({ imports: [SessionsModule], providers: [PruneSessionsTask, PruneRateLimitsTask] })
export class AuthWorkerModule {}
