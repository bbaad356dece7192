import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { cardLimitFor } from '@tend/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Clock } from '../../infra/time/clock';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { BoardCache, type BoardSnapshot } from './board-cache';
import { BoardChange, roomLeft, type BoardOwner, type CardColumn, type NewCardFollowUp } from './board-change';
import * as followUps from './board-follow-ups';
import { BoardMovesService, type LegacyPlacement } from './board-moves.service';
import { BoardTransactions } from './board-transactions';
import * as sql from './board.queries';

export type { BoardSnapshot } from './board-cache';
export { BoardChange, type BoardOwner, type CardColumn, type LegacyPlacement, type NewCardFollowUp };
export type { FollowUpRow } from './board-follow-ups';

/**
 * The one owner of a user's board (columns and cards as a whole), and the only way other modules
 * change it: every write runs through the operations here, which take the board's locks in the one
 * order that cannot deadlock (`BoardTransactions`), and every read of the whole board comes from
 * `read()`. A card's column and order and a column's position are written only here.
 */
@Injectable()
export class BoardService {
  constructor(
    private readonly em: EntityManager,
    private readonly transactions: BoardTransactions,
    private readonly moves: BoardMovesService,
    private readonly cache: BoardCache,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Runs `work` as one change to the owner's board, in one transaction that holds the board's
   * write lock: `work` writes its own rows through `change.em` and adds cards with
   * `change.addCards` (see `BoardChange`).
   */
  change<T>(owner: BoardOwner, work: (change: BoardChange) => Promise<T>): Promise<T> {
    return this.transactions.run(owner.id, (em) =>
      work(new BoardChange(em, owner, this.cardLimit(owner), this.transactions, this.clock.today(owner))),
    );
  }

  /** Moves a card to `index` among the cards the user sees in a column; answers both columns as JSON text. */
  moveCard(owner: BoardOwner, contactId: number, toTierId: number, index: number): Promise<string> {
    return this.moves.move(owner, this.cardLimit(owner), contactId, toTierId, index);
  }

  /** The spec's client PATCH's `tier_id`, `column_order` or `vertical_order` as a move; answers whether it moved. */
  placeCard(owner: BoardOwner, contactId: number, placement: LegacyPlacement): Promise<boolean> {
    return this.moves.applyLegacyPlacement(owner, this.cardLimit(owner), contactId, placement);
  }

  /** Moves a column to a position, swapping with the column there; the first column stays first. */
  moveColumn(owner: BoardOwner, tierId: number, position: number): Promise<void> {
    return this.moves.moveColumn(owner.id, tierId, position);
  }

  /** How many cards the user's plan may hold (null: unlimited), from the plan and the configuration. */
  cardLimit(owner: Pick<BoardOwner, 'plan'>): number | null {
    return cardLimitFor(owner.plan, this.config.freePlanCardLimit);
  }

  /** How many more cards the owner's plan takes now (Infinity: no limit); a change asks `change.room()`. */
  room(owner: BoardOwner): Promise<number> {
    return roomLeft(this.em, owner.id, this.cardLimit(owner));
  }

  /**
   * Whether a card lies beyond a limited plan's allowance (the newest cards stay visible); a person in
   * the network (`onBoard` false) never is.
   */
  async isHidden(owner: BoardOwner, card: { id: number; createdAt: Date; onBoard?: boolean }): Promise<boolean> {
    const limit = this.cardLimit(owner);
    if (limit === null || card.onBoard === false) return false;
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

  /** The ids of the cards a limited plan hides (beyond the allowance, oldest first); the network is never hidden. */
  async hiddenIds(owner: BoardOwner, em: EntityManager = this.em): Promise<Set<number>> {
    const limit = this.cardLimit(owner);
    if (limit === null) return new Set();
    const rows = await em.execute<{ id: number }[]>(sql.HIDDEN_CARDS, [owner.id, limit]);
    return new Set(rows.map((row) => row.id));
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

  /**
   * A view computed only from rows every board write changes under the board version (cards, their
   * follow-up dates, columns, interactions), serialized once per version like `read()`: `view` names
   * it and whatever else it depends on (Today's date and goal), `build` makes its JSON on a miss.
   */
  cachedView(
    user: Pick<SignedInUser, 'id' | 'plan' | 'boardVersion'>,
    view: string,
    build: () => Promise<string>,
  ): Promise<BoardSnapshot> {
    const limit = this.cardLimit(user);
    return this.cache.get(`${user.id}:${user.boardVersion}:${limit ?? 'all'}:${view}`, build);
  }

  /**
   * The visible cards with a follow-up date on or before `until` (every date when left out), or the
   * one card `contactId` when it has a date, soonest first: what Today and the bell list.
   */
  async followUps(
    owner: BoardOwner,
    options: { until?: string; contactId?: number },
  ): Promise<followUps.FollowUpRow[]> {
    const limit = this.cardLimit(owner);
    const bindings: unknown[] = [owner.id];
    if (options.until !== undefined) bindings.push(options.until);
    if (options.contactId !== undefined) bindings.push(options.contactId);
    if (limit !== null) bindings.push(owner.id, limit);
    return this.em.execute<followUps.FollowUpRow[]>(
      followUps.followUpRows({
        until: options.until !== undefined,
        one: options.contactId !== undefined,
        limited: limit !== null,
      }),
      bindings,
    );
  }

  /** Marks a card's current follow-up date viewed or not (the bell); false when the card has none. */
  async setFollowUpViewed(owner: BoardOwner, contactId: number, viewed: boolean): Promise<boolean> {
    const rows = await this.em.execute<{ id: number }[]>(followUps.SET_VIEWED, [viewed, contactId, owner.id]);
    return rows.length > 0;
  }

  /** Records that a reminder email covered these cards' current dates (inside the delivery's transaction). */
  async markReminded(userId: number, ids: readonly number[], em: EntityManager = this.em): Promise<void> {
    if (ids.length > 0) await em.execute(followUps.MARK_REMINDED, [userId, [...ids]]);
  }
}
