import { Module } from '@nestjs/common';
import { JobsModule } from '../../infra/queue/job-declarations';
import { FileStorage } from '../../infra/storage/file-storage';
import { ContactsModule } from '../contacts/contacts.module';
import { InteractionsModule } from '../interactions/interactions.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { TiersModule } from '../tiers/tiers.module';
import { UsersModule } from '../users/users.module';
import { ExportsController } from './exports.controller';
import { ExportsService } from './exports.service';
import { EXPORTS_JOBS } from './jobs/exports.jobs';

/** Taking everything out: the export zip (CSV, vCard, JSON and photos), built by a job, downloaded once. */
@Module({
  imports: [
    ContactsModule,
    TiersModule,
    InteractionsModule,
    NotificationsModule,
    UsersModule,
    JobsModule.declare(EXPORTS_JOBS),
  ],
  controllers: [ExportsController],
  providers: [ExportsService, FileStorage],
  exports: [ExportsService],
})
export class ExportsModule {}
