import type { TimeSlice } from '../../infra/time/time-slice';
import { cardKeys } from './parsers/read-import-file';

type KeyedCard = { id: number; linked_in: string | null; email: string | null };

/**
 * `key -> card id` for the cards of a board that have a LinkedIn URL or an email (the first card
 * with a key keeps it), built a slice at a time. A run builds it again for every batch, from the
 * board as it is under that batch's lock, and remembers each card's keys between batches: working
 * out a canonical LinkedIn address is most of the cost, and a board of 30,000 cards took 0.3 to 0.6 s
 * of one uninterrupted loop to index, for each of the thirty batches of a 30,000-row import.
 */
export class BoardKeyIndex {
  private readonly known = new Map<number, { linkedIn: string | null; email: string | null; keys: string[] }>();

  constructor(private readonly slice: TimeSlice) {}

  async of(cards: readonly KeyedCard[]): Promise<Map<string, number>> {
    const index = new Map<string, number>();
    for (const card of cards) {
      let entry = this.known.get(card.id);
      if (!entry || entry.linkedIn !== card.linked_in || entry.email !== card.email) {
        entry = { linkedIn: card.linked_in, email: card.email, keys: cardKeys(card) };
        this.known.set(card.id, entry);
      }
      for (const key of entry.keys) if (!index.has(key)) index.set(key, card.id);
      if (this.slice.due()) await this.slice.pause();
    }
    return index;
  }
}
