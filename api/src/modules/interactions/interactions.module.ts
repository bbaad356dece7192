import { Module } from '@nestjs/common';
import { BoardModule } from '../board/board.module';
import { ContactsModule } from '../contacts/contacts.module';
import { InteractionsController } from './interactions.controller';
import { InteractionsService } from './interactions.service';

/** Interaction notes: what happened with each person, and when to follow up. */
@Module({
  imports: [BoardModule, ContactsModule],
  controllers: [InteractionsController],
  providers: [InteractionsService],
  exports: [InteractionsService],
})
export class InteractionsModule {}
