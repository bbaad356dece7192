import type { Contact, User } from '@tend/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { contactKeys } from '@/lib/contact-keys';
import { createQueryClient } from '@/lib/query-client';
import { sessionKeys } from '@/lib/session';
import { many } from '@/features/board/test/board-queries';
import { mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import {
  decideBoardDialog,
  importedContactIds,
  importedOnBoard,
  limitReason,
  readBoardAddress,
  useBoardRoute,
  type BoardFacts,
} from './use-board-route';

const free = makeUser({ plan: 'free' });
const premium = makeUser({ plan: 'premium' });
const premiumEnded = makeUser({ plan: 'free', free_trial: true });

function facts(overrides: Partial<BoardFacts> & Pick<BoardFacts, 'address'>): BoardFacts {
  return {
    user: free,
    freePlanCardLimit: 25,
    contacts: many(3),
    contactsLoaded: true,
    trialPrompt: false,
    ...overrides,
  };
}

describe('readBoardAddress', () => {
  it('reads the four addresses of the board, and a contact id only when it is a positive whole number', () => {
    expect(readBoardAddress('/kanban')).toEqual({ kind: 'board' });
    expect(readBoardAddress('/add-contact')).toEqual({ kind: 'add' });
    expect(readBoardAddress('/limit-reached')).toEqual({ kind: 'limit' });
    expect(readBoardAddress('/kanban/12')).toEqual({ kind: 'contact', contactId: 12 });
    expect(readBoardAddress('/kanban/abc')).toEqual({ kind: 'contact', contactId: null });
    expect(readBoardAddress('/kanban/0')).toEqual({ kind: 'contact', contactId: null });
  });
});

describe('decideBoardDialog', () => {
  it('opens the add dialog for the column that asked, once the contacts are read', () => {
    const add = readBoardAddress('/add-contact');
    expect(decideBoardDialog(facts({ address: add, state: { tierId: 3 } }))).toEqual({ kind: 'add', tierId: 3 });
    expect(decideBoardDialog(facts({ address: add }))).toEqual({ kind: 'add', tierId: undefined });
    expect(decideBoardDialog(facts({ address: add, contacts: undefined, contactsLoaded: false }))).toEqual({
      kind: 'none',
    });
  });

  it('opens the limit modal instead of adding when a free user has 25 contacts', () => {
    const add = readBoardAddress('/add-contact');
    expect(decideBoardDialog(facts({ address: add, contacts: many(25) }))).toEqual({ kind: 'limit' });
  });

  it('lets a free user with 24 contacts, a premium user with 25, and an unlimited free plan add more', () => {
    const add = readBoardAddress('/add-contact');
    expect(decideBoardDialog(facts({ address: add, contacts: many(24) })).kind).toBe('add');
    expect(decideBoardDialog(facts({ address: add, user: premium, contacts: many(25) })).kind).toBe('add');
    expect(decideBoardDialog(facts({ address: add, freePlanCardLimit: null, contacts: many(25) })).kind).toBe('add');
  });

  it('opens the limit modal at /limit-reached for a limited plan only', () => {
    const limit = readBoardAddress('/limit-reached');
    expect(decideBoardDialog(facts({ address: limit })).kind).toBe('limit');
    expect(decideBoardDialog(facts({ address: limit, user: makeUser({ plan: null }) })).kind).toBe('limit');
    expect(decideBoardDialog(facts({ address: limit, user: premium })).kind).toBe('none');
    expect(decideBoardDialog(facts({ address: limit, freePlanCardLimit: null })).kind).toBe('none');
  });

  it('opens the limit modal on the board after premium ended, until it is closed', () => {
    const board = readBoardAddress('/kanban');
    expect(decideBoardDialog(facts({ address: board, user: premiumEnded, trialPrompt: true })).kind).toBe('limit');
    expect(decideBoardDialog(facts({ address: board, user: premiumEnded, trialPrompt: false })).kind).toBe('none');
    // Only on the board itself: a card's address shows the card.
    const card = readBoardAddress('/kanban/101');
    expect(decideBoardDialog(facts({ address: card, user: premiumEnded, trialPrompt: true })).kind).toBe('contact');
  });

  it("opens the card of the address's contact when it is on the board", () => {
    const contacts = many(3);
    expect(decideBoardDialog(facts({ address: readBoardAddress('/kanban/101'), contacts }))).toEqual({
      kind: 'contact',
      contact: contacts[1],
    });
    expect(decideBoardDialog(facts({ address: readBoardAddress('/kanban/999'), contacts })).kind).toBe('none');
    expect(decideBoardDialog(facts({ address: readBoardAddress('/kanban/abc'), contacts })).kind).toBe('none');
  });
});

describe('limitReason', () => {
  it('says the premium plan ended, or the free plan is full', () => {
    expect(limitReason(premiumEnded)).toBe('trial-expired');
    expect(limitReason(free)).toBe('limit');
  });
});

describe('the import filter', () => {
  it("narrows the board to the import's cards, to none while it loads, and to everyone when it is gone", () => {
    const contacts = many(3);
    const ids = importedContactIds({ contact_ids: [101, 102, 999] }, false);
    expect(ids).toEqual(new Set([101, 102, 999]));
    // A card the free plan hides is not counted.
    expect(importedOnBoard(ids, contacts)).toBe(2);
    expect(importedContactIds(undefined, false)).toEqual(new Set());
    expect(importedContactIds(undefined, true)).toBeNull();
    expect(importedOnBoard(null, contacts)).toBe(0);
  });
});

interface HookSetup {
  user?: User;
  contacts?: Contact[];
  state?: unknown;
  extra?: Parameters<typeof mockFetch>[0];
}

/** The hook at `url`, with where the router is now; no screen is drawn (the toaster shows notices). */
function renderRoute(url: string, { user = free, contacts = many(3), state, extra = {} }: HookSetup = {}) {
  mockFetch({ 'GET /api/contacts': { body: contacts }, ...extra });
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKeys.all, user);
  const [pathname = '/', search] = url.split('?');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>{children}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  );
  const { result } = renderHook(() => ({ route: useBoardRoute(), location: useLocation() }), { wrapper });
  return { result, queryClient };
}

describe('useBoardRoute', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('goes back to the board, and says so, when the contact of the address is not on it', async () => {
    const { result } = renderRoute('/kanban/999');
    expect(await screen.findByText('That contact is not on your board.')).toBeInTheDocument();
    await waitFor(() => expect(result.current.location.pathname).toBe('/kanban'));
    expect(result.current.route.dialog).toEqual({ kind: 'none' });
  });

  it('goes back quietly when the card that was open has just been deleted', async () => {
    const contacts = many(3);
    const { result, queryClient } = renderRoute('/kanban/101', { contacts });
    await waitFor(() => expect(result.current.route.dialog.kind).toBe('contact'));
    act(() => {
      queryClient.setQueryData(contactKeys.list, [contacts[0]!, contacts[2]!]);
    });
    await waitFor(() => expect(result.current.location.pathname).toBe('/kanban'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('That contact is not on your board.')).not.toBeInTheDocument();
  });

  it('sends a premium user at /limit-reached to the board', async () => {
    const { result } = renderRoute('/limit-reached', { user: premium });
    await waitFor(() => expect(result.current.location.pathname).toBe('/kanban'));
    expect(result.current.route.dialog).toEqual({ kind: 'none' });
  });

  it('keeps a free user at /limit-reached, with the limit modal, and closing it goes to the board', async () => {
    const { result } = renderRoute('/limit-reached');
    await waitFor(() => expect(result.current.route.dialog).toEqual({ kind: 'limit' }));
    expect(result.current.route.limitReason).toBe('limit');
    act(() => result.current.route.closeLimit());
    expect(result.current.location.pathname).toBe('/kanban');
    expect(result.current.route.dialog).toEqual({ kind: 'none' });
  });

  it('opens the limit modal at load after premium ended; once closed it stays closed on the board', () => {
    const { result } = renderRoute('/kanban', { user: premiumEnded, contacts: many(25) });
    expect(result.current.route.dialog).toEqual({ kind: 'limit' });
    expect(result.current.route.limitReason).toBe('trial-expired');
    act(() => result.current.route.closeLimit());
    expect(result.current.route.dialog).toEqual({ kind: 'none' });
    expect(result.current.location.pathname).toBe('/kanban');
  });

  it('opens the add dialog for the column of the navigation state; a new contact replaces it with its card', async () => {
    const { result } = renderRoute('/add-contact', { state: { tierId: 3 } });
    await waitFor(() => expect(result.current.route.dialog).toEqual({ kind: 'add', tierId: 3 }));
    act(() => result.current.route.showContact(101));
    await waitFor(() => expect(result.current.route.dialog.kind).toBe('contact'));
    expect(result.current.location.pathname).toBe('/kanban/101');
  });

  it('turns the add dialog into the limit modal when the server refuses a new card', async () => {
    const { result } = renderRoute('/add-contact');
    await waitFor(() => expect(result.current.route.dialog.kind).toBe('add'));
    act(() => result.current.route.showLimit());
    expect(result.current.location.pathname).toBe('/limit-reached');
    expect(result.current.route.dialog).toEqual({ kind: 'limit' });
  });

  it('narrows to the import of the address, keeps the query when a dialog closes, and clears it', async () => {
    const importId = '0b7f3c52-8f3e-4a8e-9a57-3f1d2c4b5a61';
    const { result } = renderRoute(`/kanban/101?import=${importId}`, {
      extra: {
        [`GET /api/imports/${importId}?include=ids`]: {
          body: { id: importId, state: 'done', file_name: 'Connections.csv', contact_ids: [101] },
        },
      },
    });
    await waitFor(() => expect(result.current.route.importFilter?.run?.file_name).toBe('Connections.csv'));
    expect(result.current.route.importFilter).toMatchObject({ failed: false, shown: 1 });
    expect(result.current.route.importFilter?.onlyContactIds).toEqual(new Set([101]));

    act(() => result.current.route.toBoard());
    expect(result.current.location.pathname).toBe('/kanban');
    expect(result.current.location.search).toBe(`?import=${importId}`);

    act(() => result.current.route.importFilter?.clear());
    expect(result.current.location.search).toBe('');
    expect(result.current.route.importFilter).toBeNull();
  });

  it('shows everyone when the import of the address is gone', async () => {
    const importId = '0b7f3c52-8f3e-4a8e-9a57-3f1d2c4b5a61';
    const { result } = renderRoute(`/kanban?import=${importId}`, {
      extra: { [`GET /api/imports/${importId}?include=ids`]: { status: 404, body: { errors: ['Import not found.'] } } },
    });
    await waitFor(() => expect(result.current.route.importFilter?.failed).toBe(true));
    expect(result.current.route.importFilter?.onlyContactIds).toBeNull();
  });
});
