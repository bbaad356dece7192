import type { Contact, NetworkPage as NetworkPageData } from '@tend/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeContact, makeTier, makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { NetworkPage, type NetworkPageProps } from './network-page';

const tiers = [makeTier({ id: 1, name: 'New' }), makeTier({ id: 2, name: 'Colleagues', position: 1 })];

function person(id: number, name: string, company: string | null = null): Contact {
  return makeContact({ id, name, company, title: null, on_board: false, tier_id: null, column_order: null });
}

const ada = person(1, 'Ada Lovelace', 'Analytical Engines');
const grace = person(2, 'Grace Hopper', 'US Navy');
const alan = person(3, 'Alan Turing', 'Bletchley Park');
const katherine = person(4, 'Katherine Johnson', 'NASA');

interface Call {
  url: URL;
  method: string;
  body: unknown;
}

type Answer = { status: number; body: unknown };

/**
 * A fake API for the network: `GET /api/network` answers `answer(url)` (a promise the test may hold
 * back), `POST /api/contacts/bulk` answers `bulk(body)`, `GET /api/contacts/{id}` answers `one(id)`.
 */
function fakeApi(
  answer: (url: URL) => NetworkPageData | Promise<NetworkPageData>,
  bulk: (body: unknown) => Answer = () => ({ status: 200, body: { contacts: [] } }),
  one: (id: number) => Answer | Promise<Answer> = () => ({ status: 404, body: { errors: ['Contact not found.'] } }),
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://t');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url, method, body });
    const json = (status: number, data: unknown) =>
      new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
    if (method === 'GET' && url.pathname === '/api/network') return json(200, await answer(url));
    if (method === 'POST' && url.pathname === '/api/contacts/bulk') {
      const result = bulk(body);
      return json(result.status, result.body);
    }
    const single = /^\/api\/contacts\/(\d+)$/.exec(url.pathname);
    if (method === 'GET' && single) {
      const result = await one(Number(single[1]));
      return json(result.status, result.body);
    }
    return json(404, { errors: [`No mock for ${method} ${url.pathname}`] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    networkCalls: () => calls.filter((call) => call.url.pathname === '/api/network'),
    bulkCalls: () => calls.filter((call) => call.url.pathname === '/api/contacts/bulk'),
    singleCalls: () => calls.filter((call) => /^\/api\/contacts\/\d+$/.test(call.url.pathname)),
  };
}

function page(items: Contact[], total = items.length, next: string | null = null): NetworkPageData {
  return { items, next_cursor: next, total };
}

function renderNetwork(props: Partial<NetworkPageProps> = {}) {
  const onOpen = vi.fn();
  const onUpgrade = vi.fn();
  const onContactMissing = vi.fn();
  const onContactOnBoard = vi.fn();
  const result = renderScreen(
    <NetworkPage
      tiers={tiers}
      room={null}
      upgrade={{ onUpgrade, upgrading: false, unavailable: null }}
      onOpen={onOpen}
      openContactId={null}
      renderContact={(contact) => <p>Dialog of {contact.name}</p>}
      onContactMissing={onContactMissing}
      onContactOnBoard={onContactOnBoard}
      {...props}
    />,
    { path: '/network', user: makeUser({ plan: 'free' }) },
  );
  return { ...result, onOpen, onUpgrade, onContactMissing, onContactOnBoard };
}

const list = () => screen.getByRole('list', { name: /^Network/ });
const rowNames = () =>
  within(list())
    .getAllByRole('listitem')
    .map((row) => row.querySelector('.network-row__name')?.textContent);

describe('NetworkPage', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('lists the network with its count, sorts, and opens a person', async () => {
    const api = fakeApi((url) =>
      url.searchParams.get('sort') === 'name_asc' ? page([ada, alan, grace]) : page([grace, ada, alan]),
    );
    const user = userEvent.setup();
    const { onOpen } = renderNetwork();

    expect(await screen.findByText('3 people')).toBeInTheDocument();
    expect(rowNames()).toEqual(['Grace Hopper', 'Ada Lovelace', 'Alan Turing']);
    const rows = within(list()).getAllByRole('listitem');
    expect(rows[0]).toHaveAttribute('aria-posinset', '1');
    expect(rows[0]).toHaveAttribute('aria-setsize', '3');
    expect(api.networkCalls()[0]?.url.searchParams.get('sort')).toBe('connected_desc');
    expect(api.networkCalls()[0]?.url.searchParams.get('limit')).toBe('100');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name: A to Z');
    await waitFor(() => expect(rowNames()).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']));

    await user.click(screen.getByRole('button', { name: /Alan Turing/ }));
    expect(onOpen).toHaveBeenCalledWith(3);
  });

  it('searches as you type, keeping the last answer on screen until the next arrives', async () => {
    let release: (() => void) | null = null;
    const api = fakeApi((url) => {
      const q = url.searchParams.get('q');
      if (!q) return page([grace, ada, alan, katherine]);
      if (q === 'nasa') return new Promise((resolve) => (release = () => resolve(page([katherine]))));
      return page([]);
    });
    const user = userEvent.setup();
    renderNetwork();
    expect(await screen.findByText('4 people')).toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: 'Search your network' });
    await user.type(search, 'nasa');
    // Each keystroke is in the box at once; one request for the word, not one per letter.
    expect(search).toHaveValue('nasa');
    await waitFor(() => expect(api.networkCalls().map((call) => call.url.searchParams.get('q'))).toContain('nasa'));
    expect(api.networkCalls().filter((call) => call.url.searchParams.get('q'))).toHaveLength(1);
    // While the answer is on its way the previous rows stay, marked busy.
    expect(rowNames()).toEqual(['Grace Hopper', 'Ada Lovelace', 'Alan Turing', 'Katherine Johnson']);
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    expect(list().parentElement).toHaveAttribute('aria-busy', 'true');

    expect(list().parentElement).not.toHaveAttribute('data-shown-query', 'nasa');
    act(() => release?.());
    await waitFor(() => expect(rowNames()).toEqual(['Katherine Johnson']));
    expect(list().parentElement).toHaveAttribute('data-shown-query', 'nasa');
    expect(screen.getByText('1 person')).toBeInTheDocument();
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('Nobody in your network matches “zzz”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(rowNames()).toHaveLength(4));
  });

  it('says an empty network is empty and links to the import', async () => {
    fakeApi(() => page([]));
    renderNetwork();
    expect(await screen.findByText('Your network is empty: import your LinkedIn connections')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import contacts' })).toHaveAttribute('href', '/import');
  });

  it('selects with checkboxes, a Shift-click selects the range, and "Select all N matching" pages through the ids', async () => {
    const everyone = Array.from({ length: 250 }, (_, i) => person(100 + i, `Person ${i + 1}`));
    const api = fakeApi((url) => {
      const limit = Number(url.searchParams.get('limit'));
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const items = everyone.slice(from, from + Math.min(limit, 10));
      const next = from + items.length < everyone.length ? String(from + items.length) : null;
      return page(items, everyone.length, next);
    });
    const user = userEvent.setup();
    renderNetwork();
    expect(await screen.findByText('250 people')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Person 2' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 5' }));
    await user.keyboard('{/Shift}');
    for (const n of [2, 3, 4, 5]) expect(screen.getByRole('checkbox', { name: `Select Person ${n}` })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Person 1' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Person 6' })).not.toBeChecked();
    expect(screen.getByText('4 selected')).toBeInTheDocument();

    // A Shift-click on a chosen row clears the range back to the last click.
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 4' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Person 5' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Select all 250 matching' }));
    expect(await screen.findByText('250 selected')).toBeInTheDocument();
    const idPages = api.networkCalls().filter((call) => call.url.searchParams.get('limit') === '200');
    expect(idPages.length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('checkbox', { name: 'Select Person 1' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('Add to board: says how many fit on the free plan, offers the upgrade for the rest, and moves the first ones that fit', async () => {
    const api = fakeApi(
      () => page([grace, ada, alan]),
      (body) => ({ status: 200, body: { contacts: (body as { ids: number[] }).ids.map((id) => ({ ...ada, id })) } }),
    );
    const user = userEvent.setup();
    const { onUpgrade } = renderNetwork({ room: 2 });
    await screen.findByText('3 people');
    for (const name of ['Grace Hopper', 'Ada Lovelace', 'Alan Turing']) {
      await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
    }
    await user.click(screen.getByRole('button', { name: 'Add to board' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add to board' });
    expect(dialog).toHaveTextContent('2 of 3 fit on your board (free plan).');
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade to Premium to add the other 1' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
    await user.selectOptions(within(dialog).getByLabelText('Column'), 'Colleagues');
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 people' }));

    await waitFor(() => expect(api.bulkCalls()).toHaveLength(1));
    // In the list's order: the first two chosen go.
    expect(api.bulkCalls()[0]?.body).toEqual({ ids: [2, 1], action: 'to_board', tier_id: 2 });
    expect(await screen.findByText('2 people added to Colleagues.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add to board' })).not.toBeInTheDocument());
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('Add to board: a full free board adds nobody, and closing puts the focus back on Add to board', async () => {
    fakeApi(
      () => page([grace, ada]),
      () => ({ status: 403, body: { errors: ['Only 1 of 2 fit on your board (free plan).'] } }),
    );
    const user = userEvent.setup();
    renderNetwork({ room: 0 });
    await screen.findByText('2 people');
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    await user.click(screen.getByRole('button', { name: 'Add to board' }));
    const full = await screen.findByRole('dialog', { name: 'Add to board' });
    expect(within(full).getByRole('button', { name: 'Add 0 people' })).toBeDisabled();
    expect(full).toHaveTextContent('Your board is full (free plan).');
    await user.click(within(full).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus goes back to the button that opened it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to board' })).toHaveFocus());
  });

  it('refused by the server: the dialog stays open with the reason', async () => {
    fakeApi(
      () => page([grace, ada]),
      () => ({ status: 403, body: { errors: ['Only 1 of 2 fit on your board (free plan).'] } }),
    );
    const user = userEvent.setup();
    renderNetwork({ room: 5 });
    await screen.findByText('2 people');
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Add to board' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to board' });
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 people' }));
    expect(await within(dialog).findByText('Only 1 of 2 fit on your board (free plan).')).toBeInTheDocument();
  });

  it('moves focus between rows with the arrow keys', async () => {
    fakeApi(() => page([grace, ada, alan]));
    const user = userEvent.setup();
    renderNetwork();
    await screen.findByText('3 people');
    screen.getByRole('button', { name: /Grace Hopper/ }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /Ada Lovelace/ })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: /Alan Turing/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: /Ada Lovelace/ })).toHaveFocus();
  });

  it('draws the open person’s dialog once they are among the rows, without reading them again', async () => {
    const api = fakeApi(() => page([grace, ada]));
    renderNetwork({ openContactId: 1 });
    expect(await screen.findByText('Dialog of Ada Lovelace')).toBeInTheDocument();
    expect(api.singleCalls()).toEqual([]);
  });

  it('reads someone further down the list alone, opening while they are read, then draws their dialog', async () => {
    const far = person(250, 'Mary Jackson', 'NASA');
    let release: (() => void) | null = null;
    const api = fakeApi(
      () => page([grace, ada], 300, 'next'),
      undefined,
      (id) =>
        new Promise(
          (resolve) => (release = () => resolve(id === 250 ? { status: 200, body: far } : { status: 404, body: {} })),
        ),
    );
    const { onContactMissing } = renderNetwork({ openContactId: 250 });
    await waitFor(() => expect(api.singleCalls()).toHaveLength(1));
    expect(api.singleCalls()[0]?.url.pathname).toBe('/api/contacts/250');
    expect(screen.getByText('Opening')).toBeInTheDocument();
    expect(screen.queryByText(/^Dialog of/)).not.toBeInTheDocument();
    act(() => release?.());
    expect(await screen.findByText('Dialog of Mary Jackson')).toBeInTheDocument();
    expect(screen.queryByText('Opening')).not.toBeInTheDocument();
    expect(onContactMissing).not.toHaveBeenCalled();
  });

  it('someone read alone and then put on the board from their dialog goes back quietly, not to the board', async () => {
    const far = person(250, 'Mary Jackson', 'NASA');
    let onBoard = false;
    fakeApi(
      () => page([grace, ada], 300, 'next'),
      undefined,
      () => ({ status: 200, body: onBoard ? { ...far, on_board: true, tier_id: 1 } : far }),
    );
    const { onContactMissing, onContactOnBoard, queryClient } = renderNetwork({ openContactId: 250 });
    expect(await screen.findByText('Dialog of Mary Jackson')).toBeInTheDocument();
    onBoard = true;
    await act(() => queryClient.invalidateQueries({ queryKey: ['network'] }));
    await waitFor(() => expect(onContactMissing).toHaveBeenCalled());
    expect(onContactOnBoard).not.toHaveBeenCalled();
    expect(screen.queryByText('That person is not in your network.')).not.toBeInTheDocument();
  });

  it('an address naming nobody in the network says so and goes back to the network', async () => {
    fakeApi(() => page([grace, ada]));
    const { onContactMissing } = renderNetwork({ openContactId: 999 });
    expect(await screen.findByText('That person is not in your network.')).toBeInTheDocument();
    expect(onContactMissing).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/^Dialog of/)).not.toBeInTheDocument();
  });

  it('an address naming someone on the board goes to their card there', async () => {
    const card = makeContact({ id: 12, name: 'Board Person', on_board: true, tier_id: 1 });
    fakeApi(
      () => page([grace, ada]),
      undefined,
      () => ({ status: 200, body: card }),
    );
    const { onContactOnBoard, onContactMissing } = renderNetwork({ openContactId: 12 });
    await waitFor(() => expect(onContactOnBoard).toHaveBeenCalledWith(12));
    expect(onContactMissing).not.toHaveBeenCalled();
    expect(screen.queryByText('Dialog of Board Person')).not.toBeInTheDocument();
  });
});
