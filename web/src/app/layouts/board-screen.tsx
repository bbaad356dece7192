import { isPlanLimited, type Contact } from '@tend/contracts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { matchPath, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { PaymentBanner } from '@/features/billing/components/payment-issue';
import { useUpgrade } from '@/features/billing/hooks/use-upgrade';
import { useTiers } from '@/features/board/api/get-tiers';
import { BoardPage, type BoardMove } from '@/features/board/components/board-page';
import { LimitModal } from '@/features/board/components/limit-modal';
import { isAtFreePlanLimit, isTrialExpired } from '@/features/board/utils/free-plan';
import { useContacts } from '@/features/contact/api/get-contacts';
import { useMoveContact } from '@/features/contact/api/move-contact';
import { DeleteContactDialog } from '@/features/contact/components/delete-contact-dialog';
import { CONTACT_MESSAGES } from '@/features/contact/messages';
import { groupContactsByTier } from '@/features/contact/utils/contact-order';
import { useImportWithIds } from '@/features/import/api/get-import';
import { ImportedFilterBanner } from '@/features/import/components/imported-filter-banner';
import { boardContactPath, ROUTES } from '@/lib/routes';
import { useFreePlanCardLimit } from '@/lib/config';
import { useCurrentUser } from '@/lib/session';

// The contact dialogs (forms, validation with zod, tabs, photo cropping) load when one opens: the
// board's first load carries only what draws the columns (docs/PERFORMANCE.md).
const AddContactModal = lazy(async () => ({
  default: (await import('@/features/contact/components/add-contact-modal')).AddContactModal,
}));
const ContactCardModal = lazy(async () => ({
  default: (await import('@/features/contact/components/contact-card-modal')).ContactCardModal,
}));

function DialogLoading() {
  return (
    <div className="dialog-loading">
      <Spinner size={32} label="Opening" />
    </div>
  );
}

type BoardRoute =
  { kind: 'board' } | { kind: 'contact'; contactId: number | null } | { kind: 'add' } | { kind: 'limit' };

/** Which modal the address asks for: /kanban, /kanban/{id}, /add-contact or /limit-reached. */
export function readBoardRoute(pathname: string): BoardRoute {
  if (matchPath(ROUTES.addContact, pathname)) return { kind: 'add' };
  if (matchPath(ROUTES.limitReached, pathname)) return { kind: 'limit' };
  const match = matchPath(`${ROUTES.board}/:contactId`, pathname);
  if (match) {
    const id = Number(match.params.contactId);
    return { kind: 'contact', contactId: Number.isInteger(id) && id > 0 ? id : null };
  }
  return { kind: 'board' };
}

function tierIdFromState(state: unknown): number | undefined {
  if (state && typeof state === 'object' && 'tierId' in state && typeof state.tierId === 'number') {
    return state.tierId;
  }
  return undefined;
}

/**
 * The board screen: composes the board (columns, cards, moves, limit modal) with the contact
 * feature (the contacts, the add and card modals, the delete confirmation) and billing's upgrade.
 * One instance serves /kanban, /kanban/{id}, /add-contact and /limit-reached, so switching between
 * them only opens or closes a modal.
 */
export function BoardScreen() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const route = readBoardRoute(location.pathname);

  const tiers = useTiers();
  const contacts = useContacts();
  const columns = useMemo(() => (contacts.data ? groupContactsByTier(contacts.data) : undefined), [contacts.data]);
  const { mutate: moveContact } = useMoveContact();
  const { upgrade, pending: upgrading, unavailable: upgradeUnavailable } = useUpgrade('new-tab');
  const [deleteTarget, setDeleteTarget] = useState<Contact | null>(null);
  // Spec: a free user whose premium ended (free_trial) sees the limit modal when the board loads.
  const [trialPrompt, setTrialPrompt] = useState(() => isTrialExpired(user));

  // /kanban?import={id}: the board narrowed to the cards that import added (its summary links here).
  const [searchParams, setSearchParams] = useSearchParams();
  const importId = searchParams.get('import');
  const importRun = useImportWithIds(importId);
  const importedIds = useMemo(
    () => (importId === null || importRun.isError ? null : new Set(importRun.data?.contact_ids ?? [])),
    [importId, importRun.data, importRun.isError],
  );
  const importedShown = useMemo(
    () => (importedIds ? (contacts.data ?? []).filter((candidate) => importedIds.has(candidate.id)).length : 0),
    [importedIds, contacts.data],
  );
  const clearImportFilter = useCallback(() => setSearchParams({}, { replace: true }), [setSearchParams]);

  const handleMove = useCallback(
    ({ contact, tierId, index, columnOrder }: BoardMove) =>
      moveContact({ contactId: contact.id, tierId, index, columnOrder }),
    [moveContact],
  );
  // Closing a modal keeps the board's query (the import filter stays on).
  const boardSearch = location.search;
  const toBoard = useCallback(
    () => void navigate({ pathname: ROUTES.board, search: boardSearch }),
    [navigate, boardSearch],
  );

  const contactId = route.kind === 'contact' ? route.contactId : null;
  const contact = contactId !== null ? contacts.data?.find((candidate) => candidate.id === contactId) : undefined;

  // An address for a contact that is not (or no longer) on the board goes back to the board; a
  // contact that was open and has just been deleted goes back quietly.
  const shownContactId = useRef<number | null>(null);
  useEffect(() => {
    if (route.kind !== 'contact' || !contacts.isSuccess) return;
    if (contact) {
      shownContactId.current = contact.id;
      return;
    }
    if (shownContactId.current !== contactId) notify.info(CONTACT_MESSAGES.notFound);
    void navigate(ROUTES.board, { replace: true });
  }, [route.kind, contactId, contact, contacts.isSuccess, navigate, notify]);

  // The limit modal is for limited plans: a premium user who opens /limit-reached sees the board.
  const freePlanCardLimit = useFreePlanCardLimit();
  const isFree = isPlanLimited(user.plan) && freePlanCardLimit !== null;
  useEffect(() => {
    if (route.kind === 'limit' && !isFree) void navigate(ROUTES.board, { replace: true });
  }, [route.kind, isFree, navigate]);

  const atLimit = contacts.isSuccess && isAtFreePlanLimit(user, contacts.data.length, freePlanCardLimit);
  const limitOpen =
    isFree && (route.kind === 'limit' || (route.kind === 'add' && atLimit) || (route.kind === 'board' && trialPrompt));
  const addOpen = route.kind === 'add' && contacts.isSuccess && !atLimit;

  return (
    <>
      <BoardPage
        columns={columns}
        contactsError={contacts.error}
        onRetryContacts={() => void contacts.refetch()}
        retryingContacts={contacts.isFetching}
        onMoveContact={handleMove}
        onDeleteContact={setDeleteTarget}
        banner={
          <>
            <PaymentBanner />
            {importId !== null ? (
              <ImportedFilterBanner
                run={importRun.data}
                failed={importRun.isError}
                shown={importedShown}
                onClear={clearImportFilter}
              />
            ) : null}
          </>
        }
        onlyContactIds={importedIds}
      />
      {/* A boundary per dialog, mounted with it: its spinner shows while the dialog's code loads. */}
      {addOpen ? (
        <Suspense fallback={<DialogLoading />}>
          <AddContactModal
            tierId={tierIdFromState(location.state)}
            onClose={toBoard}
            onCreated={(created) => void navigate(boardContactPath(created.id), { replace: true })}
            onLimitReached={() => void navigate(ROUTES.limitReached, { replace: true })}
          />
        </Suspense>
      ) : null}
      {contact && tiers.data ? (
        <Suspense fallback={<DialogLoading />}>
          <ContactCardModal key={contact.id} contact={contact} tiers={tiers.data} onClose={toBoard} />
        </Suspense>
      ) : null}
      <LimitModal
        open={limitOpen}
        reason={isTrialExpired(user) ? 'trial-expired' : 'limit'}
        onClose={() => {
          setTrialPrompt(false);
          if (route.kind !== 'board') toBoard();
        }}
        onUpgrade={() => upgrade(user.id)}
        upgrading={upgrading}
        upgradeUnavailable={upgradeUnavailable}
      />
      <DeleteContactDialog contact={deleteTarget} onClose={() => setDeleteTarget(null)} />
    </>
  );
}
