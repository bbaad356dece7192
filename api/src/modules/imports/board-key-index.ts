import type { TimeSlice } from '../../infra/time/time-slice';
import { cardKeys } from './parsers/read-import-file';

/** A person as `ContactsService.keyedCards` reads it: the stored LinkedIn key, already canonical. */
type KeyedCard = { id: number; linked_in_key: string | null; email: string | null };

/**
 * `key -> card id` for the people of a user who have a LinkedIn key or an email (the first one with
 * a key keeps it), built a slice at a time. A run builds it again for every batch, from the board
 * as it is under that batch's lock. The LinkedIn part is the stored `contacts.linked_in_key`, so
 * nothing is canonicalised here (that was most of the cost: a board of 30,000 cards took 0.3 to
 * 0.6 s to index, for each of the thirty batches of a 30,000-row import).
 */
export class BoardKeyIndex {
  constructor(private readonly slice: TimeSlice) {}

  async of(cards: readonly KeyedCard[]): Promise<Map<string, number>> {
    const index = new Map<string, number>();
    for (const card of cards) {
      for (const key of cardKeys({ linkedInKey: card.linked_in_key, email: card.email })) {
        if (!index.has(key)) index.set(key, card.id);
      }
      if (this.slice.due()) await this.slice.pause();
    }
    return index;
  }
}
