import { Module } from '@nestjs/common';
import { JobsModule } from '../../infra/queue/job-declarations';
import { FileStorage } from '../../infra/storage/file-storage';
import { BoardModule } from '../board/board.module';
import { ContactsModule } from '../contacts/contacts.module';
import { InteractionsModule } from '../interactions/interactions.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { TiersModule } from '../tiers/tiers.module';
import { UsersModule } from '../users/users.module';
import { ExportsService } from './exports.service';
import { ExportsController, ImportsController } from './imports.controller';
import { ImportsService } from './imports.service';
import { IMPORTS_JOBS } from './jobs/imports.jobs';

/** Bringing people in (LinkedIn, vCard, CSV) and taking everything out (the export zip). */
@Module({
  imports: [
    BoardModule,
    ContactsModule,
    TiersModule,
    InteractionsModule,
    NotificationsModule,
    UsersModule,
    JobsModule.declare(IMPORTS_JOBS),
  ],
  controllers: [ImportsController, ExportsController],
  providers: [ImportsService, ExportsService, FileStorage],
  exports: [ImportsService, ExportsService],
})
export class ImportsModule {}
