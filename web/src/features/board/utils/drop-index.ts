/**
 * Where a dropped card lands in its whole column, given where it sits among the cards shown. With
 * no filter this is simply its position; with a filter the hidden cards keep their places and the
 * card goes right above the next shown card (or right below the previous one).
 *
 * @param shownIds  the destination column as shown after the drop, including the card
 * @param columnIds the whole destination column in board order (the card may be in it)
 */
export function dropIndexInColumn(shownIds: readonly number[], columnIds: readonly number[], cardId: number): number {
  const rest = columnIds.filter((id) => id !== cardId);
  const position = shownIds.indexOf(cardId);
  if (position === -1) return 0;
  for (let next = position + 1; next < shownIds.length; next += 1) {
    const at = rest.indexOf(shownIds[next]!);
    if (at !== -1) return at;
  }
  for (let previous = position - 1; previous >= 0; previous -= 1) {
    const at = rest.indexOf(shownIds[previous]!);
    if (at !== -1) return at + 1;
  }
  return 0;
}
