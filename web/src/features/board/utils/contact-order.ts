import { compareBoardOrder, moveOrders, type Contact } from '@tend/contracts';

/** Contacts grouped by tier id, each column in board order (top card first); people in the network (no column) are left out. */
export function groupContactsByTier(contacts: readonly Contact[]): Map<number, Contact[]> {
  const columns = new Map<number, Contact[]>();
  for (const contact of contacts) {
    if (contact.tier_id === null) continue;
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
 * Applies a move to the cached list with the server's rules (`moveOrders`, PRODUCT.md §4): the
 * card leaves its column, enters the destination at `index` (clamped), and both columns are
 * renumbered. Contacts the move does not touch keep their identity, so memoised cards do not
 * re-render.
 */
export function applyMove(contacts: readonly Contact[], move: ContactMove): Contact[] {
  const moving = contacts.find((contact) => contact.id === move.contactId);
  // A person in the network has no column to move within (a move to the board is a bulk move).
  if (!moving || moving.tier_id === null) return [...contacts];
  const fromTierId = moving.tier_id;

  const column = (tierId: number) =>
    contacts
      .filter((contact) => contact.tier_id === tierId)
      .sort(compareBoardOrder)
      .map((contact) => contact.id);
  const orders = moveOrders({
    cardId: moving.id,
    from: column(fromTierId),
    to: fromTierId === move.tierId ? undefined : column(move.tierId),
    index: move.index,
  });
  return contacts.map((contact) => {
    const order = orders.get(contact.id) ?? contact.vertical_order;
    if (contact === moving)
      return { ...contact, tier_id: move.tierId, column_order: move.columnOrder, vertical_order: order };
    return order === contact.vertical_order ? contact : { ...contact, vertical_order: order };
  });
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
