import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { BoardCache } from './board-cache';
import { BoardMovesService } from './board-moves.service';
import { BoardTransactions } from './board-transactions';
import { BoardService } from './board.service';

/**
 * The board as a whole: the one writer of cards' columns and orders, columns' positions and the
 * board version (with its locks), moves, and the cached read. Columns (tiers) and cards (contacts)
 * build on it through `BoardService`, the only provider it exports.
 */
@Module({
  imports: [UsersModule],
  providers: [BoardService, BoardTransactions, BoardMovesService, BoardCache],
  exports: [BoardService],
})
export class BoardModule {}
