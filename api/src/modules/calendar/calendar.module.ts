import { Module } from '@nestjs/common';
import { BoardModule } from '../board/board.module';
import { UsersModule } from '../users/users.module';
import { CalendarFeedController, CalendarFileController } from './calendar.controller';
import { CalendarService } from './calendar.service';

/** The private calendar feed of follow-ups (`/calendar/{token}.ics`) and its address in Settings. */
@Module({
  imports: [UsersModule, BoardModule],
  controllers: [CalendarFeedController, CalendarFileController],
  providers: [CalendarService],
})
export class CalendarModule {}
