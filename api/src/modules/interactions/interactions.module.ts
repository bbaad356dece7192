import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { FollowUpDateController } from './follow-up-date.controller';
import { InteractionsController } from './interactions.controller';
import { InteractionsService } from './interactions.service';

/** Interaction notes: what happened with each person, and when to follow up. */
@Module({
  imports: [ContactsModule, NotificationsModule],
  controllers: [InteractionsController, FollowUpDateController],
  providers: [InteractionsService],
  exports: [InteractionsService],
})
export class InteractionsModule {}
