import { Module } from '@nestjs/common';
import { JobsModule } from '../../infra/queue/job-declarations';
import { FileStorage } from '../../infra/storage/file-storage';
import { BoardModule } from '../board/board.module';
import { ContactsModule } from '../contacts/contacts.module';
import { TiersModule } from '../tiers/tiers.module';
import { UsersModule } from '../users/users.module';
import { ImportReaderService } from './import-reader.service';
import { ImportRowStore } from './import-row.store';
import { ImportsController } from './imports.controller';
import { ImportsService } from './imports.service';
import { IMPORTS_JOBS } from './jobs/imports.jobs';

/** Bringing people in: LinkedIn's export, vCard and CSV files, previewed, then run in batches. */
@Module({
  imports: [BoardModule, ContactsModule, TiersModule, UsersModule, JobsModule.declare(IMPORTS_JOBS)],
  controllers: [ImportsController],
  providers: [ImportsService, ImportReaderService, ImportRowStore, FileStorage],
  exports: [ImportsService, ImportReaderService],
})
export class ImportsModule {}
