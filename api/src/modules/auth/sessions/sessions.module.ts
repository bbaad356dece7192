import { Module } from '@nestjs/common';
import { SessionsService } from './sessions.service';

/** Sessions for the HTTP role (resolving, signing in and out) and their housekeeping for the scheduler. */
@Module({ providers: [SessionsService], exports: [SessionsService] })
export class SessionsModule {}
