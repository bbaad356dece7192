import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { FREE_PLAN_CARD_LIMIT } from '@tend/contracts';
import { COLUMN_NOT_FOUND_MESSAGE, TiersService } from '../tiers/tiers.service';
import { UsersService } from '../users/users.service';
import { insertionIndex, renumber } from './board-order';
import { contactsJsonQuery } from './contact-queries';
import type { SignedInUser } from '../users/signed-in-user-cache';

export const CONTACT_NOT_FOUND_MESSAGE = 'Contact not found.';

/**
 * A board move in one transaction and a fixed number of statements, whatever the board's size:
 * bump the board version (the user's row lock), read the card's column, lock both columns,
 * read both columns, one UPDATE for the changed rows, read the result: 6 statements plus BEGIN
 * and COMMIT.
 */
@Injectable()
export class ContactMovesService {
  constructor(
    private readonly em: EntityManager,
    private readonly tiers: TiersService,
    private readonly users: UsersService,
  ) {}

  /** Returns both columns as JSON text (the response body). */
  async move(user: SignedInUser, contactId: number, toTierId: number, visibleIndex: number): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const result = await this.tryMove(user, contactId, toTierId, visibleIndex);
      if (result !== null) return result;
      // The card changed column between our read and our lock: read again (rare, bounded).
      if (attempt >= 4) throw new ConflictException({ errors: ['The board changed meanwhile. Please try again.'] });
    }
  }

  /**
   * Locks are always taken columns first (in id order), never a card first: every writer of a
   * column's orders holds that column's lock, so two moves can never wait on each other in a cycle.
   */
  private tryMove(
    user: SignedInUser,
    contactId: number,
    toTierId: number,
    visibleIndex: number,
  ): Promise<string | null> {
    const limited = user.plan !== 'premium';
    return this.users.writeBoard(user.id, async (em) => {
      const [card] = await em.execute<{ tier_id: number }[]>(
        'select tier_id from contacts where id = ? and user_id = ?',
        [contactId, user.id],
      );
      if (!card) throw new NotFoundException({ errors: [CONTACT_NOT_FOUND_MESSAGE] });
      const fromTierId = card.tier_id;
      const locked = await this.tiers.lockColumns(user.id, [fromTierId, toTierId]);
      if (!locked.some((t) => t.id === toTierId)) throw new NotFoundException({ errors: [COLUMN_NOT_FOUND_MESSAGE] });

      const rows = await em.execute<{ id: number; tier_id: number; vertical_order: number; visible: boolean }[]>(
        `select c.id, c.tier_id, c.vertical_order,
                ${limited ? `c.id in (select v.id from contacts v where v.user_id = ? order by v.created_at desc, v.id desc limit ?)` : 'true'} as visible
           from contacts c where c.user_id = ? and c.tier_id in (?, ?)
          order by c.vertical_order desc, c.id`,
        limited ? [user.id, FREE_PLAN_CARD_LIMIT, user.id, fromTierId, toTierId] : [user.id, fromTierId, toTierId],
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
        await em.execute(
          `update contacts c set vertical_order = v.vertical_order, tier_id = v.tier_id, updated_at = now()
             from (values ${changed.map(() => '(?::int, ?::int, ?::int)').join(', ')}) as v(id, vertical_order, tier_id)
            where c.id = v.id and c.user_id = ?`,
          [
            ...changed.flatMap(([id, order]) => [
              id,
              order,
              id === contactId ? toTierId : (current.get(id)?.tier_id ?? toTierId),
            ]),
            user.id,
          ],
        );
      }
      const [result] = await em.execute<{ json: string }[]>(
        contactsJsonQuery({ limited, tierFilter: true }),
        limited ? [user.id, fromTierId, toTierId, user.id, FREE_PLAN_CARD_LIMIT] : [user.id, fromTierId, toTierId],
      );
      return `{"contacts":${result?.json ?? '[]'}}`;
    });
  }
}
