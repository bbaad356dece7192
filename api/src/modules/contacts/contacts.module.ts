import { Module } from '@nestjs/common';
import { FileStorage } from '../../infra/storage/file-storage';
import { TiersModule } from '../tiers/tiers.module';
import { UsersModule } from '../users/users.module';
import { BoardCache } from './board-cache';
import { ContactMovesService } from './contact-moves.service';
import { ContactPhotosService } from './contact-photos.service';
import { ContactsController } from './contacts.controller';
import { ContactsService } from './contacts.service';

@Module({
  imports: [TiersModule, UsersModule],
  controllers: [ContactsController],
  providers: [BoardCache, ContactsService, ContactMovesService, ContactPhotosService, FileStorage],
  exports: [ContactsService],
})
export class ContactsModule {}
