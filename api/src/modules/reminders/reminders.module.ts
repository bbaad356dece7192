import { Module } from '@nestjs/common';
import { JobsModule } from '../../infra/queue/job-declarations';
import { BoardModule } from '../board/board.module';
import { ContactsModule } from '../contacts/contacts.module';
import { InteractionsModule } from '../interactions/interactions.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { REMINDERS_JOBS } from './jobs/reminders.jobs';
import { RemindersWatchdog } from './reminders-watchdog.service';
import { RemindersController } from './reminders.controller';
import { RemindersService } from './reminders.service';
import { UnsubscribeTokens } from './unsubscribe-tokens';

/** Daily follow-up reminder emails: the fan-out, the delivery, the unsubscribe link. */
@Module({
  imports: [
    ContactsModule,
    InteractionsModule,
    BoardModule,
    MailModule,
    UsersModule,
    JobsModule.declare(REMINDERS_JOBS),
  ],
  controllers: [RemindersController],
  providers: [RemindersService, UnsubscribeTokens, RemindersWatchdog],
  exports: [RemindersService, RemindersWatchdog],
})
export class RemindersModule {}
