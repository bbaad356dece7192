import { Module } from '@nestjs/common';
import { FileStorage } from '../../infra/storage/file-storage';
import { BoardModule } from '../board/board.module';
import { TiersModule } from '../tiers/tiers.module';
import { ContactPhotosService } from './contact-photos.service';
import { ContactsController } from './contacts.controller';
import { ContactsService } from './contacts.service';
import { NetworkController } from './network.controller';
import { NetworkService } from './network.service';

@Module({
  imports: [BoardModule, TiersModule],
  controllers: [ContactsController, NetworkController],
  providers: [ContactsService, ContactPhotosService, NetworkService, FileStorage],
  exports: [ContactsService],
})
export class ContactsModule {}
