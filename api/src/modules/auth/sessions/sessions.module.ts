import { Module } from '@nestjs/common';
import { JobsModule } from '../../../infra/queue/job-declarations';
import { AUTH_JOBS } from '../jobs/auth.jobs';
import { SessionsService } from './sessions.service';

/** Sessions for the HTTP role (resolving, signing in and out) and their housekeeping for the scheduler. */
@Module({ imports: [JobsModule.declare(AUTH_JOBS)], providers: [SessionsService], exports: [SessionsService] })
export class SessionsModule {}
