import { Module } from '@nestjs/common';
import { BoardModule } from '../board/board.module';
import { TiersController } from './tiers.controller';
import { TiersService } from './tiers.service';

@Module({ imports: [BoardModule], controllers: [TiersController], providers: [TiersService], exports: [TiersService] })
export class TiersModule {}
