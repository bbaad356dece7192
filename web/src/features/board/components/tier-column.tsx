import type { Contact, Tier } from '@tend/contracts';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { SearchX, UserPlus } from 'lucide-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { ColumnHeader } from './column-header';
import { BoardCard, useCardList } from './contact-card';
import './tier-column.css';

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

/** Spec: a card is 150 px high; the list puts 8 px (--space-2) between cards. */
const CARD_PX = 150;
const CARD_GAP_PX = 8;
/** The distance from one card's top to the next one's. */
const CARD_PITCH_PX = CARD_PX + CARD_GAP_PX;
/** Cards kept live beyond the visible part of a column, above and below. */
const OVERSCAN_ROWS = 2;

/** The cards of a column that are drawn, by index, both ends included. */
interface CardWindow {
  first: number;
  last: number;
}

/** Before the column has a size (and in jsdom, which has no layout): a screenful and the overscan. */
function unmeasuredWindow(): CardWindow {
  return { first: 0, last: Math.ceil(window.innerHeight / CARD_PITCH_PX) + OVERSCAN_ROWS };
}

/**
 * Which cards of a column are near its visible part (TanStack Virtual does the arithmetic and
 * watches the column's scroll and size; it re-renders the column only when the window moves, and
 * when scrolling starts and stops). Only those cards draw their content and register with dnd-kit: dnd-kit re-renders and
 * re-measures every registered card while a card is dragged, and React walks every card's
 * components whenever dnd-kit's context changes, so with a thousand full cards a drag stutters.
 * In a column of up to CARDS_KEPT_IN_PAGE cards the others stay in the page as light shells of the
 * same size, with their name and their focus; a longer column leaves them out (see below).
 */
function useCardWindow(scrollElement: RefObject<HTMLDivElement | null>, count: number, overscan: number): CardWindow {
  // The virtualizer is a mutable object that re-renders this hook's component itself; only plain
  // numbers read during render leave the hook, so nothing stale can be memoised downstream.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollElement.current,
    estimateSize: () => CARD_PX,
    gap: CARD_GAP_PX,
    overscan,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return first && last ? { first: first.index, last: last.index } : unmeasuredWindow();
}

/**
 * Columns up to this long keep every card in the page (the ones away from the view as light shells,
 * so find-in-page and a screen reader's list see them all); a longer column (an import of
 * thousands) puts only the cards near the view in the page, each at its place in a list of the
 * column's full height. Thousands of shells cost every frame of a drag: Chromium walks them all to
 * paint (and checked each against the viewport while they were `content-visibility: auto`), and
 * React walks them whenever the column's list changes (docs/PERFORMANCE.md, the 5,000-card drag).
 */
const CARDS_KEPT_IN_PAGE = 400;

/**
 * Registers a column's body as a drop target. It renders nothing and hands dnd-kit the body's node
 * itself: dnd-kit re-renders every droppable whenever the card under the pointer changes, and the
 * column around it, with its list of cards, should not re-render with it.
 */
function ColumnDropZone({ tierId, getBody }: { tierId: number; getBody: () => HTMLElement | null }) {
  const { setNodeRef } = useDroppable({ id: columnDroppableId(tierId), data: { type: 'column', tierId } });
  useEffect(() => {
    setNodeRef(getBody());
  }, [setNodeRef, getBody]);
  return null;
}

interface TierColumnProps {
  tier: Tier;
  /** Ids shown, in order (filtered, or rearranged while a card is dragged). */
  ids: readonly number[];
  byId: ReadonlyMap<number, Contact>;
  totalCount: number;
  /** Cards due today or overdue in the whole column (filters aside). */
  dueCount: number;
  filtering: boolean;
  /** The column the dragged card is in right now. */
  dropTarget: boolean;
  /** The dragged card, kept registered with dnd-kit even when scrolled out of view. */
  pinnedId: number | null;
  /** The board's first frame, and whether this column is in view then (see FirstFrame). */
  firstFrame: FirstFrame;
  onAddContact: (tierId: number) => void;
}

interface CardListProps {
  tierId: number;
  tierName: string;
  ids: readonly number[];
  byId: ReadonlyMap<number, Contact>;
  /** The drawn window, by index. */
  first: number;
  last: number;
  /** The dragged card's index when it is outside the window (it stays drawn and registered), or -1. */
  pinnedOutsideWindow: number;
  /** The dragged card, if it is in this column (its placeholder). */
  draggedId: number | null;
  /** Only the window (and the dragged and focused cards) in the page (see CARDS_KEPT_IN_PAGE). */
  windowed: boolean;
  /** The board's first frame, and whether the column is in the window's view then (see FirstFrame). */
  firstFrame: FirstFrame;
}

/**
 * The board's first frame draws what the window shows and nothing more (issue 28): in the columns
 * in view, the cards in view, without the overscan; in the columns to the right, out of view, no
 * card. The rest (the overscan, the shells further down, those columns' cards) comes in the pass
 * after that frame is painted, as a transition (BoardColumns). `null` after the first frame.
 */
export type FirstFrame = 'in-view' | 'out-of-view' | null;

/** The indexes of a windowed column's cards in the page: the window, and the dragged and focused cards. */
function indexesInPage(first: number, last: number, extra: readonly number[]): number[] {
  const indexes: number[] = [];
  for (let index = first; index <= last; index++) indexes.push(index);
  // The dragged card is often the focused one too: each index once.
  for (const index of new Set(extra)) if (index >= 0 && (index < first || index > last)) indexes.push(index);
  return indexes.sort((a, b) => a - b);
}

/**
 * A column's cards. Memoised apart from the column: when a drag enters or leaves the column (its
 * highlight changes), a column of thousands of cards does not walk them all again. The list holds
 * what its cards share (`useCardList`), so the cards themselves have no hooks.
 */
const CardList = memo(function CardList({
  tierId,
  tierName,
  ids,
  byId,
  first,
  last,
  pinnedOutsideWindow,
  draggedId,
  windowed,
  firstFrame,
}: CardListProps) {
  // The card holding the focus stays drawn, and in the page when scrolled away, so the focus is not lost.
  const { list, listRef, focusedId } = useCardList();
  const label = `Contacts in ${tierName}`;
  // The list is as high as all its cards from the first frame on: the column's scrollbar does not
  // change when the rest of its cards come.
  const fullHeight = ids.length * CARD_PITCH_PX - CARD_GAP_PX;
  const focusedIndex = focusedId === null ? -1 : ids.indexOf(focusedId);
  if (firstFrame === 'out-of-view') {
    return <ul ref={listRef} className="card-list" aria-label={label} style={{ minHeight: fullHeight }} />;
  }
  if (!windowed) {
    // Cards flow in the list, so the ones put in the page first are a run from the top.
    const through = firstFrame === null ? ids.length - 1 : Math.max(last, pinnedOutsideWindow, focusedIndex);
    const shown = through >= ids.length - 1 ? ids : ids.slice(0, through + 1);
    return (
      <ul
        ref={listRef}
        className="card-list"
        aria-label={label}
        style={shown === ids ? undefined : { minHeight: fullHeight }}
      >
        {shown.map((id, index) => {
          const contact = byId.get(id);
          const live = (index >= first && index <= last) || index === pinnedOutsideWindow;
          return contact ? (
            <BoardCard
              key={id}
              contact={contact}
              tierId={tierId}
              list={list}
              live={live}
              focused={id === focusedId}
              dragging={id === draggedId}
            />
          ) : null;
        })}
      </ul>
    );
  }
  return (
    <ul ref={listRef} className="card-list card-list--windowed" aria-label={label} style={{ height: fullHeight }}>
      {indexesInPage(first, last, [pinnedOutsideWindow, focusedIndex]).map((index) => {
        const id = ids[index]!;
        const contact = byId.get(id);
        const live = (index >= first && index <= last) || index === pinnedOutsideWindow;
        return contact ? (
          <BoardCard
            key={id}
            contact={contact}
            tierId={tierId}
            list={list}
            live={live}
            focused={id === focusedId}
            dragging={id === draggedId}
            placedAt={index * CARD_PITCH_PX}
            positionInSet={index + 1}
            setSize={ids.length}
          />
        ) : null;
      })}
    </ul>
  );
});

/**
 * One 300 px column. Memoised: while a card is dragged only the columns it leaves or enters get
 * new `ids`, so the others do not re-render.
 */
export const TierColumn = memo(function TierColumn({
  tier,
  ids,
  byId,
  totalCount,
  dueCount,
  filtering,
  dropTarget,
  pinnedId,
  firstFrame,
  onAddContact,
}: TierColumnProps) {
  const body = useRef<HTMLDivElement | null>(null);
  const getBody = useCallback(() => body.current, []);
  const cardWindow = useCardWindow(body, ids.length, firstFrame === null ? OVERSCAN_ROWS : 0);
  const pinnedIndex = pinnedId !== null ? ids.indexOf(pinnedId) : -1;
  // The dragged card stays registered when it leaves the window; inside it, it is live anyway.
  const pinnedOutsideWindow =
    pinnedIndex >= 0 && (pinnedIndex < cardWindow.first || pinnedIndex > cardWindow.last) ? pinnedIndex : -1;
  const headingId = `tier-${tier.id}-name`;
  return (
    <section
      className={dropTarget ? 'tier-column tier-column--target' : 'tier-column'}
      aria-labelledby={headingId}
      data-tier-id={tier.id}
    >
      <ColumnHeader
        tier={tier}
        headingId={headingId}
        shownCount={ids.length}
        totalCount={totalCount}
        dueCount={dueCount}
      />
      <div className="tier-column__add">
        <Button variant="ghost" size="sm" block onClick={() => onAddContact(tier.id)}>
          + Add contact
        </Button>
      </div>
      <SortableContext id={sortableContainerId(tier.id)} items={ids as number[]} strategy={verticalListSortingStrategy}>
        <div ref={body} className="tier-column__body">
          {ids.length === 0 ? (
            <div className="tier-column__empty">
              {filtering ? (
                // A filter is on: say so, not "No contacts yet" (issue 27).
                <>
                  <SearchX size={22} aria-hidden="true" />
                  <p>No matches in this column.</p>
                  <p className="tier-column__empty-hint">
                    {totalCount === 0
                      ? 'It has no cards.'
                      : `The filter hides ${totalCount === 1 ? 'its 1 card' : `its ${totalCount} cards`}.`}
                  </p>
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
            <CardList
              tierId={tier.id}
              tierName={tier.name}
              ids={ids}
              byId={byId}
              first={cardWindow.first}
              last={cardWindow.last}
              pinnedOutsideWindow={pinnedOutsideWindow}
              draggedId={pinnedId}
              windowed={ids.length > CARDS_KEPT_IN_PAGE}
              firstFrame={firstFrame}
            />
          )}
        </div>
      </SortableContext>
      <ColumnDropZone tierId={tier.id} getBody={getBody} />
    </section>
  );
});
