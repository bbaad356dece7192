import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

/** The bell: notifications raised by next-contact dates. */
@Module({
  imports: [ContactsModule],
  controllers: [NotificationsController],
  providers: [NotificationsService],
  exports: [NotificationsService],
})
export class NotificationsModule {}
