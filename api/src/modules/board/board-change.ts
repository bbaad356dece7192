import type { EntityManager } from '@mikro-orm/postgresql';
import type { SignedInUser } from '../users/signed-in-user-cache';
import type { BoardTransactions } from './board-transactions';
import { newCardFollowUp, recomputeFollowUps, type FollowUpTarget } from './board-follow-ups';
import * as sql from './board.queries';

/** A new card's follow-up state: the day it entered its column and its first due date. */
export interface NewCardFollowUp {
  columnEnteredOn: string;
  nextFollowUpOn: string | null;
}

/** Where a new card goes: its column, its order there (higher is nearer the top) and its follow-up state. */
export interface CardPlace<Column> {
  column: Column;
  verticalOrder: number;
  followUp: NewCardFollowUp;
}

/** A column as a new card needs it: which one, and its cadence (the card's first due date). */
export interface CardColumn {
  id: number;
  cadenceDays: number | null;
}

/**
 * Whose board a change is to: the user, the plan that decides the card allowance, and the time zone
 * whose calendar the follow-up dates are in.
 */
export type BoardOwner = Pick<SignedInUser, 'id' | 'plan' | 'timeZone'>;

/** How many more cards a board takes under an allowance (`limit` null: no limit, Infinity). */
export async function roomLeft(em: EntityManager, userId: number, limit: number | null): Promise<number> {
  if (limit === null) return Number.POSITIVE_INFINITY;
  const [row] = await em.execute<{ count: number }[]>(sql.CARD_COUNT, [userId]);
  return Math.max(0, limit - (row?.count ?? 0));
}

/**
 * One change to a board, handed to the work of `BoardService.change`. The work writes its own
 * module's rows through `em`, the change's transaction (a card's fields, a column's name, an
 * import's progress); the board's placement, a card's column and order, is decided only by the
 * operations here and by `BoardService`'s moves, which take the locks it needs (`insertCards` hands
 * the places it decided to the caller's one insert).
 */
export class BoardChange {
  /** Made by `BoardService.change` only, inside its transaction. */
  constructor(
    readonly em: EntityManager,
    readonly owner: BoardOwner,
    private readonly cardLimit: number | null,
    private readonly transactions: BoardTransactions,
    /** The owner's local date now (the follow-up dates' calendar). */
    readonly today: string,
  ) {}

  /**
   * Recomputes the follow-up dates of some cards (or of a column's) after the work changed one of
   * the rule's inputs through `em`: an interaction, a cadence, a schedule. The one place that
   * computes them (board-follow-ups.ts).
   */
  followUpsChanged(target: FollowUpTarget): Promise<number> {
    return recomputeFollowUps(this.em, this.owner.id, target);
  }

  /** How many more cards the owner's plan takes now (Infinity: no limit). */
  room(): Promise<number> {
    return roomLeft(this.em, this.owner.id, this.cardLimit);
  }

  /**
   * Adds as many of `cards` as the plan has room for at the top of a column, the first on top, and
   * says how much room there was. `column` finds the column once the room is known (nothing is
   * looked up when there is none); its lock is taken, as every writer of its orders takes it, then
   * `make` builds each card's row at its order, and they are inserted in one statement.
   */
  addCards<Card, Row extends object, Column extends CardColumn>(
    column: () => Promise<Column>,
    cards: readonly Card[],
    make: (card: Card, place: CardPlace<Column>) => Row,
  ): Promise<{ created: Row[]; room: number }> {
    return this.insertCards(column, cards, async (target, placed, followUp) => {
      const created = placed.map(({ card, verticalOrder }) => make(card, { column: target, verticalOrder, followUp }));
      await this.em.persist(created).flush();
      return created;
    });
  }

  /**
   * `addCards` for a caller that writes the cards itself, in one statement of its own rather than
   * through the unit of work (an import's batch of 1,000: `ContactsService.insertCards`): the same
   * room, column lock and orders, then `insert` gets the column and the cards that fit with their
   * orders, the first on top, and the follow-up state every one of them starts with (it entered the
   * column today), and answers what it wrote.
   */
  async insertCards<Card, Written, Column extends CardColumn>(
    column: () => Promise<Column>,
    cards: readonly Card[],
    insert: (
      column: Column,
      placed: { card: Card; verticalOrder: number }[],
      followUp: NewCardFollowUp,
    ) => Promise<Written[]>,
  ): Promise<{ created: Written[]; room: number }> {
    const room = await this.room();
    if (room === 0 || cards.length === 0) return { created: [], room };
    const target = await column();
    await this.transactions.lockColumns(this.em, this.owner.id, [target.id]);
    const [row] = await this.em.execute<{ top: number | null }[]>(sql.TOP_ORDER, [target.id]);
    const top = (row?.top ?? -1) + 1;
    const taken = cards.slice(0, room);
    const created = await insert(
      target,
      taken.map((card, index) => ({ card, verticalOrder: top + taken.length - 1 - index })),
      newCardFollowUp(target.cadenceDays, this.today),
    );
    return { created, room };
  }

  /**
   * Puts people of the network on the board, at the top of a column in the order given (the first
   * on top), as one move: the column's lock, as every writer of its orders takes it, then one
   * update; they enter the column today and the rule gives them their due state. The caller checked
   * that they are the owner's, in the network, and that the plan has room (`room()`).
   */
  async toBoard(column: CardColumn, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.transactions.lockColumns(this.em, this.owner.id, [column.id]);
    const [row] = await this.em.execute<{ top: number | null }[]>(sql.TOP_ORDER, [column.id]);
    const top = (row?.top ?? -1) + 1;
    const orders = ids.map((id, index) => ({ id, vertical_order: top + ids.length - 1 - index }));
    await this.em.execute(sql.TO_BOARD, [column.id, this.today, JSON.stringify(orders), this.owner.id]);
    await this.followUpsChanged({ contactIds: ids });
  }

  /**
   * Takes cards off the board into the network: no column, and by the rule no due state (so no
   * reminder, no Today, no bell, no calendar). The rest of the person stays.
   */
  async toNetwork(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.em.execute(sql.TO_NETWORK, [this.owner.id, [...ids]]);
    await this.followUpsChanged({ contactIds: ids });
  }

  /** The owner's people among `ids`, with whether each is on the board (a stranger's id is not among them). */
  async placesOf(ids: readonly number[]): Promise<Map<number, boolean>> {
    const rows = await this.em.execute<{ id: number; on_board: boolean }[]>(sql.PEOPLE_PLACES, [
      this.owner.id,
      [...ids],
    ]);
    return new Map(rows.map((row) => [row.id, row.on_board]));
  }

  /** The position a new column takes: the highest one plus one (the change holds the user's row lock, so it stays free). */
  async nextColumnPosition(): Promise<number> {
    const [row] = await this.em.execute<{ max: number | null }[]>(sql.MAX_COLUMN_POSITION, [this.owner.id]);
    return (row?.max ?? -1) + 1;
  }
}
