import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { MailModule } from '../modules/mail/mail.module';
import { MailRedeliveryTask } from '../modules/mail/jobs/mail-redelivery.task';

/** The scheduler role: timed tasks that only enqueue; the worker does the work. */
@Module({ imports: [ScheduleModule.forRoot(), MailModule], providers: [MailRedeliveryTask] })
export class SchedulerModule {}
