import type { ClientRect, DroppableContainer, KeyboardCoordinateGetter } from '@dnd-kit/core';

interface Entry {
  container: DroppableContainer;
  rect: ClientRect;
}

const DIRECTIONS: readonly string[] = ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight'];

/** Cards and column bodies both carry `{type, tierId}` in their dnd-kit data. */
function describe(container: DroppableContainer | undefined | null): { type?: unknown; tierId?: unknown } {
  return container?.data.current ?? {};
}

function nearest(entries: Entry[], distance: (rect: ClientRect) => number): Entry | undefined {
  let best: Entry | undefined;
  let bestDistance = Infinity;
  for (const entry of entries) {
    const d = distance(entry.rect);
    if (d < bestDistance) {
      best = entry;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Keyboard moves on the board: Up and Down step through the cards of the card's column (never
 * jumping to another column), Left and Right go to the neighbouring column, next to the card at
 * the same height, or into the column's empty body. dnd-kit's `sortableKeyboardCoordinates` picks
 * the geometrically closest card in any column, which makes Down leave a short column.
 */
export const boardKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  if (!DIRECTIONS.includes(event.code)) return undefined;
  event.preventDefault();
  const { active, collisionRect, droppableRects, droppableContainers, over } = context;
  if (!active || !collisionRect) return undefined;

  const entries: Entry[] = [];
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (rect && !container.disabled) entries.push({ container, rect });
  }
  const column =
    describe(over ? droppableContainers.get(over.id) : null).tierId ??
    describe(droppableContainers.get(active.id)).tierId ??
    null;
  if (typeof column !== 'number') return undefined;
  const cardsIn = (tierId: unknown) =>
    entries.filter(({ container }) => describe(container).type === 'card' && describe(container).tierId === tierId);

  if (event.code === 'ArrowDown' || event.code === 'ArrowUp') {
    const down = event.code === 'ArrowDown';
    // The lifted card is drawn slightly tilted, so its rectangle is a few pixels off its slot.
    const slack = Math.min(24, collisionRect.height / 4);
    // The dragged card's own entry is its slot in the list, so it is a valid target (going back).
    const candidates = cardsIn(column).filter(({ rect }) =>
      down ? rect.top > collisionRect.top + slack : rect.top < collisionRect.top - slack,
    );
    const target = nearest(candidates, (rect) => Math.abs(rect.top - collisionRect.top));
    return target ? { x: target.rect.left, y: target.rect.top } : undefined;
  }

  const columns = entries
    .filter(({ container }) => describe(container).type === 'column')
    .sort((a, b) => a.rect.left - b.rect.left);
  const here = columns.findIndex(({ container }) => describe(container).tierId === column);
  const next = columns[here + (event.code === 'ArrowRight' ? 1 : -1)];
  if (here === -1 || !next) return undefined;
  const cards = cardsIn(describe(next.container).tierId).filter(({ container }) => container.id !== active.id);
  const middle = collisionRect.top + collisionRect.height / 2;
  const target = nearest(cards, (rect) => Math.abs(rect.top + rect.height / 2 - middle));
  return target ? { x: target.rect.left, y: target.rect.top } : { x: next.rect.left, y: next.rect.top };
};
