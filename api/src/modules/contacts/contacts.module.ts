import { Module } from '@nestjs/common';
import { FileStorage } from '../../infra/storage/file-storage';
import { BoardModule } from '../board/board.module';
import { TiersModule } from '../tiers/tiers.module';
import { ContactPhotosService } from './contact-photos.service';
import { ContactsController } from './contacts.controller';
import { ContactsService } from './contacts.service';

@Module({
  imports: [BoardModule, TiersModule],
  controllers: [ContactsController],
  providers: [ContactsService, ContactPhotosService, FileStorage],
  exports: [ContactsService],
})
export class ContactsModule {}
