import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { cardLimitFor } from '@tend/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { UsersService } from '../users/users.service';
import { BoardCache, type BoardSnapshot } from './board-cache';
import * as sql from './board.queries';

/** What a write knows of its user: the id, and the plan that decides the card allowance. */
export type BoardOwner = Pick<SignedInUser, 'id' | 'plan'>;

/**
 * The one owner of a user's board (columns and cards as a whole): every write to it runs in
 * `write()`, and every read of the whole board comes from `read()`.
 *
 * Rules for writers:
 * - `write(userId, work)` runs `work` in one transaction that first bumps `users.board_version`.
 *   The bump takes the user's row lock, so one user's board writes run one at a time and never
 *   deadlock; the version is the key of the cached board read.
 * - Inside `work`, use the EntityManager it is given (and pass it on to what you call): that is
 *   the transaction.
 * - A writer of column orders locks those columns first (`lockColumns`), always in id order.
 */
@Injectable()
export class BoardService {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly cache: BoardCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async write<T>(userId: number, work: (em: EntityManager) => Promise<T>): Promise<T> {
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

  /** Locks the given columns of one user (in id order) inside a write; answers the ones that exist. */
  lockColumns(em: EntityManager, userId: number, tierIds: number[]): Promise<{ id: number; position: number }[]> {
    const ids = [...new Set(tierIds)].sort((a, b) => a - b);
    return em.execute<{ id: number; position: number }[]>(sql.lockColumns(ids.length), [userId, ...ids]);
  }

  /** How many cards the user's plan may hold (null: unlimited), from the plan and the configuration. */
  cardLimit(owner: Pick<BoardOwner, 'plan'>): number | null {
    return cardLimitFor(owner.plan, this.config.freePlanCardLimit);
  }

  async cardCount(em: EntityManager, userId: number): Promise<number> {
    const [row] = await em.execute<{ count: number }[]>(sql.CARD_COUNT, [userId]);
    return row?.count ?? 0;
  }

  /** The order a card put at the top of a (locked) column takes. */
  async topOrder(em: EntityManager, tierId: number): Promise<number> {
    const [row] = await em.execute<{ top: number | null }[]>(sql.TOP_ORDER, [tierId]);
    return (row?.top ?? -1) + 1;
  }

  /** A user's cards that have a LinkedIn URL or an email (one statement, whatever the board's size). */
  keyedCards(
    em: EntityManager,
    userId: number,
  ): Promise<{ id: number; linked_in: string | null; email: string | null }[]> {
    return em.execute(sql.KEYED_CARDS, [userId]);
  }

  async columnSize(em: EntityManager, tierId: number): Promise<number> {
    const [row] = await em.execute<{ count: number }[]>(sql.COLUMN_SIZE, [tierId]);
    return row?.count ?? 0;
  }

  /** The position a new column takes: the highest one plus one (the user's row lock keeps it free). */
  async nextColumnPosition(em: EntityManager, userId: number): Promise<number> {
    const [row] = await em.execute<{ max: number | null }[]>(sql.MAX_COLUMN_POSITION, [userId]);
    return (row?.max ?? -1) + 1;
  }

  /** Whether a card lies beyond a limited plan's allowance (the newest cards stay visible). */
  async isHidden(owner: BoardOwner, card: { id: number; createdAt: Date }): Promise<boolean> {
    const limit = this.cardLimit(owner);
    if (limit === null) return false;
    const [row] = await this.em.execute<{ count: number }[]>(sql.NEWER_CARDS, [
      owner.id,
      card.createdAt,
      card.createdAt,
      card.id,
    ]);
    return (row?.count ?? 0) >= limit;
  }

  /** The ids of the cards a limited plan shows (the newest, up to the allowance); null: all of them. */
  async visibleIds(owner: BoardOwner): Promise<number[] | null> {
    const limit = this.cardLimit(owner);
    if (limit === null) return null;
    const rows = await this.em.execute<{ id: number }[]>(sql.VISIBLE_CARDS, [owner.id, limit]);
    return rows.map((row) => row.id);
  }

  /**
   * The whole board as the client shows it, serialized once per board version: every card, or
   * the newest ones up to a limited plan's allowance.
   */
  read(user: Pick<SignedInUser, 'id' | 'plan' | 'boardVersion'>): Promise<BoardSnapshot> {
    const limit = this.cardLimit(user);
    return this.cache.get(`${user.id}:${user.boardVersion}:${limit ?? 'all'}`, async () => {
      const [row] = await this.em.execute<{ json: string }[]>(
        sql.boardJson({ limited: limit !== null, tierFilter: false }),
        limit === null ? [user.id] : [user.id, user.id, limit],
      );
      return row?.json ?? '[]';
    });
  }
}
