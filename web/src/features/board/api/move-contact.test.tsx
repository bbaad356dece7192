import type { Contact } from '@tend/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { contactKeys } from '@/lib/contact-keys';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/test/fetch-mock';
import { makeContact, makeTier } from '@/test/fixtures';
import { BOARD_MESSAGES } from '../messages';
import { groupContactsByTier } from '../utils/contact-order';
import { useMoveToColumn } from '../hooks/use-move-to-column';
import { useMoveContact } from './move-contact';

// Column 1: Ada (1), Grace (2); column 2: Alan (3).
const board: Contact[] = [
  makeContact({ id: 1, name: 'Ada', tier_id: 1, vertical_order: 1 }),
  makeContact({ id: 2, name: 'Grace', tier_id: 1, vertical_order: 0 }),
  makeContact({ id: 3, name: 'Alan', tier_id: 2, column_order: 1, vertical_order: 0 }),
];

function columnIds(contacts: Contact[] | undefined, tierId: number): number[] {
  return (groupContactsByTier(contacts ?? []).get(tierId) ?? []).map((contact) => contact.id);
}

function setup<Result>(hook: () => Result) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(contactKeys.list, board);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  const { result } = renderHook(hook, { wrapper });
  return { queryClient, result, cached: () => queryClient.getQueryData<Contact[]>(contactKeys.list) };
}

/** Holds the move request until `release()` so the optimistic state can be observed. */
function holdMoveRequest(http: ReturnType<typeof mockFetch>) {
  const answer = http.fetchMock.getMockImplementation()!;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  http.fetchMock.mockImplementation(async (input, init) => {
    if (typeof input === 'string' && input.endsWith('/move')) await gate;
    return answer(input, init);
  });
  return () => release();
}

describe('useMoveContact', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('moves the card in the cache at once, posts {tier_id, index} once, then keeps the server orders', async () => {
    const answer = [
      makeContact({ id: 1, name: 'Ada', tier_id: 1, vertical_order: 0 }),
      makeContact({ id: 2, name: 'Grace', tier_id: 2, column_order: 1, vertical_order: 1 }),
      makeContact({ id: 3, name: 'Alan', tier_id: 2, column_order: 1, vertical_order: 0 }),
    ];
    const http = mockFetch({ 'POST /api/contacts/2/move': { body: { contacts: answer } } });
    const release = holdMoveRequest(http);
    const { result, cached } = setup(useMoveContact);

    act(() => result.current.mutate({ contactId: 2, tierId: 2, index: 0, columnOrder: 1 }));
    await waitFor(() => expect(columnIds(cached(), 2)).toEqual([2, 3]));
    expect(columnIds(cached(), 1)).toEqual([1]);
    expect(cached()?.find((contact) => contact.id === 2)).toMatchObject({ tier_id: 2, column_order: 1 });

    release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(http.callsTo('POST', '/api/contacts/2/move')).toHaveLength(1);
    expect(http.callsTo('POST', '/api/contacts/2/move')[0]?.body).toEqual({ tier_id: 2, index: 0 });
    expect(cached()?.find((contact) => contact.id === 2)).toEqual(answer[1]);
  });

  it('restores the cached board and says so when the server fails (500)', async () => {
    const http = mockFetch({ 'POST /api/contacts/1/move': { status: 500, body: 'boom' } });
    const release = holdMoveRequest(http);
    const { result, cached } = setup(useMoveContact);

    act(() => result.current.mutate({ contactId: 1, tierId: 2, index: 1, columnOrder: 1 }));
    await waitFor(() => expect(columnIds(cached(), 2)).toEqual([3, 1]));

    release();
    expect(await screen.findByText(BOARD_MESSAGES.moveFailed)).toBeInTheDocument();
    expect(cached()).toEqual(board);
    expect(columnIds(cached(), 1)).toEqual([1, 2]);
  });

  it("shows the caller's failure message with the server's reason for a 4xx", async () => {
    mockFetch({ 'POST /api/contacts/1/move': { status: 404, body: { errors: ['Contact not found.'] } } });
    const { result, cached } = setup(useMoveContact);
    act(() =>
      result.current.mutate({
        contactId: 1,
        tierId: 2,
        index: 0,
        columnOrder: 1,
        failureMessage: BOARD_MESSAGES.columnUpdateFailed,
      }),
    );
    expect(await screen.findByText(BOARD_MESSAGES.columnUpdateFailed)).toBeInTheDocument();
    expect(screen.getByText('Contact not found.')).toBeInTheDocument();
    expect(cached()).toEqual(board);
  });
});

describe("useMoveToColumn (the contact card's column selector)", () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('moves the card to the top of the chosen column and says so', async () => {
    const moved = makeContact({ id: 2, name: 'Grace', tier_id: 2, column_order: 1, vertical_order: 1 });
    const http = mockFetch({ 'POST /api/contacts/2/move': { body: { contacts: [moved] } } });
    const { result, cached } = setup(() => useMoveToColumn(2));
    act(() => result.current.moveTo(makeTier({ id: 2, name: 'Colleagues', position: 1 })));
    expect(await screen.findByText(BOARD_MESSAGES.columnUpdated)).toBeInTheDocument();
    expect(http.callsTo('POST', '/api/contacts/2/move')[0]?.body).toEqual({ tier_id: 2, index: 0 });
    expect(columnIds(cached(), 2)).toEqual([2, 3]);
    expect(result.current.pending).toBe(false);
  });

  it('puts the card back and says the column update failed', async () => {
    mockFetch({ 'POST /api/contacts/2/move': { status: 500 } });
    const { result, cached } = setup(() => useMoveToColumn(2));
    act(() => result.current.moveTo(makeTier({ id: 2, name: 'Colleagues', position: 1 })));
    expect(await screen.findByText(BOARD_MESSAGES.columnUpdateFailed)).toBeInTheDocument();
    expect(cached()).toEqual(board);
  });
});
