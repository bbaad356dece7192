import type { Contact, Tier } from '@tend/contracts';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { SearchX, UserPlus } from 'lucide-react';
import { memo, useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ColumnHeader } from './column-header';
import { BoardCard } from './contact-card';

const COLUMN_PREFIX = 'column:';

/** The droppable id of a column's body (cards use their numeric contact ids). */
export function columnDroppableId(tierId: number): string {
  return `${COLUMN_PREFIX}${tierId}`;
}

export function tierOfDroppable(id: unknown): number | null {
  return typeof id === 'string' && id.startsWith(COLUMN_PREFIX) ? Number(id.slice(COLUMN_PREFIX.length)) : null;
}

/** The SortableContext id of a column (dnd-kit reports it as a card's `containerId`). */
export function sortableContainerId(tierId: number): string {
  return `tier-${tierId}`;
}

/** A card (150 px) plus the list gap (8 px): cards sit at fixed offsets, so no measuring is needed. */
const ROW_PX = 158;
/** Cards registered with dnd-kit beyond the visible part of a column, above and below. */
const OVERSCAN_ROWS = 6;
/** Before the column has been measured (and in tests, where nothing has a size). */
const INITIAL_RANGE = { start: 0, end: 16 };

interface Range {
  start: number;
  end: number;
}

/**
 * Which cards of a column are near its visible part. Only those are registered with dnd-kit,
 * which re-renders every registered card when the drop target changes: with a thousand cards that
 * is what makes a drag stutter. Every card stays in the page.
 */
function useLiveRange() {
  const [range, setRange] = useState<Range>(INITIAL_RANGE);
  const [element, setElement] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const start = Math.max(0, Math.floor(element.scrollTop / ROW_PX) - OVERSCAN_ROWS);
      const end = Math.ceil((element.scrollTop + element.clientHeight) / ROW_PX) + OVERSCAN_ROWS;
      setRange((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    // Fires once at once with the column's size, then on every resize.
    const observer = new ResizeObserver(schedule);
    observer.observe(element);
    element.addEventListener('scroll', schedule, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', schedule);
      cancelAnimationFrame(frame);
    };
  }, [element]);

  const ref = useCallback((node: HTMLDivElement | null) => {
    setElement(node);
  }, []);
  return { range, ref };
}

interface TierColumnProps {
  tier: Tier;
  /** Ids shown, in order (filtered, or rearranged while a card is dragged). */
  ids: readonly number[];
  byId: ReadonlyMap<number, Contact>;
  totalCount: number;
  filtering: boolean;
  /** The column the dragged card is in right now. */
  dropTarget: boolean;
  /** The dragged card, kept registered with dnd-kit even when scrolled out of view. */
  pinnedId: number | null;
  onAddContact: (tierId: number) => void;
}

/**
 * One 300 px column. Memoised: while a card is dragged only the columns it leaves or enters get
 * new `ids`, so the others do not re-render.
 */
export const TierColumn = memo(function TierColumn({
  tier,
  ids,
  byId,
  totalCount,
  filtering,
  dropTarget,
  pinnedId,
  onAddContact,
}: TierColumnProps) {
  const { setNodeRef } = useDroppable({ id: columnDroppableId(tier.id), data: { type: 'column', tierId: tier.id } });
  const { range, ref: liveRef } = useLiveRange();
  const setBody = useCallback(
    (node: HTMLDivElement | null) => {
      setNodeRef(node);
      liveRef(node);
    },
    [setNodeRef, liveRef],
  );
  const headingId = `tier-${tier.id}-name`;
  return (
    <section
      className={dropTarget ? 'tier-column tier-column--target' : 'tier-column'}
      aria-labelledby={headingId}
      data-tier-id={tier.id}
    >
      <ColumnHeader tier={tier} headingId={headingId} shownCount={ids.length} totalCount={totalCount} />
      <div className="tier-column__add">
        <Button variant="ghost" size="sm" block onClick={() => onAddContact(tier.id)}>
          + Add contact
        </Button>
      </div>
      <SortableContext id={sortableContainerId(tier.id)} items={ids as number[]} strategy={verticalListSortingStrategy}>
        <div ref={setBody} className="tier-column__body">
          {ids.length === 0 ? (
            <div className="tier-column__empty">
              {filtering && totalCount > 0 ? (
                <>
                  <SearchX size={22} aria-hidden="true" />
                  <p>No matches in this column.</p>
                </>
              ) : (
                <>
                  <UserPlus size={22} aria-hidden="true" />
                  <p>No contacts yet.</p>
                  <p className="tier-column__empty-hint">Drag a card here or add someone new.</p>
                </>
              )}
            </div>
          ) : (
            <ul className="card-list" aria-label={`Contacts in ${tier.name}`}>
              {ids.map((id, index) => {
                const contact = byId.get(id);
                const isLive = (index >= range.start && index < range.end) || id === pinnedId;
                return contact ? <BoardCard key={id} contact={contact} tierId={tier.id} live={isLive} /> : null;
              })}
            </ul>
          )}
        </div>
      </SortableContext>
    </section>
  );
});
