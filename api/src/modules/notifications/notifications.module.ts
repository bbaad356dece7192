import { Module } from '@nestjs/common';
import { BoardModule } from '../board/board.module';
import { InteractionsModule } from '../interactions/interactions.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

/** The bell: the people whose follow-up date has come, a view of the daily loop's rule. */
@Module({
  imports: [BoardModule, InteractionsModule],
  controllers: [NotificationsController],
  providers: [NotificationsService],
  exports: [NotificationsService],
})
export class NotificationsModule {}
