import { Module } from '@nestjs/common';
import { JobsModule } from '../../infra/queue/job-declarations';
import { BoardModule } from '../board/board.module';
import { ContactsModule } from '../contacts/contacts.module';
import { FollowUpsModule } from '../follow-ups/follow-ups.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { REMINDERS_JOBS } from './jobs/reminders.jobs';
import { RemindersWatchdog } from './reminders-watchdog.service';
import { EmailActionsController, RemindersController } from './reminders.controller';
import { RemindersService } from './reminders.service';
import { EmailLinks } from './email-links';

/** The reminder digest (daily or weekly, at the user's hour): the fan-out, the delivery, the links in it. */
@Module({
  imports: [ContactsModule, FollowUpsModule, BoardModule, MailModule, UsersModule, JobsModule.declare(REMINDERS_JOBS)],
  controllers: [RemindersController, EmailActionsController],
  providers: [RemindersService, EmailLinks, RemindersWatchdog],
  exports: [RemindersService, RemindersWatchdog],
})
export class RemindersModule {}
