import { addDays, SNOOZE_MAX_DAYS, type Contact } from '@tend/contracts';
import { Columns3, FileUp, Filter, SearchX, X } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, buttonClassName } from '@/components/ui/button';
import { DateDialog } from '@/components/ui/date-dialog';
import { PageTitle } from '@/components/ui/page-title';
import { PageSpinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { readErrorMessage, serverReason } from '@/lib/api-client';
import { useFreePlanCardLimit } from '@/lib/config';
import { formatShortDay, userToday, useScheduleFollowUp } from '@/lib/follow-ups';
import { boardContactPath, ROUTES } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session';
import { useContacts } from '../api/get-contacts';
import { useTiers } from '../api/get-tiers';
import { useMoveContact } from '../api/move-contact';
import { useBoardFilter } from '../hooks/use-board-filter';
import { useStableCallback } from '../hooks/use-stable-callback';
import { BOARD_MESSAGES } from '../messages';
import { isNarrowed, isShown, type BoardNarrowing } from '../utils/board-filter';
import { groupContactsByTier } from '../utils/contact-order';
import { isAtFreePlanLimit } from '../utils/free-plan';
import { AddColumnButton } from './add-column-button';
import { BoardCardActionsContext, type BoardCardActions } from './board-card-actions';
import { BoardColumns, type BoardDrop } from './board-columns';
import './board-page.css';

export interface BoardPageProps {
  /** Asks to delete (the confirmation belongs to the contact feature). */
  onDeleteContact: (contact: Contact) => void;
  /** Asks to move a card to the network (the confirmation is composed by the app). */
  onMoveToNetwork: (contact: Contact) => void;
  /** Shown above the columns (billing's payment banner, the import's filter: composed by the app). */
  banner?: ReactNode;
  /** When set, only these cards are shown: the board filtered to what one import brought in. */
  onlyContactIds?: ReadonlySet<number> | null;
}

function LoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <div className="empty-state" role="alert">
      <h1 className="empty-state__title">We could not load your board.</h1>
      <p>{readErrorMessage(error, 'Please check your connection and try again.')}</p>
      <Button onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </div>
  );
}

/**
 * The board (PRODUCT.md §2): a horizontal row of 300 px columns sorted by position, then
 * '+ Add Column'. Cards are filtered by the top bar's filter box and move by drag and drop or the
 * card's "Move to..." menu.
 */
export function BoardPage({ onDeleteContact, onMoveToNetwork, banner, onlyContactIds = null }: BoardPageProps) {
  const tiers = useTiers();
  const contacts = useContacts();
  const columns = useMemo(() => (contacts.data ? groupContactsByTier(contacts.data) : undefined), [contacts.data]);
  const { mutate: moveContact } = useMoveContact();
  const user = useCurrentUser();
  const freePlanCardLimit = useFreePlanCardLimit();
  const navigate = useNavigate();
  const { query, dueOnly, clear: clearFilter } = useBoardFilter();
  // Typing stays smooth with many cards: the columns catch up with the filter a moment later.
  const deferredQuery = useDeferredValue(query);
  const today = userToday(user.time_zone);
  const dueOn = dueOnly ? today : null;
  const notify = useNotify();
  const schedule = useScheduleFollowUp();
  const [scheduling, setScheduling] = useState<Contact | null>(null);

  const counts = useMemo(() => {
    let total = 0;
    let shown = 0;
    const narrowing: BoardNarrowing = { query: deferredQuery, dueOn, onlyIds: onlyContactIds };
    const narrowed = isNarrowed(narrowing);
    for (const column of columns?.values() ?? []) {
      total += column.length;
      if (narrowed) shown += column.filter((contact) => isShown(contact, narrowing)).length;
    }
    return { total, shown: narrowed ? shown : total };
  }, [columns, deferredQuery, dueOn, onlyContactIds]);

  const findContact = (contactId: number): Contact | undefined => {
    for (const column of columns?.values() ?? []) {
      const found = column.find((contact) => contact.id === contactId);
      if (found) return found;
    }
    return undefined;
  };

  const move = useStableCallback((contactId: number, tierId: number, index: number) => {
    const tier = tiers.data?.find((candidate) => candidate.id === tierId);
    if (tier && findContact(contactId)) moveContact({ contactId, tierId, index, columnOrder: tier.position });
  });
  const drop = useStableCallback(({ contactId, tierId, index }: BoardDrop) => move(contactId, tierId, index));
  const addContact = useStableCallback((tierId: number) => {
    if (isAtFreePlanLimit(user, counts.total, freePlanCardLimit)) void navigate(ROUTES.limitReached);
    else void navigate(ROUTES.addContact, { state: { tierId } });
  });
  // Opening a card keeps the board's query (the import filter stays on behind the modal).
  const { search } = useLocation();
  const openContact = useStableCallback(
    (contactId: number) => void navigate({ pathname: boardContactPath(contactId), search }),
  );
  const deleteContact = useStableCallback((contactId: number) => {
    const contact = findContact(contactId);
    if (contact) onDeleteContact(contact);
  });
  const moveToNetwork = useStableCallback((contactId: number) => {
    const contact = findContact(contactId);
    if (contact) onMoveToNetwork(contact);
  });
  const moveContactTo = useStableCallback((contactId: number, tierId: number) => move(contactId, tierId, 0));
  const scheduleFollowUp = useStableCallback((contactId: number) => setScheduling(findContact(contactId) ?? null));

  const instructionsId = useId();
  const tierList = tiers.data;
  const actions = useMemo<BoardCardActions>(
    () => ({
      tiers: tierList ?? [],
      instructionsId,
      openContact,
      deleteContact,
      moveToNetwork,
      moveContactTo,
      scheduleFollowUp,
      today,
    }),
    [tierList, instructionsId, openContact, deleteContact, moveToNetwork, moveContactTo, scheduleFollowUp, today],
  );

  const confirmSchedule = (on: string) => {
    if (!scheduling) return;
    const name = scheduling.name;
    schedule.mutate(
      { contactId: scheduling.id, on },
      {
        onSuccess: () => {
          setScheduling(null);
          notify.success(BOARD_MESSAGES.followUpScheduled(name, formatShortDay(on)));
        },
        onError: (error) => notify.error(BOARD_MESSAGES.followUpScheduleFailed, { detail: serverReason(error) }),
      },
    );
  };

  if (tiers.isError) {
    return <LoadError error={tiers.error} onRetry={() => void tiers.refetch()} retrying={tiers.isFetching} />;
  }
  if (!columns && contacts.error) {
    return <LoadError error={contacts.error} onRetry={() => void contacts.refetch()} retrying={contacts.isFetching} />;
  }
  if (tiers.isPending || !columns) return <PageSpinner label="Loading your board" />;

  const filtering = deferredQuery.trim() !== '' || dueOnly;
  const addColumn = (
    <div className="board__add-column">
      <AddColumnButton />
    </div>
  );

  return (
    // data-filter: the filter text the columns show (they follow the box a moment later while one
    // types); the browser benchmark times each keystroke until the board shows it.
    <div className="board" data-filter={deferredQuery}>
      <PageTitle>Board</PageTitle>
      <h1 className="visually-hidden">Board</h1>
      <p id={instructionsId} className="visually-hidden">
        {BOARD_MESSAGES.dragInstructions}
      </p>
      {/* Issue 27: while a filter hides cards, say so, how many show, and how to see them all. The
          status stays in the page (empty when no filter is on) so that screen readers hear it change. */}
      <div className={filtering ? 'board__filter-line' : 'visually-hidden'}>
        {filtering ? <Filter size={14} aria-hidden="true" /> : null}
        <p role="status" className="board__filter-count">
          {filtering ? `${counts.shown} of ${counts.total} shown${dueOnly ? ', due and overdue only' : ''}` : ''}
        </p>
        {filtering ? (
          <Button variant="ghost" size="sm" icon={<X size={14} aria-hidden="true" />} onClick={clearFilter}>
            Show all cards
          </Button>
        ) : null}
      </div>
      {banner}
      {counts.total === 0 && tiers.data.length > 0 ? (
        <div className="board__welcome">
          <FileUp size={20} aria-hidden="true" className="board__welcome-icon" />
          <p className="board__welcome-text">
            <strong>Your board is empty.</strong> Bring in your LinkedIn connections or your address book, or add people
            one by one.
          </p>
          <Link to={ROUTES.import} className={buttonClassName({ size: 'sm' })}>
            Import contacts
          </Link>
        </div>
      ) : null}
      {filtering && counts.shown === 0 ? (
        <p className="board__notice">
          <SearchX size={16} aria-hidden="true" />
          {deferredQuery.trim() !== '' ? (
            <>
              No contacts match &ldquo;{deferredQuery.trim()}&rdquo;{dueOnly ? ' among those due' : ''}.
            </>
          ) : (
            <>No one is due today or overdue.</>
          )}
        </p>
      ) : null}
      {tiers.data.length === 0 ? (
        <div className="empty-state">
          <Columns3 size={32} aria-hidden="true" />
          <p>Your board has no columns yet.</p>
          {addColumn}
        </div>
      ) : (
        <BoardCardActionsContext.Provider value={actions}>
          <BoardColumns
            tiers={tiers.data}
            columns={columns}
            query={deferredQuery}
            onlyIds={onlyContactIds}
            dueOn={dueOn}
            today={today}
            onDrop={drop}
            onAddContact={addContact}
            trailing={addColumn}
          />
        </BoardCardActionsContext.Provider>
      )}
      <DateDialog
        open={scheduling !== null}
        onOpenChange={(open) => {
          if (!open) setScheduling(null);
        }}
        title="Schedule follow-up"
        description={`When to get back to ${scheduling?.name ?? 'this person'}: they show as due on that day.`}
        label="Follow up on"
        min={today}
        max={addDays(today, SNOOZE_MAX_DAYS)}
        initial={addDays(today, 7)}
        confirmLabel="Schedule"
        pending={schedule.isPending}
        onConfirm={confirmSchedule}
      />
    </div>
  );
}
