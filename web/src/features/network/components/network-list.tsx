import type { Contact } from '@tend/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import type { SelectionClick } from '../hooks/use-selection';
import { NETWORK_MESSAGES } from '../messages';

/** One row: 56 px (photo, name, title and company on one line below). */
export const NETWORK_ROW_PX = 56;
/** Rows drawn above and below the view. */
const OVERSCAN_ROWS = 8;
/** Asks for the next page this many rows before the loaded ones run out. */
const PREFETCH_ROWS = 30;

interface NetworkRowProps {
  person: Contact;
  index: number;
  selected: boolean;
  onToggle: (click: SelectionClick) => void;
  onOpen: (contactId: number) => void;
}

function connectedDay(date: string | null): string | null {
  if (!date) return null;
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(day.getTime())
    ? null
    : day.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

const NetworkRow = memo(function NetworkRow({ person, index, selected, onToggle, onOpen }: NetworkRowProps) {
  const detail = [person.title, person.company].filter(Boolean).join(' · ');
  const connected = connectedDay(person.date_connected);
  return (
    <>
      <input
        type="checkbox"
        className="network-row__check"
        checked={selected}
        aria-label={NETWORK_MESSAGES.selectPerson(person.name)}
        data-row-control="check"
        // onClick, not onChange: the click carries the Shift key (a range), a change does not.
        onClick={(event: MouseEvent<HTMLInputElement>) => onToggle({ index, id: person.id, shift: event.shiftKey })}
        onChange={() => undefined}
      />
      <button type="button" className="network-row__open" data-row-control="open" onClick={() => onOpen(person.id)}>
        <Avatar name={person.name} src={person.photo_url} size={36} />
        <span className="network-row__text">
          <span className="network-row__name">{person.name}</span>
          {detail ? <span className="network-row__detail">{detail}</span> : null}
        </span>
        {connected ? <span className="network-row__connected">{NETWORK_MESSAGES.connectedOn(connected)}</span> : null}
      </button>
    </>
  );
});

interface NetworkListProps {
  people: readonly Contact[];
  /** Everyone the search matches (the list's length once every page is in). */
  total: number;
  selected: ReadonlySet<number>;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onToggle: (click: SelectionClick) => void;
  onOpen: (contactId: number) => void;
  /** The list's accessible name. */
  label: string;
  busy: boolean;
  /**
   * The search whose answer the rows are (`data-shown-query`): a speed measurement times a key
   * until the list shows that key's answer (issue 26: within 100 ms in Chromium).
   */
  shownQuery: string;
}

/**
 * The network as a windowed list: only the rows near the view are in the page (10,000 people stay
 * fast), each `li` saying its place in the whole (`aria-posinset`/`aria-setsize`) so a screen
 * reader still hears "12 of 1,234". Up and Down move between rows, keeping the column (checkbox or
 * name) the focus was in; the list scrolls the row into view first, since it may not be drawn yet.
 */
// Memoised: a keystroke in the search box re-renders the page, not the rows it has not changed.
export const NetworkList = memo(function NetworkList({
  people,
  total,
  selected,
  hasMore,
  loadingMore,
  onLoadMore,
  onToggle,
  onOpen,
  label,
  busy,
  shownQuery,
}: NetworkListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = people.length + (hasMore ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => NETWORK_ROW_PX,
    overscan: OVERSCAN_ROWS,
  });
  const measured = virtualizer.getVirtualItems();
  // Before the list has a size (its first frame, or a page without layout) the first screenful is
  // drawn, as the virtualizer would once it has measured.
  const items =
    measured.length > 0 || count === 0
      ? measured
      : Array.from(
          { length: Math.min(count, Math.ceil(window.innerHeight / NETWORK_ROW_PX) + OVERSCAN_ROWS) },
          (_, index) => ({
            index,
            start: index * NETWORK_ROW_PX,
          }),
        );
  const lastIndex = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= people.length - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, people.length, onLoadMore]);

  const moveFocus = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End') return;
    const target = event.target as HTMLElement;
    const control = target.dataset.rowControl;
    const row = target.closest<HTMLElement>('[data-index]');
    if (!control || !row) return;
    event.preventDefault();
    const from = Number(row.dataset.index);
    const to =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? people.length - 1
          : Math.min(people.length - 1, Math.max(0, from + (event.key === 'ArrowDown' ? 1 : -1)));
    virtualizer.scrollToIndex(to, { align: 'auto' });
    // The row is drawn on the next frame at the latest.
    const focus = (tries: number) => {
      const next = scrollRef.current?.querySelector<HTMLElement>(
        `[data-index="${to}"] [data-row-control="${control}"]`,
      );
      if (next) next.focus();
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
    };
    focus(3);
  };

  return (
    <div className="network-list" ref={scrollRef} aria-busy={busy || undefined} data-shown-query={shownQuery}>
      <ul
        className="network-list__rows"
        aria-label={label}
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={moveFocus}
      >
        {items.map((item) => {
          const person = people[item.index];
          return (
            <li
              key={person ? person.id : 'more'}
              className={person && selected.has(person.id) ? 'network-row network-row--selected' : 'network-row'}
              data-index={item.index}
              aria-posinset={item.index + 1}
              aria-setsize={total}
              style={{ transform: `translateY(${item.start}px)`, height: NETWORK_ROW_PX }}
            >
              {person ? (
                <NetworkRow
                  person={person}
                  index={item.index}
                  selected={selected.has(person.id)}
                  onToggle={onToggle}
                  onOpen={onOpen}
                />
              ) : (
                <span className="network-row__more">
                  <Spinner size={16} label={NETWORK_MESSAGES.moreLoading} />
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
});
