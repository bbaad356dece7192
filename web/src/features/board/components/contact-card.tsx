import { CARD_TRUNCATION, truncate, WORDS, type Contact } from '@tend/contracts';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowRightLeft, CalendarPlus, Trash2, Users } from 'lucide-react';
import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type KeyboardEventHandler,
  type PointerEventHandler,
  type RefObject,
  type SyntheticEvent,
  type TouchEventHandler,
} from 'react';
import { Avatar } from '@/components/ui/avatar';
import { preloadDialogs } from '@/components/ui/dialog';
import { FollowUpChip } from '@/components/ui/follow-up-chip';
import { LinkedInIcon } from '@/components/ui/linkedin-icon';
import { Menu, MenuEmpty, MenuItem, MenuLabel, MenuSeparator } from '@/components/ui/menu';
import { followUpChip, lastContactChip } from '@/lib/follow-ups';
import { useBoardCardActions } from './board-card-actions';
import './contact-card.css';

/** What a screen reader says for a card: the whole name, title and company. */
export function cardLabel(contact: Pick<Contact, 'name' | 'title' | 'company'>): string {
  return [contact.name, contact.title, contact.company].filter(Boolean).join(', ');
}

/**
 * Photo, then name, title and company truncated to 18, 23 and 33 characters (PRODUCT.md §9). The
 * truncated text is hidden from assistive technology: the card's button carries the whole text.
 */
export const CardSummary = memo(function CardSummary({ contact }: { contact: Contact }) {
  return (
    <>
      <Avatar name={contact.name} src={contact.photo_url} size={40} showExpiredHint className="contact-card__avatar" />
      <span className="contact-card__text" aria-hidden="true">
        <span className="contact-card__name" title={contact.name}>
          {truncate(contact.name, CARD_TRUNCATION.name)}
        </span>
        {contact.title ? (
          <span className="contact-card__title" title={contact.title}>
            {truncate(contact.title, CARD_TRUNCATION.title)}
          </span>
        ) : null}
        {contact.company ? (
          <span className="contact-card__company" title={contact.company}>
            {truncate(contact.company, CARD_TRUNCATION.company)}
          </span>
        ) : null}
      </span>
    </>
  );
});

/**
 * Where the card stands in the daily loop (issue 24): "Overdue 5 d", "Due today" or "In 3 d", and
 * "Last: 21 d ago"; nothing for a card that is not due within the week and was never contacted.
 * Screen readers hear the long form ("Follow-up overdue by 5 days").
 */
export const CardFollowUp = memo(function CardFollowUp({ contact, today }: { contact: Contact; today: string }) {
  const last = lastContactChip(contact.last_contacted_on, today);
  if (!followUpChip(contact.next_follow_up_on, today) && !last) return null;
  return (
    <p className="contact-card__status">
      <FollowUpChip nextOn={contact.next_follow_up_on} today={today} />
      {last ? (
        <span className="contact-card__last">
          <span aria-hidden="true">{last.short}</span>
          <span className="visually-hidden">{last.long}.</span>
        </span>
      ) : null}
    </p>
  );
});

/** Keeps pointer and key presses on the card's buttons from starting a drag. */
function stop(event: SyntheticEvent) {
  event.stopPropagation();
}

/** LinkedIn link, "Move to..." menu (the non-drag way to move) and delete. */
const CardActions = memo(function CardActions({ contact, tierId }: { contact: Contact; tierId: number }) {
  const { tiers, deleteContact, moveContactTo, moveToNetwork, scheduleFollowUp } = useBoardCardActions();
  const others = tiers.filter((tier) => tier.id !== tierId);
  return (
    <div className="contact-card__actions" onPointerDown={stop} onTouchStart={stop} onKeyDown={stop}>
      {contact.linked_in ? (
        <a
          className="icon-btn icon-btn--sm"
          href={contact.linked_in}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`LinkedIn profile of ${contact.name} (opens in a new tab)`}
          title="LinkedIn profile"
        >
          <LinkedInIcon size={15} />
        </a>
      ) : null}
      <Menu
        label={`Move ${contact.name} to`}
        align="end"
        scrollable
        trigger={
          <button
            type="button"
            className="icon-btn icon-btn--sm"
            aria-label={`Move ${contact.name} to...`}
            title="Move to..."
          >
            <ArrowRightLeft size={15} aria-hidden="true" />
          </button>
        }
      >
        <MenuLabel>Move to...</MenuLabel>
        {others.length === 0 ? <MenuEmpty>Add another column to move this card.</MenuEmpty> : null}
        {others.map((tier) => (
          <MenuItem key={tier.id} onSelect={() => moveContactTo(contact.id, tier.id)}>
            {truncate(tier.name, CARD_TRUNCATION.tier)}
          </MenuItem>
        ))}
        {/* Never contacted: no interaction can carry a next-contact date, so a date is set here. */}
        {contact.last_contacted_on === null ? (
          <>
            <MenuSeparator />
            <MenuItem
              icon={<CalendarPlus size={16} aria-hidden="true" />}
              onSelect={() => scheduleFollowUp(contact.id)}
            >
              Schedule follow-up...
            </MenuItem>
          </>
        ) : null}
        <MenuSeparator />
        <MenuItem icon={<Users size={16} aria-hidden="true" />} onSelect={() => moveToNetwork(contact.id)}>
          {WORDS.moveToNetwork}
        </MenuItem>
      </Menu>
      <button
        type="button"
        className="icon-btn icon-btn--sm contact-card__delete"
        aria-label={`Delete ${contact.name}`}
        title="Delete contact"
        // Its confirmation's code, before the click asks for it (dialog.tsx loads it on first use).
        onPointerEnter={preloadDialogs}
        onFocus={preloadDialogs}
        onClick={() => deleteContact(contact.id)}
      >
        <Trash2 size={15} aria-hidden="true" />
      </button>
    </div>
  );
});

interface SortableListeners {
  onPointerDown?: PointerEventHandler;
  onTouchStart?: TouchEventHandler;
  onKeyDown?: KeyboardEventHandler;
}

/**
 * What every card of one column's list shares, made once by the list (`useCardList`) and handed to
 * each card as a plain prop. The cards themselves hold no hooks and read no context: a column keeps
 * up to 400 cards in the page, most of them shells, and a 1,000-card board mounted 1,000 cards of
 * ten hooks and a context subscription each (docs/PERFORMANCE.md, issue 28).
 */
export interface CardList {
  openContact: (contactId: number) => void;
  instructionsId: string;
  today: string;
  /** dnd-kit's listeners of the live cards, by contact id (set by their SortableBinding). */
  listeners: Map<number, SortableListeners>;
  /** A card's element in this list (read after mount). */
  getNode: (contactId: number) => HTMLLIElement | null;
  /** The card holding the focus (it stays drawn, and in a windowed column in the page). */
  focus: (contactId: number) => void;
  blur: (contactId: number) => void;
}

/** The list's shared part for its cards, its `<ul>`'s ref and the card holding the focus. */
export function useCardList(): {
  list: CardList;
  listRef: RefObject<HTMLUListElement | null>;
  focusedId: number | null;
} {
  const { openContact, instructionsId, today } = useBoardCardActions();
  const listRef = useRef<HTMLUListElement | null>(null);
  const [listeners] = useState(() => new Map<number, SortableListeners>());
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const list = useMemo<CardList>(
    () => ({
      openContact,
      instructionsId,
      today,
      listeners,
      getNode: (contactId) =>
        listRef.current?.querySelector<HTMLLIElement>(`:scope > li[data-contact-id="${contactId}"]`) ?? null,
      focus: (contactId) => setFocusedId(contactId),
      blur: (contactId) => setFocusedId((current) => (current === contactId ? null : current)),
    }),
    [openContact, instructionsId, today, listeners],
  );
  return { list, listRef, focusedId };
}

/**
 * Registers one card with dnd-kit. dnd-kit re-renders every `useSortable` whenever the card under
 * the pointer changes, so this renders nothing and moves the card through its DOM node: only
 * these small components re-render during a drag, never the cards.
 */
function SortableBinding({ id, tierId, list }: { id: number; tierId: number; list: CardList }) {
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition } = useSortable({
    id,
    data: { type: 'card', tierId },
  });

  useEffect(() => {
    const node = list.getNode(id);
    setNodeRef(node);
    setActivatorNodeRef(node?.querySelector<HTMLElement>(':scope > .contact-card__open') ?? null);
  }, [setNodeRef, setActivatorNodeRef, list, id]);

  useEffect(() => {
    if (listeners) list.listeners.set(id, listeners);
    else list.listeners.delete(id);
    return () => {
      list.listeners.delete(id);
    };
  }, [listeners, list, id]);

  useLayoutEffect(() => {
    const element = list.getNode(id);
    if (!element) return;
    element.style.transform = CSS.Translate.toString(transform) ?? '';
    element.style.transition = transition ?? '';
    return () => {
      element.style.transform = '';
      element.style.transition = '';
    };
  }, [transform, transition, list, id]);

  return null;
}

interface BoardCardProps {
  contact: Contact;
  tierId: number;
  /** What the column's cards share (see CardList). */
  list: CardList;
  /**
   * Near the visible part of its column (see TierColumn): the card draws its content and is
   * registered with dnd-kit. Otherwise it is a shell of the same size that keeps its place, its
   * name for screen readers and its focus, and opens the contact on click or Enter.
   */
  live: boolean;
  /** Holds the focus: it keeps its content when scrolled away, so the focused button stays. */
  focused?: boolean;
  /** Being dragged: a placeholder in its column while the overlay follows the pointer. */
  dragging?: boolean;
  /**
   * In a windowed column (only the cards near the view in the page): the card's distance from the
   * list's top in pixels, and its position in the column for screen readers, which see only part
   * of the list.
   */
  placedAt?: number;
  positionInSet?: number;
  setSize?: number;
}

/**
 * A card on the board (150 px high). The whole card drags with a mouse or a long press; the card's
 * main button is the keyboard handle (Space lifts, arrows move, Space drops, Escape cancels) and
 * opens the contact on click or Enter. Memoised and without hooks (its state is its list's and
 * dnd-kit's, in SortableBinding): a shell costs its elements and nothing more, and a card
 * re-renders only when its contact changes, it enters or leaves its column's window, or it takes
 * or loses the focus or the drag.
 */
export const BoardCard = memo(function BoardCard({
  contact,
  tierId,
  list,
  live,
  focused = false,
  dragging = false,
  placedAt,
  positionInSet,
  setSize,
}: BoardCardProps) {
  const id = contact.id;
  const drawn = live || focused;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    list.listeners.get(id)?.onKeyDown?.(event);
    if (event.key === 'Enter' && !dragging && !event.defaultPrevented) {
      event.preventDefault();
      list.openContact(id);
    }
  };

  return (
    <li
      className={
        dragging
          ? 'contact-card contact-card--placeholder'
          : drawn
            ? 'contact-card'
            : 'contact-card contact-card--shell'
      }
      data-contact-id={id}
      style={placedAt === undefined ? undefined : { top: placedAt }}
      aria-posinset={positionInSet}
      aria-setsize={setSize}
      onPointerDown={(event) => list.listeners.get(id)?.onPointerDown?.(event)}
      onTouchStart={(event) => list.listeners.get(id)?.onTouchStart?.(event)}
      onFocus={() => list.focus(id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) list.blur(id);
      }}
    >
      <div
        role="button"
        tabIndex={0}
        aria-roledescription="draggable contact card"
        aria-describedby={list.instructionsId}
        aria-pressed={dragging ? true : undefined}
        className="contact-card__open"
        onKeyDown={handleKeyDown}
        onClick={() => list.openContact(id)}
      >
        {/* The name comes from the content, whole (not an aria-label that the visible, truncated
            text would contradict). A shell holds it as its only content, unseen (its text is
            transparent) but there for find-in-page and screen readers: one element less per shell
            than the hidden span a drawn card needs beside its summary. */}
        {drawn ? (
          <>
            <span className="visually-hidden">{cardLabel(contact)}</span>
            <CardSummary contact={contact} />
          </>
        ) : (
          cardLabel(contact)
        )}
      </div>
      {drawn ? <CardFollowUp contact={contact} today={list.today} /> : null}
      {drawn ? <CardActions contact={contact} tierId={tierId} /> : null}
      {live ? <SortableBinding id={id} tierId={tierId} list={list} /> : null}
    </li>
  );
});

/** The card under the pointer while dragging (rendered in the drag overlay). */
export function ContactCardPreview({ contact }: { contact: Contact }) {
  return (
    <div className="contact-card contact-card--overlay" aria-hidden="true">
      <div className="contact-card__open">
        <CardSummary contact={contact} />
      </div>
    </div>
  );
}
