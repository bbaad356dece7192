/**
 * Pure ordering rules of the board (PRODUCT.md §4): cards in a column are ordered by
 * verticalOrder descending, ties by id; after a move verticalOrder = length - index - 1.
 */
export interface OrderedCard {
  id: number;
  verticalOrder: number;
}

export function sortColumn<T extends OrderedCard>(cards: T[]): T[] {
  return [...cards].sort((a, b) => b.verticalOrder - a.verticalOrder || a.id - b.id);
}

/**
 * Where a card lands in the full column when the user dropped it at `visibleIndex` among the
 * cards they can see (free plans hide some): before the visible card now at that index, else
 * right after the last visible card (the top when none is visible).
 */
export function insertionIndex(
  column: readonly number[],
  visible: ReadonlySet<number> | null,
  visibleIndex: number,
): number {
  if (!visible) return Math.min(Math.max(visibleIndex, 0), column.length);
  const shown = column.filter((id) => visible.has(id));
  if (visibleIndex < shown.length) return column.indexOf(shown[visibleIndex] as number);
  if (shown.length === 0) return 0;
  return column.indexOf(shown[shown.length - 1] as number) + 1;
}

/** New vertical orders for a column listed top to bottom. */
export function renumber(column: readonly number[]): Map<number, number> {
  return new Map(column.map((id, index) => [id, column.length - index - 1]));
}
