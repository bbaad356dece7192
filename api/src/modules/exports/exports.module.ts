import { Module } from '@nestjs/common';
import { FileStorage } from '../../infra/storage/file-storage';
import { ContactsModule } from '../contacts/contacts.module';
import { InteractionsModule } from '../interactions/interactions.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { TiersModule } from '../tiers/tiers.module';
import { ExportsController } from './exports.controller';
import { ExportsService } from './exports.service';

/** Taking everything out: the export zip (CSV, vCard, JSON and photos), built by a job, downloaded once. */
@Module({
  imports: [ContactsModule, TiersModule, InteractionsModule, NotificationsModule],
  controllers: [ExportsController],
  providers: [ExportsService, FileStorage],
  exports: [ExportsService],
})
export class ExportsModule {}
