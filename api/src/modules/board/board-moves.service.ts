import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { moveOrders } from '@tend/contracts';
import { Clock } from '../../infra/time/clock';
import { recomputeFollowUps } from './board-follow-ups';
import {
  COLUMN_NOT_FOUND_MESSAGE,
  CONTACT_NOT_FOUND_MESSAGE,
  FIRST_COLUMN_MOVE_MESSAGE,
  IN_NETWORK_MESSAGE,
} from './board.errors';
import type { BoardOwner } from './board-change';
import { BoardTransactions } from './board-transactions';
import * as sql from './board.queries';

/** Where the spec's client PATCH puts a card: a column by id or by legacy position, or an order. */
export interface LegacyPlacement {
  tier_id?: number | undefined;
  column_order?: number | undefined;
  vertical_order?: number | undefined;
}

/**
 * Moves of cards and columns (internal to modules/board: `BoardService` offers them). A card's
 * move is one transaction of a fixed number of statements, whatever the board's size: bump the
 * board version (the user's row lock), read the card's column, lock both columns, read both
 * columns, one UPDATE for the changed rows, read the result: 6 statements plus BEGIN and COMMIT;
 * a move to another column adds the follow-up recompute of the moved card (its rule's inputs, and
 * its new date when the new column's cadence changed it).
 */
@Injectable()
export class BoardMovesService {
  constructor(
    private readonly em: EntityManager,
    private readonly transactions: BoardTransactions,
    private readonly clock: Clock,
  ) {}

  /** Returns both columns as JSON text (the response body); `limit` is the owner's card allowance. */
  async move(
    user: BoardOwner,
    limit: number | null,
    contactId: number,
    toTierId: number,
    visibleIndex: number,
  ): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const result = await this.tryMove(user, limit, contactId, toTierId, visibleIndex);
      if (result !== null) return result;
      // The card changed column between our read and our lock: read again (rare, bounded).
      if (attempt >= 4) throw new ConflictException({ errors: ['The board changed meanwhile. Please try again.'] });
    }
  }

  /**
   * The spec's client changes a card's place through `PATCH /api/contacts/{id}` (`tier_id`, a
   * legacy `column_order`, or `vertical_order`): the same move, worked out from those fields.
   * Answers whether the card moved.
   */
  async applyLegacyPlacement(
    user: BoardOwner,
    limit: number | null,
    contactId: number,
    placement: LegacyPlacement,
  ): Promise<boolean> {
    if (
      placement.tier_id === undefined &&
      placement.column_order === undefined &&
      placement.vertical_order === undefined
    ) {
      return false;
    }
    const [card] = await this.em.execute<{ tier_id: number | null; position: number; vertical_order: number }[]>(
      sql.CARD_PLACE,
      [contactId, user.id],
    );
    if (!card) throw new NotFoundException({ errors: [CONTACT_NOT_FOUND_MESSAGE] });
    // A person in the network has no place to change: the board takes them through a bulk move.
    if (card.tier_id === null) throw new UnprocessableEntityException({ errors: [IN_NETWORK_MESSAGE] });
    const target =
      placement.tier_id !== undefined
        ? placement.tier_id
        : placement.column_order !== undefined && placement.column_order !== card.position
          ? await this.columnAt(user.id, placement.column_order)
          : undefined;
    if (target !== undefined && target !== card.tier_id) {
      await this.move(user, limit, contactId, target, 0);
      return true;
    }
    if (placement.vertical_order !== undefined && placement.vertical_order !== card.vertical_order) {
      const [column] = await this.em.execute<{ count: number }[]>(sql.COLUMN_SIZE, [card.tier_id]);
      const size = column?.count ?? 0;
      await this.move(user, limit, contactId, card.tier_id, Math.max(0, size - 1 - placement.vertical_order));
      return true;
    }
    return false;
  }

  /**
   * Moves a column to another position, swapping places with the column there; the first column
   * (position 0) stays put. Both columns are locked in id order before either moves.
   */
  moveColumn(userId: number, tierId: number, position: number): Promise<void> {
    return this.transactions.run(userId, async (em) => {
      const locked = await em.execute<{ id: number; position: number }[]>(sql.LOCK_COLUMN_AND_POSITION, [
        userId,
        tierId,
        position,
      ]);
      const column = locked.find((t) => t.id === tierId);
      if (!column) throw new NotFoundException({ errors: [COLUMN_NOT_FOUND_MESSAGE] });
      if (column.position === 0) throw new UnprocessableEntityException({ errors: [FIRST_COLUMN_MOVE_MESSAGE] });
      if (column.position === position) return;
      const other = locked.find((t) => t.id !== tierId);
      // The (user, position) pair is unique: park this column on -1 while swapping.
      await em.execute(sql.SET_COLUMN_POSITION, [-1, tierId, userId]);
      if (other) await em.execute(sql.SET_COLUMN_POSITION, [column.position, other.id, userId]);
      await em.execute(sql.SET_COLUMN_POSITION, [position, tierId, userId]);
    });
  }

  /** The column a legacy `column_order` names, else the first column. */
  private async columnAt(userId: number, position: number): Promise<number> {
    const [row] = await this.em.execute<{ id: number }[]>(sql.COLUMN_AT_POSITION, [userId, position]);
    if (!row) throw new NotFoundException({ errors: [COLUMN_NOT_FOUND_MESSAGE] });
    return row.id;
  }

  /**
   * Locks are always taken columns first (in id order), never a card first: every writer of a
   * column's orders holds that column's lock, so two moves can never wait on each other in a cycle.
   */
  private tryMove(
    user: BoardOwner,
    limit: number | null,
    contactId: number,
    toTierId: number,
    visibleIndex: number,
  ): Promise<string | null> {
    const limited = limit !== null;
    return this.transactions.run(user.id, async (em) => {
      const [card] = await em.execute<{ tier_id: number | null }[]>(sql.CARD_COLUMN, [contactId, user.id]);
      if (!card) throw new NotFoundException({ errors: [CONTACT_NOT_FOUND_MESSAGE] });
      if (card.tier_id === null) throw new UnprocessableEntityException({ errors: [IN_NETWORK_MESSAGE] });
      const fromTierId = card.tier_id;
      const locked = await this.transactions.lockColumns(em, user.id, [fromTierId, toTierId]);
      if (!locked.some((t) => t.id === toTierId)) throw new NotFoundException({ errors: [COLUMN_NOT_FOUND_MESSAGE] });

      const rows = await em.execute<{ id: number; tier_id: number; vertical_order: number; visible: boolean }[]>(
        sql.columnsOfMove(limited),
        limited ? [user.id, limit, user.id, fromTierId, toTierId] : [user.id, fromTierId, toTierId],
      );
      if (!rows.some((r) => r.id === contactId && r.tier_id === fromTierId)) return null;
      // The rows come top to bottom (board order), so each column's ids are in order too.
      const columnOf = (tierId: number) => rows.filter((r) => r.tier_id === tierId).map((r) => r.id);
      const orders = moveOrders({
        cardId: contactId,
        from: columnOf(fromTierId),
        to: fromTierId === toTierId ? undefined : columnOf(toTierId),
        index: visibleIndex,
        visible: limited ? new Set(rows.filter((r) => r.visible).map((r) => r.id)) : null,
      });

      const current = new Map(rows.map((r) => [r.id, r]));
      const changed = [...orders].filter(([id, order]) => {
        const row = current.get(id);
        return !row || row.vertical_order !== order || (id === contactId && row.tier_id !== toTierId);
      });
      if (changed.length > 0) {
        await em.execute(sql.setOrders(changed.length), [
          this.clock.today(user),
          ...changed.flatMap(([id, order]) => [
            id,
            order,
            id === contactId ? toTierId : (current.get(id)?.tier_id ?? toTierId),
          ]),
          user.id,
        ]);
      }
      // Entering another column counts its cadence from today; an explicit date stays (the rule).
      if (fromTierId !== toTierId) await recomputeFollowUps(em, user.id, { contactIds: [contactId] });
      const [result] = await em.execute<{ json: string }[]>(
        sql.boardJson({ limited, tierFilter: true }),
        limited ? [user.id, fromTierId, toTierId, user.id, limit] : [user.id, fromTierId, toTierId],
      );
      return `{"contacts":${result?.json ?? '[]'}}`;
    });
  }
}
