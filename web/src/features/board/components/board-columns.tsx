import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Contact, Tier } from '@tend/contracts';
import { dragCanceledMessage } from '@tend/contracts';
import {
  closestCenter,
  defaultDropAnimationSideEffects,
  DndContext,
  DragOverlay,
  getFirstCollision,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type AutoScrollOptions,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type DropAnimation,
  type KeyboardCodes,
  type Over,
  type PointerSensorOptions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove } from '@dnd-kit/sortable';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useAfterFirstPaint } from '../hooks/use-after-first-paint';
import { useScrollEdges } from '../hooks/use-scroll-edges';
import { BOARD_MESSAGES } from '../messages';
import { isDueNow, visibleColumnIds, type ColumnIds } from '../utils/board-filter';
import { dropIndexInColumn } from '../utils/drop-index';
import { boardKeyboardCoordinates } from '../utils/keyboard-coordinates';
import { ContactCardPreview } from './contact-card';
import { TierColumn, tierOfDroppable } from './tier-column';
import './board-columns.css';

/** One column and its gap (300 px + 16 px): what a scroll button moves the row by. */
const COLUMN_STEP = 316;

/**
 * A board of up to this many cards draws them all in its first frame (a few columns of a few
 * screenfuls: most of it in view or a cheap shell); a larger one draws the cards in view first
 * (FirstFrame; docs/PERFORMANCE.md, "The board's first frame").
 */
const CARDS_DRAWN_WHOLE = 100;

/**
 * Mouse and pen drags start after 5 px (spec). Touch is left to the TouchSensor and its 120 ms long
 * press, so a finger can still scroll the board.
 */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: event }: PointerEvent, options: PointerSensorOptions) => {
        if (!event.isPrimary || event.button !== 0 || event.pointerType === 'touch') return false;
        options.onActivation?.({ event });
        return true;
      },
    },
  ];
}

/** Space lifts, Space or Enter drops, Escape cancels; Enter never lifts, so on a card at rest it opens the contact. */
const KEYBOARD_CODES: KeyboardCodes = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

/**
 * Spec: auto-scroll starts at 25% of the container and reaches about 28 px per frame at the edge
 * (dnd-kit scrolls `acceleration` x depth-into-the-zone pixels every `interval` ms).
 */
const AUTO_SCROLL: AutoScrollOptions = { threshold: { x: 0.25, y: 0.25 }, acceleration: 28, interval: 16 };

/** Spec: drops animate within 0.33 to 0.55 s. */
const DROP_ANIMATION: DropAnimation = {
  duration: 330,
  easing: 'cubic-bezier(0.2, 0, 0, 1)',
  sideEffects: defaultDropAnimationSideEffects({ styles: { active: { opacity: '0.35' } } }),
};

const SCREEN_READER_INSTRUCTIONS = { draggable: BOARD_MESSAGES.dragInstructions };

const NO_IDS: readonly number[] = [];

/** Spec: a drag starts after 5 px with a mouse, a 120 ms press on touch, or Space on the keyboard. */
export function useBoardSensors() {
  return useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: boardKeyboardCoordinates,
      keyboardCodes: KEYBOARD_CODES,
      // dnd-kit scrolls a long column smoothly by default, and an arrow pressed while it still
      // glides is measured against a half-scrolled column: quick presses got lost or skipped cards.
      scrollBehavior: 'instant',
    }),
  );
}

interface DragState {
  /** The card being dragged; null after the drop, while the move is being applied. */
  activeId: number | null;
  /** Ids per column as shown during the drag (the dragged card moves between columns). */
  items: ColumnIds;
  /** The shown ids the drag started from: once the cache changes, the drag's picture is dropped. */
  basis: ColumnIds;
  origin: { tierId: number; index: number };
}

function findColumn(id: UniqueIdentifier, items: ColumnIds): number | null {
  const column = tierOfDroppable(id);
  if (column !== null) return column;
  for (const [tierId, ids] of Object.entries(items)) {
    if (ids.includes(id as number)) return Number(tierId);
  }
  return null;
}

export interface BoardDrop {
  contactId: number;
  tierId: number;
  /** Position in the whole destination column, top = 0. */
  index: number;
}

interface BoardColumnsProps {
  tiers: readonly Tier[];
  /** Every contact per tier id, in board order. */
  columns: ReadonlyMap<number, readonly Contact[]>;
  query: string;
  /** When set, only these cards are shown (the cards one import added). */
  onlyIds?: ReadonlySet<number> | null;
  /** The Due toggle: the user's today when only due and overdue cards show, else null. */
  dueOn?: string | null;
  /** The user's today, for each column's count of cards due and overdue. */
  today: string;
  onDrop: (drop: BoardDrop) => void;
  onAddContact: (tierId: number) => void;
  /** Rendered after the last column ('+ Add Column'). */
  trailing: ReactNode;
}

/** A move back to the column just left is ignored for this long (see `lastCross`). */
const BOUNCE_GUARD_MS = 150;

/**
 * The columns and drag and drop (dnd-kit): within and across columns, mouse, touch and keyboard,
 * with a drag overlay, auto-scroll and spoken announcements. The drop is reported once.
 */
export function BoardColumns({
  tiers,
  columns,
  query,
  onlyIds = null,
  dueOn = null,
  today,
  onDrop,
  onAddContact,
  trailing,
}: BoardColumnsProps) {
  const tierIds = useMemo(() => tiers.map((tier) => tier.id), [tiers]);
  // At 1280 px four columns already overflow: the edges that hide columns are shaded.
  const scroller = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(scroller, tiers.length);
  const visible = useMemo(
    () => visibleColumnIds(tierIds, columns, query, onlyIds, dueOn),
    [tierIds, columns, query, onlyIds, dueOn],
  );
  const dueCounts = useMemo(() => {
    const counts = new Map<number, number>();
    for (const [tierId, column] of columns) {
      counts.set(
        tierId,
        column.reduce((count, contact) => count + (isDueNow(contact, today) ? 1 : 0), 0),
      );
    }
    return counts;
  }, [columns, today]);
  const byId = useMemo(() => {
    const map = new Map<number, Contact>();
    for (const column of columns.values()) for (const contact of column) map.set(contact.id, contact);
    return map;
  }, [columns]);

  const [drag, setDrag] = useState<DragState | null>(null);
  // While dragging, and after the drop until the cache reflects the move, show the drag's picture.
  const items = drag && (drag.activeId !== null || drag.basis === visible) ? drag.items : visible;
  const activeId = drag?.activeId ?? null;
  const activeContact = activeId !== null ? byId.get(activeId) : undefined;
  const activeColumn = activeId !== null ? findColumn(activeId, items) : null;
  const filtering = query.trim() !== '' || onlyIds !== null || dueOn !== null;

  const sensors = useBoardSensors();
  // A large board's first frame draws the cards in view only; the rest (a thousand shells further
  // down the columns) comes in the pass after it (FirstFrame, issue 28). A small board is drawn
  // whole at once: a second pass would cost more than its few cards out of view. The row of
  // columns starts scrolled to its left end, so the columns in view are the first ones.
  const painted = useAfterFirstPaint();
  const [columnsInFirstFrame] = useState(() => Math.ceil(window.innerWidth / COLUMN_STEP));
  const drawnWhole = painted || byId.size <= CARDS_DRAWN_WHOLE;

  // Collision bookkeeping from dnd-kit's multiple-container example: right after a card changes
  // column its old rectangle is stale, so keep the last target for a frame.
  const lastOverId = useRef<UniqueIdentifier | null>(null);
  const movedToNewColumn = useRef(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      movedToNewColumn.current = false;
    });
    return () => cancelAnimationFrame(frame);
  }, [items]);

  // dnd-kit's rectangles re-read the scroll position of their scrolling ancestors on every access,
  // so a detection over every registered card costs hundreds of DOM reads per pointer move (the
  // largest script cost of a drag in a profile). Find the column first, then look at its cards only.
  const collisionDetection: CollisionDetection = useCallback(
    (args) => {
      const columnContainers = args.droppableContainers.filter((container) => tierOfDroppable(container.id) !== null);
      const columnHits = pointerWithin({ ...args, droppableContainers: columnContainers });
      const columnId = getFirstCollision(
        columnHits.length > 0 ? columnHits : rectIntersection({ ...args, droppableContainers: columnContainers }),
        'id',
      );
      const tierId = columnId !== null ? tierOfDroppable(columnId) : null;
      if (columnId !== null && tierId !== null) {
        const shown = new Set(items[tierId] ?? NO_IDS);
        const cardContainers = args.droppableContainers.filter((container) => shown.has(container.id as number));
        // The card under the pointer (or, from the keyboard, under the moved card); over a column's
        // empty space, its closest card; in an empty column, the column itself.
        const cardHits = args.pointerCoordinates
          ? pointerWithin({ ...args, droppableContainers: cardContainers })
          : rectIntersection({ ...args, droppableContainers: cardContainers });
        const overId =
          getFirstCollision(cardHits, 'id') ??
          getFirstCollision(closestCenter({ ...args, droppableContainers: cardContainers }), 'id') ??
          columnId;
        lastOverId.current = overId;
        return [{ id: overId }];
      }
      if (movedToNewColumn.current && activeId !== null) lastOverId.current = activeId;
      return lastOverId.current !== null ? [{ id: lastOverId.current }] : [];
    },
    [items, activeId],
  );

  // Announcements run after dnd-kit's state changes; they read names from the latest render.
  const latest = useRef({ byId, tiers, items });
  useLayoutEffect(() => {
    latest.current = { byId, tiers, items };
  });
  const lastPlace = useRef<string | null>(null);
  const announcements = useMemo<Announcements>(() => {
    // dnd-kit reports "over" at once (the card over itself) and on every re-measure: say each
    // new place once, so the pick-up message is not replaced straight away.
    const nameOf = (id: UniqueIdentifier) => latest.current.byId.get(id as number)?.name ?? 'The card';
    const columnName = (tierId: number | null) =>
      latest.current.tiers.find((tier) => tier.id === tierId)?.name ?? 'a column';
    const place = (over: Over) => {
      const tierId = tierOfDroppable(over.id);
      if (tierId !== null) return `column ${columnName(tierId)}`;
      const sortable = (
        over.data.current as { sortable?: { containerId: UniqueIdentifier; index: number } } | undefined
      )?.sortable;
      const column = findColumn(over.id, latest.current.items);
      const count = column !== null ? (latest.current.items[column]?.length ?? 0) : 0;
      const position = sortable ? sortable.index + 1 : 1;
      return `column ${columnName(column)}, position ${position} of ${Math.max(count, position)}`;
    };
    return {
      onDragStart: ({ active }) => {
        lastPlace.current = null;
        const column = findColumn(active.id, latest.current.items);
        const ids = column !== null ? (latest.current.items[column] ?? NO_IDS) : NO_IDS;
        const position = ids.indexOf(active.id as number) + 1;
        lastPlace.current = `column ${columnName(column)}, position ${position} of ${ids.length}`;
        return `Picked up ${nameOf(active.id)}. It is in ${lastPlace.current}.`;
      },
      onDragOver: ({ active, over }) => {
        const now = over ? place(over) : null;
        if (now === lastPlace.current) return undefined;
        lastPlace.current = now;
        return now ? `${nameOf(active.id)} is now in ${now}.` : `${nameOf(active.id)} is not over a column.`;
      },
      onDragEnd: ({ active, over }) =>
        over
          ? `${nameOf(active.id)} was dropped in ${place(over)}.`
          : `${nameOf(active.id)} was dropped where it started.`,
      onDragCancel: ({ active }) => dragCanceledMessage(nameOf(active.id)),
    };
  }, []);

  const handleDragStart = ({ active }: DragStartEvent) => {
    lastCross.current = null;
    const id = active.id as number;
    const tierId = findColumn(id, visible);
    if (tierId === null) return;
    const index = (columns.get(tierId) ?? []).findIndex((contact) => contact.id === id);
    setDrag({ activeId: id, items: visible, basis: visible, origin: { tierId, index } });
  };

  // The last change of column. Right after a card changes column, the rectangles of the column it
  // left are stale, and collision detection can point straight back at it; following that makes
  // the card bounce between the two columns until React gives up (maximum update depth).
  const lastCross = useRef<{ from: number; to: number; at: number } | null>(null);

  const handleDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    setDrag((state) => {
      if (!state || state.activeId === null) return state;
      const id = active.id as number;
      const from = findColumn(id, state.items);
      const to = findColumn(over.id, state.items);
      if (from === null || to === null || from === to) return state;
      const now = performance.now();
      const recent = lastCross.current;
      if (recent && recent.from === to && recent.to === from && now - recent.at < BOUNCE_GUARD_MS) return state;
      lastCross.current = { from, to, at: now };
      const target = state.items[to] ?? NO_IDS;
      let index = target.length;
      if (tierOfDroppable(over.id) === null) {
        const overIndex = target.indexOf(over.id as number);
        const translated = active.rect.current.translated;
        const below = !!translated && translated.top > over.rect.top + over.rect.height / 2;
        index = overIndex >= 0 ? overIndex + (below ? 1 : 0) : target.length;
      }
      movedToNewColumn.current = true;
      return {
        ...state,
        items: {
          ...state.items,
          [from]: (state.items[from] ?? NO_IDS).filter((item) => item !== id),
          [to]: [...target.slice(0, index), id, ...target.slice(index)],
        },
      };
    });
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const state = drag;
    const id = active.id as number;
    const tierId = state ? findColumn(id, state.items) : null;
    if (!state || !over || tierId === null) {
      setDrag(null);
      return;
    }
    let shown = state.items[tierId] ?? NO_IDS;
    if (tierOfDroppable(over.id) === null && over.id !== id && findColumn(over.id, state.items) === tierId) {
      const fromIndex = shown.indexOf(id);
      const toIndex = shown.indexOf(over.id as number);
      if (fromIndex !== -1 && toIndex !== -1) shown = arrayMove([...shown], fromIndex, toIndex);
    }
    const columnIds = (columns.get(tierId) ?? []).map((contact) => contact.id);
    const index = dropIndexInColumn(shown, columnIds, id);
    if (tierId === state.origin.tierId && index === state.origin.index) {
      setDrag(null);
      return;
    }
    setDrag({ ...state, activeId: null, items: { ...state.items, [tierId]: shown } });
    onDrop({ contactId: id, tierId, index });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      measuring={{ droppable: { strategy: MeasuringStrategy.WhileDragging } }}
      autoScroll={AUTO_SCROLL}
      accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
      onDragStart={handleDragStart}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDrag(null)}
    >
      <div
        className="board__viewport"
        data-more-before={edges.start || undefined}
        data-more-after={edges.end || undefined}
      >
        {/* A visible way to the columns out of sight (issue 27 point 7): the shade alone did not say
            the row scrolls, and not every pointer shows a scrollbar. */}
        {edges.start ? (
          <button
            type="button"
            className="icon-btn board__scroll board__scroll--before"
            aria-label="Scroll to earlier columns"
            title="Scroll to earlier columns"
            onClick={() => scroller.current?.scrollBy({ left: -COLUMN_STEP, behavior: 'smooth' })}
          >
            <ChevronLeft size={20} aria-hidden="true" />
          </button>
        ) : null}
        {edges.end ? (
          <button
            type="button"
            className="icon-btn board__scroll board__scroll--after"
            aria-label="Scroll to more columns"
            title="Scroll to more columns"
            onClick={() => scroller.current?.scrollBy({ left: COLUMN_STEP, behavior: 'smooth' })}
          >
            <ChevronRight size={20} aria-hidden="true" />
          </button>
        ) : null}
        <div className="board__columns" ref={scroller}>
          {tiers.map((tier, index) => (
            <TierColumn
              key={tier.id}
              tier={tier}
              ids={items[tier.id] ?? NO_IDS}
              byId={byId}
              totalCount={columns.get(tier.id)?.length ?? 0}
              dueCount={dueCounts.get(tier.id) ?? 0}
              filtering={filtering}
              dropTarget={activeColumn === tier.id}
              pinnedId={activeColumn === tier.id ? activeId : null}
              firstFrame={drawnWhole ? null : index < columnsInFirstFrame ? 'in-view' : 'out-of-view'}
              onAddContact={onAddContact}
            />
          ))}
          {trailing}
        </div>
      </div>
      <DragOverlay dropAnimation={DROP_ANIMATION}>
        {activeContact ? <ContactCardPreview contact={activeContact} /> : null}
      </DragOverlay>
    </DndContext>
  );
}
