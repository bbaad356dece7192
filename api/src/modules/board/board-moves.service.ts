import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { COLUMN_NOT_FOUND_MESSAGE, CONTACT_NOT_FOUND_MESSAGE } from './board.errors';
import { insertionIndex, renumber } from './board-order';
import { BoardService, type BoardOwner } from './board.service';
import * as sql from './board.queries';

/** Where the spec's client PATCH puts a card: a column by id or by legacy position, or an order. */
export interface LegacyPlacement {
  tier_id?: number | undefined;
  column_order?: number | undefined;
  vertical_order?: number | undefined;
}

/**
 * A board move in one transaction and a fixed number of statements, whatever the board's size:
 * bump the board version (the user's row lock), read the card's column, lock both columns,
 * read both columns, one UPDATE for the changed rows, read the result: 6 statements plus BEGIN
 * and COMMIT.
 */
@Injectable()
export class BoardMovesService {
  constructor(
    private readonly em: EntityManager,
    private readonly board: BoardService,
  ) {}

  /** Returns both columns as JSON text (the response body). */
  async move(user: BoardOwner, contactId: number, toTierId: number, visibleIndex: number): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const result = await this.tryMove(user, contactId, toTierId, visibleIndex);
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
  async applyLegacyPlacement(user: BoardOwner, contactId: number, placement: LegacyPlacement): Promise<boolean> {
    const [card] = await this.em.execute<{ tier_id: number; position: number; vertical_order: number }[]>(
      sql.CARD_PLACE,
      [contactId, user.id],
    );
    if (!card) throw new NotFoundException({ errors: [CONTACT_NOT_FOUND_MESSAGE] });
    const target =
      placement.tier_id !== undefined
        ? placement.tier_id
        : placement.column_order !== undefined && placement.column_order !== card.position
          ? await this.columnAt(user.id, placement.column_order)
          : undefined;
    if (target !== undefined && target !== card.tier_id) {
      await this.move(user, contactId, target, 0);
      return true;
    }
    if (placement.vertical_order !== undefined && placement.vertical_order !== card.vertical_order) {
      const size = await this.board.columnSize(this.em, card.tier_id);
      await this.move(user, contactId, card.tier_id, Math.max(0, size - 1 - placement.vertical_order));
      return true;
    }
    return false;
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
  private tryMove(user: BoardOwner, contactId: number, toTierId: number, visibleIndex: number): Promise<string | null> {
    const limit = this.board.cardLimit(user);
    const limited = limit !== null;
    return this.board.write(user.id, async (em) => {
      const [card] = await em.execute<{ tier_id: number }[]>(sql.CARD_COLUMN, [contactId, user.id]);
      if (!card) throw new NotFoundException({ errors: [CONTACT_NOT_FOUND_MESSAGE] });
      const fromTierId = card.tier_id;
      const locked = await this.board.lockColumns(em, user.id, [fromTierId, toTierId]);
      if (!locked.some((t) => t.id === toTierId)) throw new NotFoundException({ errors: [COLUMN_NOT_FOUND_MESSAGE] });

      const rows = await em.execute<{ id: number; tier_id: number; vertical_order: number; visible: boolean }[]>(
        sql.columnsOfMove(limited),
        limited ? [user.id, limit, user.id, fromTierId, toTierId] : [user.id, fromTierId, toTierId],
      );
      if (!rows.some((r) => r.id === contactId && r.tier_id === fromTierId)) return null;
      const columnOf = (tierId: number) =>
        rows.filter((r) => r.tier_id === tierId && r.id !== contactId).map((r) => r.id);
      const visible = limited ? new Set(rows.filter((r) => r.visible).map((r) => r.id)) : null;

      const destination = columnOf(toTierId);
      destination.splice(insertionIndex(destination, visible, visibleIndex), 0, contactId);
      const orders = renumber(destination);
      if (fromTierId !== toTierId) for (const [id, order] of renumber(columnOf(fromTierId))) orders.set(id, order);

      const current = new Map(rows.map((r) => [r.id, r]));
      const changed = [...orders].filter(([id, order]) => {
        const row = current.get(id);
        return !row || row.vertical_order !== order || (id === contactId && row.tier_id !== toTierId);
      });
      if (changed.length > 0) {
        await em.execute(sql.setOrders(changed.length), [
          ...changed.flatMap(([id, order]) => [
            id,
            order,
            id === contactId ? toTierId : (current.get(id)?.tier_id ?? toTierId),
          ]),
          user.id,
        ]);
      }
      const [result] = await em.execute<{ json: string }[]>(
        sql.boardJson({ limited, tierFilter: true }),
        limited ? [user.id, fromTierId, toTierId, user.id, limit] : [user.id, fromTierId, toTierId],
      );
      return `{"contacts":${result?.json ?? '[]'}}`;
    });
  }
}
