import type { Contact } from '@tend/contracts';

/** Board order inside a column (PRODUCT.md §4): vertical order descending, ties by id ascending. */
export function compareBoardOrder(a: Contact, b: Contact): number {
  return b.vertical_order - a.vertical_order || a.id - b.id;
}

/** Contacts grouped by tier id, each column in board order (top card first). */
export function groupContactsByTier(contacts: readonly Contact[]): Map<number, Contact[]> {
  const columns = new Map<number, Contact[]>();
  for (const contact of contacts) {
    const column = columns.get(contact.tier_id);
    if (column) column.push(contact);
    else columns.set(contact.tier_id, [contact]);
  }
  for (const column of columns.values()) column.sort(compareBoardOrder);
  return columns;
}

export interface ContactMove {
  contactId: number;
  /** Destination tier. */
  tierId: number;
  /** Position in the destination column, top = 0 (the moved card itself not counted). */
  index: number;
  /** The destination tier's position (a contact's `column_order`). */
  columnOrder: number;
}

/**
 * Applies a move to the cached list the way the server does (PRODUCT.md §4): the card leaves its
 * column, enters the destination at `index` (clamped), and both columns are renumbered so that
 * `vertical_order = length - index - 1`. Contacts the move does not touch keep their identity, so
 * memoised cards do not re-render.
 */
export function applyMove(contacts: readonly Contact[], move: ContactMove): Contact[] {
  const moving = contacts.find((contact) => contact.id === move.contactId);
  if (!moving) return [...contacts];

  const inColumn = (tierId: number) =>
    contacts.filter((contact) => contact.tier_id === tierId && contact.id !== moving.id).sort(compareBoardOrder);
  const source = inColumn(moving.tier_id);
  const destination = moving.tier_id === move.tierId ? source : inColumn(move.tierId);
  const index = Math.min(Math.max(0, Math.trunc(move.index)), destination.length);
  const moved: Contact = { ...moving, tier_id: move.tierId, column_order: move.columnOrder };
  const nextDestination = [...destination.slice(0, index), moved, ...destination.slice(index)];

  const updates = new Map<number, Contact>();
  const renumber = (column: Contact[]) => {
    column.forEach((contact, position) => {
      const verticalOrder = column.length - position - 1;
      if (contact === moved || contact.vertical_order !== verticalOrder) {
        updates.set(contact.id, { ...contact, vertical_order: verticalOrder });
      }
    });
  };
  renumber(nextDestination);
  if (moving.tier_id !== move.tierId) renumber(source);

  return contacts.map((contact) => updates.get(contact.id) ?? contact);
}

/**
 * Takes the server's answer into the cached list: contacts already in the list are replaced by id.
 * Contacts the list does not hold are not added (a free plan shows only its newest, up to the allowance,
 * while a move answers every contact of both columns).
 */
export function mergeContacts(contacts: readonly Contact[], updated: readonly Contact[]): Contact[] {
  const byId = new Map(updated.map((contact) => [contact.id, contact]));
  return contacts.map((contact) => byId.get(contact.id) ?? contact);
}
