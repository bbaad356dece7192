/**
 * The board's ordering rules (PRODUCT.md §4), pure, so that the API's move and the web app's
 * optimistic update of a move are the same code: cards in a column are ordered by
 * `vertical_order` descending, ties by id; after a move, each column it touched is renumbered so
 * that `vertical_order = length - index - 1` from the top.
 */

/** What a card's place in its column is read from. */
export interface OrderedCard {
  id: number;
  vertical_order: number;
}

/** Board order inside a column: vertical order descending, ties by id ascending (top card first). */
export function compareBoardOrder(a: OrderedCard, b: OrderedCard): number {
  return b.vertical_order - a.vertical_order || a.id - b.id;
}

/**
 * Where a card lands in the full column when the user dropped it at `visibleIndex` among the
 * cards they can see (free plans hide some): before the visible card now at that index, else
 * right after the last visible card (the top when none is visible). With every card visible
 * (`visible` null) it is the index itself, kept within the column.
 */
export function insertionIndex(
  column: readonly number[],
  visible: ReadonlySet<number> | null,
  visibleIndex: number,
): number {
  if (!visible) return Math.min(Math.max(Math.trunc(visibleIndex), 0), column.length);
  const shown = column.filter((id) => visible.has(id));
  if (visibleIndex < shown.length) return column.indexOf(shown[visibleIndex] as number);
  if (shown.length === 0) return 0;
  return column.indexOf(shown[shown.length - 1] as number) + 1;
}

/** New vertical orders for a column listed top to bottom. */
export function renumber(column: readonly number[]): Map<number, number> {
  return new Map(column.map((id, index) => [id, column.length - index - 1]));
}

/** A card's move, as card ids top to bottom. */
export interface CardMove {
  cardId: number;
  /** The card's column, top to bottom (the card among them). */
  from: readonly number[];
  /** The column it goes to, top to bottom; left out for a move inside `from`. */
  to?: readonly number[] | undefined;
  /** Its place among the cards the user sees in the destination (top = 0, the card itself not counted). */
  index: number;
  /** The cards a limited plan shows; null or left out: every card. */
  visible?: ReadonlySet<number> | null | undefined;
}

/**
 * The vertical order of every card in the column(s) a move touches, the moved card included: it
 * leaves its column, enters the destination at its insertion index, and both columns are renumbered.
 */
export function moveOrders(move: CardMove): Map<number, number> {
  const others = (column: readonly number[]) => column.filter((id) => id !== move.cardId);
  const destination = others(move.to ?? move.from);
  destination.splice(insertionIndex(destination, move.visible ?? null, move.index), 0, move.cardId);
  const orders = renumber(destination);
  if (move.to) for (const [id, order] of renumber(others(move.from))) orders.set(id, order);
  return orders;
}
