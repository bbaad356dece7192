import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { BoardCache } from './board-cache';
import { BoardMovesService } from './board-moves.service';
import { BoardService } from './board.service';

/**
 * The board as a whole: the one writer of column orders and of the board version (with its
 * locks), moves, and the cached read. Columns (tiers) and cards (contacts) build on it.
 */
@Module({
  imports: [UsersModule],
  providers: [BoardService, BoardMovesService, BoardCache],
  exports: [BoardService, BoardMovesService],
})
export class BoardModule {}
