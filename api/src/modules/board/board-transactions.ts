import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { UsersService } from '../users/users.service';
import * as sql from './board.queries';

/**
 * How the board module writes; internal to modules/board (other modules call `BoardService`,
 * whose operations run here, so none of them can take the locks in another order):
 * - `run(userId, work)` runs `work` in one transaction that first bumps `users.board_version`.
 *   The bump takes the user's row lock, so one user's board writes run one at a time and never
 *   deadlock; the version is the key of the cached board read.
 * - A writer of column orders then locks those columns (`lockColumns`), always in id order.
 */
@Injectable()
export class BoardTransactions {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
  ) {}

  async run<T>(userId: number, work: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.em.transactional(async (em) => {
        await em.execute(sql.BUMP_BOARD_VERSION, [userId]);
        return work(em);
      });
    } finally {
      // This process drops the cached user row at once; others hear it through the row-change feed.
      this.users.forgetSignedIn(userId);
    }
  }

  /** Locks the given columns of one user (in id order) inside `run`; answers the ones that exist. */
  lockColumns(em: EntityManager, userId: number, tierIds: number[]): Promise<{ id: number; position: number }[]> {
    const ids = [...new Set(tierIds)].sort((a, b) => a - b);
    return em.execute<{ id: number; position: number }[]>(sql.lockColumns(ids.length), [userId, ...ids]);
  }
}
