import { Module } from '@nestjs/common';
import { BoardModule } from '../board/board.module';
import { ContactsModule } from '../contacts/contacts.module';
import { InteractionsModule } from '../interactions/interactions.module';
import { FollowUpsController } from './follow-ups.controller';
import { FollowUpsService } from './follow-ups.service';

/** The daily loop (PRODUCT.md, "The daily loop"): Today, Done and Snooze. */
@Module({
  imports: [BoardModule, ContactsModule, InteractionsModule],
  controllers: [FollowUpsController],
  providers: [FollowUpsService],
  // The reminder digest lists Today's people and carries out its Done and Snooze links.
  exports: [FollowUpsService],
})
export class FollowUpsModule {}
