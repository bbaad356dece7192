import { isPlanLimited, type Contact, type Import, type User } from '@tend/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { matchPath, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useNotify } from '@/components/ui/toast';
import { useContacts } from '@/features/board/api/get-contacts';
import { isAtFreePlanLimit, isTrialExpired } from '@/features/board/utils/free-plan';
import { CONTACT_MESSAGES } from '@/features/contact/messages';
import { useImportWithIds } from '@/features/import/api/get-import';
import { useFreePlanCardLimit } from '@/lib/config';
import { boardContactPath, ROUTES } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session';

/** Which board address this is: /kanban, /kanban/{id}, /add-contact or /limit-reached. */
export type BoardAddress =
  { kind: 'board' } | { kind: 'contact'; contactId: number | null } | { kind: 'add' } | { kind: 'limit' };

export function readBoardAddress(pathname: string): BoardAddress {
  if (matchPath(ROUTES.addContact, pathname)) return { kind: 'add' };
  if (matchPath(ROUTES.limitReached, pathname)) return { kind: 'limit' };
  const match = matchPath(`${ROUTES.board}/:contactId`, pathname);
  if (match) {
    const id = Number(match.params.contactId);
    return { kind: 'contact', contactId: Number.isInteger(id) && id > 0 ? id : null };
  }
  return { kind: 'board' };
}

/** The column whose '+ Add contact' opened /add-contact (the board puts it in the navigation state). */
export function tierIdFromState(state: unknown): number | undefined {
  if (state && typeof state === 'object' && 'tierId' in state && typeof state.tierId === 'number') {
    return state.tierId;
  }
  return undefined;
}

/** The dialog over the board (at most one). */
export type BoardDialog =
  | { kind: 'none' }
  | { kind: 'add'; tierId: number | undefined }
  | { kind: 'contact'; contact: Contact }
  | { kind: 'limit' };

/** What the board's route decides from. */
export interface BoardFacts {
  address: BoardAddress;
  /** The navigation state (the column that asked for /add-contact). */
  state?: unknown;
  user: Pick<User, 'plan' | 'free_trial'>;
  /** The server's free allowance; null when the free plan is unlimited. */
  freePlanCardLimit: number | null;
  /** The board's contacts: undefined until they are read. */
  contacts: readonly Contact[] | undefined;
  /** The contacts have been read (and the last read did not fail). */
  contactsLoaded: boolean;
  /** A premium plan has ended and the limit modal that says so has not been closed yet. */
  trialPrompt: boolean;
}

/** The limit modal is for limited plans with an allowance: a premium user at /limit-reached sees the board. */
function hasCardLimit({ user, freePlanCardLimit }: Pick<BoardFacts, 'user' | 'freePlanCardLimit'>): boolean {
  return isPlanLimited(user.plan) && freePlanCardLimit !== null;
}

function contactOfAddress({ address, contacts }: Pick<BoardFacts, 'address' | 'contacts'>): Contact | undefined {
  if (address.kind !== 'contact' || address.contactId === null) return undefined;
  const { contactId } = address;
  return contacts?.find((candidate) => candidate.id === contactId);
}

/**
 * The dialog the address opens. /add-contact opens the limit modal instead once a limited plan holds
 * its allowance (PRODUCT.md §5), and nothing until the contacts are read; /kanban opens it by itself
 * after a premium plan ended (spec: when the board loads), until the user closes it.
 */
export function decideBoardDialog(facts: BoardFacts): BoardDialog {
  const { address, user, freePlanCardLimit, contacts, contactsLoaded, trialPrompt } = facts;
  const limited = hasCardLimit(facts);
  switch (address.kind) {
    case 'limit':
      return limited ? { kind: 'limit' } : { kind: 'none' };
    case 'add': {
      if (!contactsLoaded) return { kind: 'none' };
      if (isAtFreePlanLimit(user, contacts?.length ?? 0, freePlanCardLimit)) return { kind: 'limit' };
      return { kind: 'add', tierId: tierIdFromState(facts.state) };
    }
    case 'contact': {
      const contact = contactOfAddress(facts);
      return contact ? { kind: 'contact', contact } : { kind: 'none' };
    }
    case 'board':
      return limited && trialPrompt ? { kind: 'limit' } : { kind: 'none' };
  }
}

/** What the limit modal says: the premium plan that ended, or the free plan's allowance. */
export function limitReason(user: Pick<User, 'plan' | 'free_trial'>): 'limit' | 'trial-expired' {
  return isTrialExpired(user) ? 'trial-expired' : 'limit';
}

/**
 * /kanban?import={id}: the cards that import added (its summary links here), or null (everyone) when
 * the import cannot be read; empty while it loads.
 */
export function importedContactIds(
  run: Pick<Import, 'contact_ids'> | undefined,
  failed: boolean,
): ReadonlySet<number> | null {
  return failed ? null : new Set(run?.contact_ids ?? []);
}

/** How many of an import's cards are on the board (a free plan may hide some). */
export function importedOnBoard(ids: ReadonlySet<number> | null, contacts: readonly Contact[] | undefined): number {
  return ids ? (contacts ?? []).filter((contact) => ids.has(contact.id)).length : 0;
}

export interface BoardRoute {
  dialog: BoardDialog;
  limitReason: 'limit' | 'trial-expired';
  /** The import the board is narrowed to (`?import=`); null without one. */
  importFilter: {
    /** The import; undefined while it loads. */
    run: Import | undefined;
    /** It could not be read (gone, or another user's): the board shows everyone. */
    failed: boolean;
    /** The cards the board shows; null: everyone. */
    onlyContactIds: ReadonlySet<number> | null;
    /** How many of them are on the board. */
    shown: number;
    /** Back to every card (drops `?import=`). */
    clear: () => void;
  } | null;
  /** Closes a dialog: back to /kanban, keeping the query (the import filter stays on). */
  toBoard: () => void;
  /** The limit modal closed: the ended plan's prompt is done, and an address that opened it goes. */
  closeLimit: () => void;
  /** A contact was added: its card replaces the add dialog. */
  showContact: (contactId: number) => void;
  /** The server refused a new card (the plan is full): the limit modal replaces the add dialog. */
  showLimit: () => void;
}

/**
 * What the board's address decides (one board screen serves /kanban, /kanban/{id}, /add-contact and
 * /limit-reached): the dialog it opens, the import it narrows the board to, where it sends the user
 * instead, and the ways out of its dialogs.
 */
export function useBoardRoute(): BoardRoute {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const freePlanCardLimit = useFreePlanCardLimit();
  const contacts = useContacts();
  const [trialPrompt, setTrialPrompt] = useState(() => isTrialExpired(user));
  const lastShownContactId = useRef<number | null>(null);

  const facts: BoardFacts = {
    address: readBoardAddress(location.pathname),
    state: location.state,
    user,
    freePlanCardLimit,
    contacts: contacts.data,
    contactsLoaded: contacts.isSuccess,
    trialPrompt,
  };
  const dialog = decideBoardDialog(facts);
  const limited = hasCardLimit(facts);

  // A contact that is not (or no longer) on the board sends its address back to the board, once the
  // contacts are read: with a notice, or quietly for the card that was open (it has been deleted).
  const addressKind = facts.address.kind;
  const contactId = facts.address.kind === 'contact' ? facts.address.contactId : null;
  const shownContact = dialog.kind === 'contact' ? dialog.contact : undefined;
  const contactsLoaded = contacts.isSuccess;
  useEffect(() => {
    if (addressKind !== 'contact' || !contactsLoaded) return;
    if (shownContact) {
      lastShownContactId.current = shownContact.id;
      return;
    }
    if (lastShownContactId.current !== contactId) notify.info(CONTACT_MESSAGES.notFound);
    void navigate(ROUTES.board, { replace: true });
  }, [addressKind, contactId, shownContact, contactsLoaded, navigate, notify]);

  // /limit-reached without a limit (premium, or an unlimited free plan) is the board.
  useEffect(() => {
    if (addressKind === 'limit' && !limited) void navigate(ROUTES.board, { replace: true });
  }, [addressKind, limited, navigate]);

  const [searchParams, setSearchParams] = useSearchParams();
  const importId = searchParams.get('import');
  const importRun = useImportWithIds(importId);
  const onlyContactIds = useMemo(
    () => (importId === null ? null : importedContactIds(importRun.data, importRun.isError)),
    [importId, importRun.data, importRun.isError],
  );
  const shown = useMemo(() => importedOnBoard(onlyContactIds, contacts.data), [onlyContactIds, contacts.data]);
  const clearImport = useCallback(() => setSearchParams({}, { replace: true }), [setSearchParams]);

  const search = location.search;
  const toBoard = useCallback(() => void navigate({ pathname: ROUTES.board, search }), [navigate, search]);

  return {
    dialog,
    limitReason: limitReason(user),
    importFilter:
      importId === null
        ? null
        : { run: importRun.data, failed: importRun.isError, onlyContactIds, shown, clear: clearImport },
    toBoard,
    closeLimit: () => {
      setTrialPrompt(false);
      if (addressKind !== 'board') toBoard();
    },
    showContact: (id) => void navigate(boardContactPath(id), { replace: true }),
    showLimit: () => void navigate(ROUTES.limitReached, { replace: true }),
  };
}
