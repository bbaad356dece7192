import {
  BULK_MAX_IDS,
  NETWORK_SORTS,
  peopleCount,
  WORDS,
  type Contact,
  type NetworkSort,
  type Tier,
} from '@tend/contracts';
import { Search, UserPlus, X } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { useNotify } from '@/components/ui/toast';
import { ApiError, readErrorMessage, readErrorMessages } from '@/lib/api-client';
import { useBulkMoveContacts } from '@/lib/bulk-contacts';
import type { NetworkFilter } from '@/lib/network-keys';
import { ROUTES } from '@/lib/routes';
import { fetchMatchingIds, useNetwork } from '../api/get-network';
import { useNetworkPerson } from '../api/get-network-person';
import { useSelection } from '../hooks/use-selection';
import { NETWORK_MESSAGES, SORT_LABELS } from '../messages';
import { AddToBoardDialog, type NetworkUpgrade } from './add-to-board-dialog';
import { NetworkList } from './network-list';
import './network-page.css';

/**
 * How long the search waits after a keystroke before it asks: keys typed in one burst (a paste, a
 * fast typist) ask once, while a person's usual pace (100 ms and more between keys) asks at each
 * key. Short, since it counts against the 100 ms the issue allows from a key to its answer drawn
 * (api/bench/network-browser.bench.ts: 60 ms left too little for the request and the paint).
 */
export const SEARCH_PAUSE_MS = 20;

export interface NetworkPageProps {
  /** The board's columns (composed by the app); undefined while they load. */
  tiers: readonly Tier[] | undefined;
  /** Free cards left on the board (null: unlimited). */
  room: number | null;
  upgrade: NetworkUpgrade;
  /** Opens a person's dialog (the address /network/{id}). */
  onOpen: (contactId: number) => void;
  /**
   * The person whose dialog the address asks for: from the loaded rows, or read alone when they are
   * further down the list; drawn by the app.
   */
  openContactId: number | null;
  renderContact: (contact: Contact) => ReactNode;
  /** The address names nobody in the user's network (the page has said so): back to /network. */
  onContactMissing: () => void;
  /** The address names someone on the board: their card there. */
  onContactOnBoard: (contactId: number) => void;
}

/**
 * /network (issue 26): everyone not on the board, searchable as you type, sortable, counted, a
 * windowed list with checkboxes (Shift for a range, "Select all N matching") and Add to board.
 */
export function NetworkPage({
  tiers,
  room,
  upgrade,
  onOpen,
  openContactId,
  renderContact,
  onContactMissing,
  onContactOnBoard,
}: NetworkPageProps) {
  const notify = useNotify();
  const searchId = useId();
  const sortId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<NetworkSort>('connected_desc');
  // The input draws each keystroke at once; the list follows after a short pause.
  useEffect(() => {
    if (text === query) return undefined;
    const timer = setTimeout(() => setQuery(text), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, query]);

  const filter = useMemo<NetworkFilter>(() => ({ q: query.trim() || undefined, sort }), [query, sort]);
  const network = useNetwork(filter);
  const people = useMemo(() => network.data?.pages.flatMap((page) => page.items) ?? [], [network.data]);
  const total = network.data?.pages[0]?.total ?? 0;
  const idAt = useCallback((index: number) => people[index]?.id, [people]);
  const selection = useSelection(idAt);
  const [selectingAll, setSelectingAll] = useState(false);
  const [capped, setCapped] = useState(false);
  const [adding, setAdding] = useState(false);
  const [addErrors, setAddErrors] = useState<string[]>([]);
  const move = useBulkMoveContacts();
  const addButton = useRef<HTMLButtonElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  // The dialog has no Radix trigger, so focus is put back by hand: on Add to board, or on the search
  // once the move has emptied the selection (and the button with it).
  const closeAdding = () => {
    setAdding(false);
    setTimeout(() => (addButton.current ?? searchBox.current)?.focus(), 0);
  };
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = network;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const selectAllMatching = () => {
    setSelectingAll(true);
    fetchMatchingIds(filter, BULK_MAX_IDS).then(
      (ids) => {
        selection.replace(ids);
        setCapped(total > ids.length);
        setSelectingAll(false);
      },
      (error: unknown) => {
        setSelectingAll(false);
        notify.error(readErrorMessage(error, NETWORK_MESSAGES.loadFailed));
      },
    );
  };

  // The chosen in the list's order (the first ones go when only some fit), then any not loaded.
  const chosenIds = () => {
    const inList = people.filter((person) => selection.selected.has(person.id)).map((person) => person.id);
    const listed = new Set(inList);
    return [...inList, ...[...selection.selected].filter((id) => !listed.has(id))];
  };

  const addToBoard = (tierId: number, count: number) => {
    setAddErrors([]);
    const ids = chosenIds().slice(0, count);
    const column = tiers?.find((tier) => tier.id === tierId)?.name ?? '';
    move.mutate(
      { ids, action: 'to_board', tier_id: tierId },
      {
        onSuccess: ({ contacts }) => {
          closeAdding();
          selection.clear();
          setCapped(false);
          notify.success(NETWORK_MESSAGES.added(contacts.length, column));
        },
        onError: (error) => setAddErrors(readErrorMessages(error, NETWORK_MESSAGES.addFailed)),
      },
    );
  };

  // /network/{id}: the person among the loaded rows, or, once the first page is in and they are not
  // on it, read alone (a link to someone further down the list).
  const loadedContact = openContactId === null ? undefined : people.find((person) => person.id === openContactId);
  const readAlone = openContactId !== null && !loadedContact && !network.isPending;
  const alone = useNetworkPerson(openContactId, readAlone);
  const aloneContact = readAlone ? alone.data : undefined;
  const openContact = loadedContact ?? (aloneContact && !aloneContact.on_board ? aloneContact : undefined);
  const aloneFailed = readAlone && alone.isError && !aloneContact;
  const opening = openContactId !== null && !openContact && !aloneFailed && !aloneContact?.on_board;
  const lastShownContactId = useRef<number | null>(null);
  useEffect(() => {
    if (openContact) {
      lastShownContactId.current = openContact.id;
      return;
    }
    if (openContactId === null) return;
    // The person whose dialog was open has left the network (put on the board, deleted): their
    // dialog's own action closes it, and if it has not yet, this goes back quietly.
    const wasShown = lastShownContactId.current === openContactId;
    if (aloneContact?.on_board) {
      if (wasShown) onContactMissing();
      else onContactOnBoard(openContactId);
      return;
    }
    if (!aloneFailed) return;
    // Anyone else: say why.
    if (!wasShown) {
      if (alone.error instanceof ApiError && alone.error.status === 404) notify.info(NETWORK_MESSAGES.personNotFound);
      else notify.error(readErrorMessage(alone.error, NETWORK_MESSAGES.personLoadFailed));
    }
    onContactMissing();
  }, [openContact, openContactId, aloneContact, aloneFailed, alone.error, notify, onContactMissing, onContactOnBoard]);
  const chosen = selection.selected.size;
  const listLabel = query.trim() ? `${WORDS.network}: ${query.trim()}` : WORDS.network;

  let body: ReactNode;
  if (network.isPending) {
    body = (
      <div className="network-page__state">
        <Spinner size={28} label={NETWORK_MESSAGES.loading} />
      </div>
    );
  } else if (network.isError && !network.data) {
    body = (
      <div className="network-page__state">
        <Alert title={NETWORK_MESSAGES.loadFailed}>{readErrorMessage(network.error, '')}</Alert>
        <Button onClick={() => void network.refetch()}>Try again</Button>
      </div>
    );
  } else if (total === 0 && !filter.q) {
    body = (
      <div className="network-page__state network-page__empty">
        <p>{WORDS.networkEmpty}</p>
        <Link to={ROUTES.import} className={buttonClassName({ variant: 'primary' })}>
          {NETWORK_MESSAGES.importLink}
        </Link>
      </div>
    );
  } else if (total === 0) {
    body = (
      <div className="network-page__state" data-shown-query={network.isPlaceholderData ? '' : (filter.q ?? '')}>
        <p>
          {WORDS.networkNoMatch} &ldquo;{filter.q}&rdquo;.
        </p>
        <Button variant="secondary" onClick={() => setText('')}>
          {NETWORK_MESSAGES.clearSearch}
        </Button>
      </div>
    );
  } else {
    body = (
      <NetworkList
        people={people}
        total={total}
        selected={selection.selected}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={loadMore}
        onToggle={selection.toggle}
        onOpen={onOpen}
        label={listLabel}
        busy={network.isPlaceholderData}
        shownQuery={network.isPlaceholderData ? '' : (filter.q ?? '')}
      />
    );
  }

  return (
    <div className="page network-page">
      <PageTitle>{WORDS.network}</PageTitle>
      <div className="network-page__header">
        <h1 className="page__title">{WORDS.network}</h1>
        <p className="network-page__count" role="status">
          {network.data ? peopleCount(total) : ''}
          {network.isPlaceholderData ? (
            <span className="network-page__searching"> {NETWORK_MESSAGES.searching}</span>
          ) : null}
        </p>
      </div>
      <div className="network-page__toolbar" role="search">
        <div className="field__control network-search">
          <label htmlFor={searchId} className="visually-hidden">
            {WORDS.searchNetwork}
          </label>
          <Search size={16} aria-hidden="true" className="network-search__icon" />
          <input
            ref={searchBox}
            id={searchId}
            type="search"
            className="field__input network-search__input"
            placeholder={WORDS.searchNetwork}
            value={text}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="network-sort">
          <label htmlFor={sortId} className="network-sort__label">
            {NETWORK_MESSAGES.sortLabel}
          </label>
          <div className="field__control">
            <select
              id={sortId}
              className="field__input field__select network-sort__select"
              value={sort}
              onChange={(event) => setSort(event.target.value as NetworkSort)}
            >
              {NETWORK_SORTS.map((value) => (
                <option key={value} value={value}>
                  {SORT_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <div className="network-page__selection" aria-label={NETWORK_MESSAGES.selectionBar} role="group">
        {chosen > 0 ? (
          <span className="network-page__chosen" aria-live="polite">
            {NETWORK_MESSAGES.selectedCount(chosen)}
            {capped ? ` (${NETWORK_MESSAGES.selectAllCapped(BULK_MAX_IDS)})` : null}
          </span>
        ) : null}
        {total > 0 ? (
          <Button variant="secondary" size="sm" onClick={selectAllMatching} loading={selectingAll}>
            {NETWORK_MESSAGES.selectAllMatching(total)}
          </Button>
        ) : null}
        {chosen > 0 ? (
          <>
            <Button variant="ghost" size="sm" icon={<X size={16} aria-hidden="true" />} onClick={selection.clear}>
              {NETWORK_MESSAGES.clearSelection}
            </Button>
            <Button
              ref={addButton}
              size="sm"
              icon={<UserPlus size={16} aria-hidden="true" />}
              onClick={() => {
                setAddErrors([]);
                setAdding(true);
              }}
              disabled={!tiers}
            >
              {WORDS.addToBoard}
            </Button>
          </>
        ) : null}
      </div>
      {body}
      {tiers ? (
        <AddToBoardDialog
          open={adding}
          onOpenChange={(open) => {
            if (!open) closeAdding();
          }}
          count={chosen}
          tiers={tiers}
          room={room}
          pending={move.isPending}
          errors={addErrors}
          upgrade={upgrade}
          onConfirm={addToBoard}
        />
      ) : null}
      {openContact ? renderContact(openContact) : null}
      {opening ? (
        <div className="dialog-loading">
          <Spinner size={32} label={NETWORK_MESSAGES.opening} />
        </div>
      ) : null}
    </div>
  );
}
