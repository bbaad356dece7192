import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { TiersController } from './tiers.controller';
import { TiersService } from './tiers.service';

@Module({ imports: [UsersModule], controllers: [TiersController], providers: [TiersService], exports: [TiersService] })
export class TiersModule {}
