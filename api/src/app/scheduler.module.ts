import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { MailModule } from '../modules/mail/mail.module';
import { MailRedeliveryTask } from '../modules/mail/jobs/mail-redelivery.task';
import { PruneSessionsTask } from '../modules/auth/sessions/prune-sessions.task';
import { SessionsModule } from '../modules/auth/sessions/sessions.module';

/** The scheduler role: timed tasks that enqueue for the worker (or, for one small DELETE, do it). */
@Module({
  imports: [ScheduleModule.forRoot(), MailModule, SessionsModule],
  providers: [MailRedeliveryTask, PruneSessionsTask],
})
export class SchedulerModule {}
