import {
  BILLING_NOT_CONFIGURED_MESSAGE,
  freePlanLimitMessage,
  type Contact,
  type Tier,
  type User,
} from '@tend/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, type RouteObject } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { defaultTiers, makeContact, makeUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { BoardLayout } from './board-layout';
import { BoardScreen } from './board-screen';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

const routes: RouteObject[] = [
  {
    element: <BoardLayout />,
    children: [
      {
        element: (
          <>
            <BoardScreen />
            <LocationProbe />
          </>
        ),
        children: [
          { path: '/kanban', element: null },
          { path: '/kanban/:contactId', element: null },
          { path: '/add-contact', element: null },
          { path: '/limit-reached', element: null },
        ],
      },
    ],
  },
];

interface Setup {
  user?: User;
  tiers?: Tier[];
  contacts?: Contact[];
  extra?: Parameters<typeof mockFetch>[0];
}

function renderBoard(
  url: string,
  { user = makeUser(), tiers = defaultTiers(), contacts = [], extra = {} }: Setup = {},
) {
  const http = mockFetch({
    'GET /api/session': { body: user },
    'GET /api/tiers': { body: tiers },
    'GET /api/contacts': { body: contacts },
    ...extra,
  });
  const rendered = renderRoutes(routes, url, user);
  return { ...rendered, http };
}

function column(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

/** The accessible names of a column's cards, top to bottom (the whole name, title and company). */
function cardNames(columnName: string): string[] {
  return within(column(columnName))
    .queryAllByRole('button', { name: /,|^[^,]+$/ })
    .filter((element) => element.classList.contains('contact-card__open'))
    .map((element) => element.querySelector(':scope > .visually-hidden')?.textContent ?? '');
}

const location = () => screen.getByTestId('location');
/** The top bar (its <header> is the page's banner; the columns' <header>s are not). */
const topBar = () => document.querySelector<HTMLElement>('.top-bar')!;

// New: Ada (top), Grace; Colleagues: Alan.
const people = [
  makeContact({
    id: 11,
    name: 'Grace Hopper',
    title: 'Rear Admiral',
    company: 'US Navy',
    tier_id: 1,
    vertical_order: 0,
  }),
  makeContact({
    id: 10,
    name: 'Ada Lovelace',
    title: 'Analyst',
    company: 'Analytical Engines',
    tier_id: 1,
    vertical_order: 1,
  }),
  makeContact({
    id: 12,
    name: 'Alan Turing',
    title: 'Mathematician',
    company: 'Bletchley Park',
    tier_id: 2,
    column_order: 1,
    vertical_order: 0,
  }),
];

function many(count: number): Contact[] {
  return Array.from({ length: count }, (_, i) =>
    makeContact({ id: 100 + i, name: `Person ${i + 1}`, title: null, company: null, vertical_order: i }),
  );
}

/**
 * A ResizeObserver that lets the test drive the columns' own observers (jsdom has no layout);
 * dnd-kit's get a silent one. Returns the columns' callbacks.
 */
function stubColumnResizeObservers(): (() => void)[] {
  const columnObservers: (() => void)[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe(element: Element) {
        if (element.classList.contains('tier-column__body')) columnObservers.push(this.callback);
      }
      unobserve() {}
      disconnect() {}
    },
  );
  return columnObservers;
}
describe('BoardScreen', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('shows the columns by position with their counts and cards in board order', async () => {
    const shuffled = [defaultTiers()[2]!, defaultTiers()[0]!, defaultTiers()[3]!, defaultTiers()[1]!];
    renderBoard('/kanban', { tiers: shuffled, contacts: people });
    await screen.findByRole('region', { name: 'New' });
    const names = screen
      .getAllByRole('region')
      .filter((region) => region.hasAttribute('data-tier-id'))
      .map((region) => region.getAttribute('aria-labelledby'));
    expect(names).toEqual(['tier-1-name', 'tier-2-name', 'tier-3-name', 'tier-4-name']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'NewNew',
      'ColleaguesColleagues',
      'FriendsFriends',
      'Potential ReferralsPotential Referrals',
    ]);
    expect(within(column('New')).getByText('2 contacts')).toBeInTheDocument();
    expect(within(column('Colleagues')).getByText('1 contact')).toBeInTheDocument();
    expect(within(column('Friends')).getByText('0 contacts')).toBeInTheDocument();
    expect(within(column('Friends')).getByText('No contacts yet.')).toBeInTheDocument();
    expect(cardNames('New')).toEqual([
      'Ada Lovelace, Analyst, Analytical Engines',
      'Grace Hopper, Rear Admiral, US Navy',
    ]);
    // The first column can be neither renamed nor deleted.
    expect(within(column('New')).queryByRole('button', { name: /Rename column/ })).not.toBeInTheDocument();
    expect(within(column('New')).queryByRole('button', { name: /Delete column/ })).not.toBeInTheDocument();
    expect(within(column('Colleagues')).getByRole('button', { name: 'Rename column Colleagues' })).toBeInTheDocument();
    // '+ Add Column' after the last column and, always in reach, in the toolbar of the top bar.
    const addColumn = screen.getAllByRole('button', { name: '+ Add Column' });
    expect(addColumn).toHaveLength(2);
    expect(within(topBar()).getByRole('button', { name: '+ Add Column' })).toBe(addColumn[0]);
  });

  it('truncates long column names to 20 characters but keeps the full name for assistive technology', async () => {
    const tiers = [...defaultTiers(), { id: 9, name: 'People I met at the conference', position: 4, user_id: 7 }];
    renderBoard('/kanban', { tiers });
    const heading = await screen.findByRole('heading', { name: 'People I met at the conference' });
    expect(heading).toHaveTextContent('People I met at the ...');
  });

  it('filters cards by name, title and company as you type, and the counts follow', async () => {
    const user = userEvent.setup();
    renderBoard('/kanban', { contacts: people });
    await screen.findByRole('region', { name: 'New' });
    const filter = screen.getByRole('searchbox', { name: 'Filter contacts' });

    await user.type(filter, 'NAVY');
    await waitFor(() => expect(cardNames('New')).toEqual(['Grace Hopper, Rear Admiral, US Navy']));
    expect(within(column('New')).getByText('1 contact')).toBeInTheDocument();
    expect(within(column('Colleagues')).getByText('0 contacts')).toBeInTheDocument();
    expect(within(column('Colleagues')).getByText('No matches in this column.')).toBeInTheDocument();

    await user.clear(filter);
    await user.type(filter, 'analyst');
    await waitFor(() => expect(cardNames('New')).toEqual(['Ada Lovelace, Analyst, Analytical Engines']));

    await user.clear(filter);
    await user.type(filter, 'zzz');
    expect(await screen.findByText(/No contacts match/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(cardNames('New')).toHaveLength(2));
    expect(cardNames('Colleagues')).toEqual(['Alan Turing, Mathematician, Bletchley Park']);
  });

  it('narrows the board to what one import brought in (/kanban?import={id}) until "Show all contacts"', async () => {
    const importId = '0b7f3c52-8f3e-4a8e-9a57-3f1d2c4b5a61';
    const user = userEvent.setup();
    renderBoard(`/kanban?import=${importId}`, {
      contacts: people,
      extra: {
        [`GET /api/imports/${importId}?include=ids`]: {
          body: { id: importId, state: 'done', file_name: 'Connections.csv', contact_ids: [12] },
        },
      },
    });
    expect(await screen.findByText('Showing the 1 person imported from Connections.csv.')).toBeInTheDocument();
    await waitFor(() => expect(cardNames('Colleagues')).toEqual(['Alan Turing, Mathematician, Bletchley Park']));
    expect(cardNames('New')).toEqual([]);
    expect(within(column('New')).getByText('No matches in this column.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all contacts' }));
    await waitFor(() => expect(cardNames('New')).toHaveLength(2));
    expect(screen.queryByText(/imported from/)).not.toBeInTheDocument();
  });

  it('shows everyone and says so when the import of the address is gone', async () => {
    const importId = '0b7f3c52-8f3e-4a8e-9a57-3f1d2c4b5a61';
    renderBoard(`/kanban?import=${importId}`, {
      contacts: people,
      extra: { [`GET /api/imports/${importId}?include=ids`]: { status: 404, body: { errors: ['Import not found.'] } } },
    });
    expect(await screen.findByText(/That import is no longer available/)).toBeInTheDocument();
    await waitFor(() => expect(cardNames('New')).toHaveLength(2));
  });

  it('points an empty board to the import', async () => {
    renderBoard('/kanban');
    await screen.findByRole('region', { name: 'New' });
    expect(screen.getByText('Your board is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import contacts' })).toHaveAttribute('href', '/import');
  });

  it("adds a contact to the column whose '+ Add contact' was clicked, then opens its card", async () => {
    const created = makeContact({ id: 50, name: 'Katherine Johnson', title: null, company: 'NASA', tier_id: 3 });
    const user = userEvent.setup();
    const { http } = renderBoard('/kanban', {
      extra: {
        'GET /api/contacts': [{ body: people }, { body: [...people, created] }],
        'POST /api/contacts': { status: 201, body: created },
      },
    });
    await user.click(
      within(await screen.findByRole('region', { name: 'Friends' })).getByRole('button', { name: '+ Add contact' }),
    );
    expect(location()).toHaveTextContent('/add-contact');
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Katherine Johnson');
    await user.type(within(dialog).getByRole('textbox', { name: 'Company' }), 'NASA');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Contact added.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/kanban/50'));
    const card = await screen.findByRole('dialog', { name: 'Katherine Johnson' });
    expect(http.callsTo('POST', '/api/contacts')[0]?.body).toEqual({
      name: 'Katherine Johnson',
      title: null,
      company: 'NASA',
      linked_in: null,
      tier_id: 3,
    });
    await user.click(within(card).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(cardNames('Friends')).toEqual(['Katherine Johnson, NASA']));
  });

  it('opens the limit modal instead of adding when a free user has 25 contacts', async () => {
    const user = userEvent.setup();
    renderBoard('/kanban', { user: makeUser({ plan: 'free' }), contacts: many(25) });
    await user.click(
      within(await screen.findByRole('region', { name: 'New' })).getByRole('button', { name: '+ Add contact' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'The free plan holds 25 contacts' });
    expect(location()).toHaveTextContent('/limit-reached');
    expect(dialog).toHaveTextContent('$10/month');
    expect(dialog).toHaveTextContent('Unlimited contact cards');
    expect(dialog).toHaveTextContent('Chrome extension');
    expect(within(dialog).getByRole('button', { name: 'Maintain 25 contacts' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add contact' })).not.toBeInTheDocument();
  });

  it('lets a free user with 24 contacts and a premium user with 25 add more', async () => {
    const user = userEvent.setup();
    renderBoard('/kanban', { user: makeUser({ plan: 'premium' }), contacts: many(25) });
    await user.click(
      within(await screen.findByRole('region', { name: 'New' })).getByRole('button', { name: '+ Add contact' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Add contact' })).toBeInTheDocument();
  });

  it('shows the limit modal when the server refuses a new contact (403)', async () => {
    const user = userEvent.setup();
    renderBoard('/add-contact', {
      user: makeUser({ plan: 'free' }),
      contacts: many(3),
      extra: { 'POST /api/contacts': { status: 403, body: { errors: [freePlanLimitMessage(25)] } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'One Too Many');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'The free plan holds 25 contacts' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/limit-reached');
  });

  it('opens the limit modal at load after premium ended, and "Maintain 25 contacts" keeps the free plan', async () => {
    const user = userEvent.setup();
    const me = makeUser({ id: 7, plan: 'free', free_trial: true });
    const { http } = renderBoard('/kanban', {
      user: me,
      contacts: many(25),
      extra: { 'PATCH /api/users/7': { body: { ...me, free_trial: false } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Your Premium plan has ended' });
    await user.click(within(dialog).getByRole('button', { name: 'Maintain 25 contacts' }));
    const confirm = await screen.findByRole('dialog', { name: 'Maintain 25 contacts?' });
    await user.click(within(confirm).getByRole('button', { name: 'Maintain 25 contacts' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.callsTo('PATCH', '/api/users/7')[0]?.body).toEqual({ plan: 'free', free_trial: false });
  });

  it("says billing is not configured before the click: the limit modal's Upgrade is disabled with the reason", async () => {
    renderBoard('/limit-reached', {
      user: makeUser({ plan: 'free' }),
      contacts: many(25),
      extra: { 'GET /api/config': { body: { billing_enabled: false } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'The free plan holds 25 contacts' });
    const upgrade = within(dialog).getByRole('button', { name: 'Upgrade' });
    await waitFor(() => expect(upgrade).toBeDisabled());
    expect(upgrade).toHaveAccessibleDescription(BILLING_NOT_CONFIGURED_MESSAGE);
    expect(within(dialog).getByText(BILLING_NOT_CONFIGURED_MESSAGE)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Maintain 25 contacts' })).toBeEnabled();
  });

  it("shows billing's answer when Upgrade cannot start checkout (503)", async () => {
    const user = userEvent.setup();
    renderBoard('/limit-reached', {
      user: makeUser({ plan: 'free' }),
      contacts: many(25),
      extra: {
        'POST /api/create-checkout-session': { status: 503, body: { errors: [BILLING_NOT_CONFIGURED_MESSAGE] } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByText(BILLING_NOT_CONFIGURED_MESSAGE)).toBeInTheDocument();
  });

  it('shows the payment banner above the columns for a premium user whose payment failed', async () => {
    renderBoard('/kanban', {
      user: makeUser({
        plan: 'premium',
        payment_issue: true,
        stripe_id: 'cus_1',
        premium_expiry_date: '2026-07-01T12:00:00.000Z',
      }),
      extra: { 'GET /api/retreive-customer-info': { body: { cus: { email: 'pay@example.com' }, sub: {} } } },
    });
    const title = await screen.findByText('There is an issue with your payment method.');
    const banner = title.closest<HTMLElement>('[role="alert"]');
    if (!banner) throw new Error('The banner is not an alert.');
    expect(await within(banner).findByText(/pay@example\.com/)).toBeInTheDocument();
    expect(banner).toHaveTextContent('switches to the free plan on July 1, 2026');
    expect(await screen.findByRole('heading', { name: 'New' })).toBeInTheDocument();
  });

  it('moves a card with its "Move to..." menu to the top of the chosen column', async () => {
    const user = userEvent.setup();
    const answer = [
      { ...people[0]!, tier_id: 2, column_order: 1, vertical_order: 1 },
      { ...people[1]!, vertical_order: 0 },
      { ...people[2]!, vertical_order: 0 },
    ];
    const { http } = renderBoard('/kanban', {
      extra: {
        'GET /api/contacts': [{ body: people }, { body: answer }],
        'POST /api/contacts/11/move': { body: { contacts: answer } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Move Grace Hopper to...' }));
    const menu = await screen.findByRole('menu', { name: 'Move Grace Hopper to...' });
    expect(within(menu).queryByRole('menuitem', { name: 'New' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Colleagues' }));
    await waitFor(() =>
      expect(cardNames('Colleagues')).toEqual([
        'Grace Hopper, Rear Admiral, US Navy',
        'Alan Turing, Mathematician, Bletchley Park',
      ]),
    );
    expect(http.callsTo('POST', '/api/contacts/11/move')).toHaveLength(1);
    expect(http.callsTo('POST', '/api/contacts/11/move')[0]?.body).toEqual({ tier_id: 2, index: 0 });
  });

  it('puts the card back and says so when a move fails', async () => {
    const user = userEvent.setup();
    renderBoard('/kanban', { contacts: people, extra: { 'POST /api/contacts/11/move': { status: 500 } } });
    await user.click(await screen.findByRole('button', { name: 'Move Grace Hopper to...' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Friends' }));
    expect(await screen.findByText(/could not be moved/)).toBeInTheDocument();
    expect(cardNames('Friends')).toEqual([]);
    expect(cardNames('New')).toContain('Grace Hopper, Rear Admiral, US Navy');
  });

  it("deletes a card after 'Delete contact?'", async () => {
    const user = userEvent.setup();
    const { http } = renderBoard('/kanban', {
      extra: {
        'GET /api/contacts': [{ body: people }, { body: people.slice(0, 2) }],
        'DELETE /api/contacts/12': { status: 204 },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Alan Turing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete contact?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    http.fetchMock.mockClear();
    await user.click(within(dialog).getByRole('button', { name: 'Delete contact' }));
    expect(await screen.findByText('Contact deleted.')).toBeInTheDocument();
    await waitFor(() => expect(cardNames('Colleagues')).toEqual([]));
    expect(http.callsTo('DELETE', '/api/contacts/12')).toHaveLength(1);
  });

  it("creates a column with '+ Add Column'", async () => {
    const user = userEvent.setup();
    const created = { id: 5, name: 'New Column', position: 4, user_id: 7 };
    renderBoard('/kanban', {
      extra: {
        'GET /api/tiers': [{ body: defaultTiers() }, { body: [...defaultTiers(), created] }],
        'POST /api/tiers': { status: 201, body: created },
      },
    });
    await screen.findByRole('region', { name: 'New' });
    // The toolbar's button: the one after the last column may be scrolled out of sight.
    await user.click(within(topBar()).getByRole('button', { name: '+ Add Column' }));
    expect(await screen.findByText('New column created.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'New Column' })).toBeInTheDocument();
  });

  it('opens the contact card from /kanban/{id} and closes back to /kanban', async () => {
    const user = userEvent.setup();
    renderBoard('/kanban/12', { contacts: people });
    const dialog = await screen.findByRole('dialog', { name: 'Alan Turing' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toHaveTextContent(/^\/kanban$/);
  });

  it('opens a card with a click or Enter', async () => {
    const user = userEvent.setup();
    renderBoard('/kanban', { contacts: people });
    await user.click(await screen.findByRole('button', { name: 'Alan Turing, Mathematician, Bletchley Park' }));
    expect(await screen.findByRole('dialog', { name: 'Alan Turing' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/kanban/12');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/kanban$/));

    screen.getByRole('button', { name: 'Ada Lovelace, Analyst, Analytical Engines' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('lifts a card with Space, announces it, and cancels with Escape without moving it', async () => {
    const user = userEvent.setup();
    const { http } = renderBoard('/kanban', { contacts: people });
    const card = await screen.findByRole('button', { name: 'Grace Hopper, Rear Admiral, US Navy' });
    card.focus();
    await user.keyboard(' ');
    expect(
      await screen.findByText('Picked up Grace Hopper. It is in column New, position 2 of 2.'),
    ).toBeInTheDocument();
    expect(card).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Escape}');
    expect(await screen.findByText(/Moving Grace Hopper was cancelled/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(http.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(cardNames('New')).toEqual([
      'Ada Lovelace, Analyst, Analytical Engines',
      'Grace Hopper, Rear Admiral, US Navy',
    ]);
  });

  it('keeps a column of 400 cards whole in the page; a longer one holds only the cards near the view, each at its place', async () => {
    const columnObservers = stubColumnResizeObservers();
    const contacts = [
      ...many(1000),
      ...Array.from({ length: 400 }, (_, i) =>
        makeContact({ id: 5000 + i, tier_id: 2, name: `Other ${i + 1}`, vertical_order: i }),
      ),
    ];
    renderBoard('/kanban', { user: makeUser({ plan: 'premium' }), contacts });
    const region = await screen.findByRole('region', { name: 'New' });
    expect(within(region).getByText('1000 contacts')).toBeInTheDocument();
    const cards = (of: HTMLElement) => [...of.querySelectorAll<HTMLElement>('li[data-contact-id]')];
    const other = screen.getByRole('region', { name: 'Colleagues' });
    expect(cards(other)).toHaveLength(400);

    // Before the column has a size: a screenful and the overscan, placed from the top, in a list
    // as high as the whole column, each card saying where it is in the column.
    const list = within(region).getByRole('list', { name: 'Contacts in New' });
    expect(list.style.height).toBe(`${1000 * 158 - 8}px`);
    const shown = cards(region);
    expect(shown.length).toBeGreaterThan(4);
    expect(shown.length).toBeLessThan(20);
    shown.forEach((card, index) => {
      expect(card.style.top).toBe(`${index * 158}px`);
      expect(card).toHaveAttribute('aria-posinset', String(index + 1));
      expect(card).toHaveAttribute('aria-setsize', '1000');
    });

    // Scrolled far down: the cards there take the page; a focused card stays, and keeps its focus.
    const body = region.querySelector<HTMLElement>('.tier-column__body')!;
    Object.defineProperty(body, 'clientHeight', { configurable: true, value: 600 });
    act(() => columnObservers.forEach((notify) => notify()));
    const top = screen.getByRole('button', { name: 'Person 1000' });
    act(() => top.focus());
    body.scrollTop = 700 * 158;
    fireEvent.scroll(body);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Person 300' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Person 999' })).not.toBeInTheDocument();
    expect(top).toHaveFocus();
    const far = cards(region).find((card) => card.getAttribute('aria-posinset') === '701')!;
    expect(far.style.top).toBe(`${700 * 158}px`);
    expect(cards(region).length).toBeLessThan(20);
    // In board order: the column's last card is the oldest.
    body.scrollTop = 1000 * 158;
    fireEvent.scroll(body);
    await waitFor(() => expect(cards(region).at(-1)).toHaveAttribute('data-contact-id', '100'));
  });

  it('registers only the cards near the visible part of a long column for dragging, following the scroll', async () => {
    const columnObservers = stubColumnResizeObservers();
    const user = userEvent.setup();
    renderBoard('/kanban', { user: makeUser({ plan: 'premium' }), contacts: many(60) });
    const body = (await screen.findByRole('region', { name: 'New' })).querySelector<HTMLElement>('.tier-column__body')!;
    Object.defineProperty(body, 'clientHeight', { configurable: true, value: 600 });
    act(() => columnObservers.forEach((notify) => notify()));
    // 600 px show 4 cards (158 px each) and the overscan below them are registered; the 31st is not.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(screen.getAllByRole('button', { name: /^Person / })).toHaveLength(60);
    const far = screen.getByRole('button', { name: 'Person 31' });
    far.focus();
    await user.keyboard(' ');
    expect(far).not.toHaveAttribute('aria-pressed');

    body.scrollTop = 30 * 158;
    fireEvent.scroll(body);
    far.focus();
    await waitFor(async () => {
      await user.keyboard(' ');
      expect(far).toHaveAttribute('aria-pressed', 'true');
    });
    await user.keyboard('{Escape}');
  });

  it('draws only the cards near the visible part; the others keep their name, and a focused card keeps its buttons', async () => {
    const columnObservers = stubColumnResizeObservers();
    renderBoard('/kanban', { user: makeUser({ plan: 'premium' }), contacts: many(60) });
    const body = (await screen.findByRole('region', { name: 'New' })).querySelector<HTMLElement>('.tier-column__body')!;
    Object.defineProperty(body, 'clientHeight', { configurable: true, value: 600 });
    act(() => columnObservers.forEach((notify) => notify()));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Move Person 12 to...' })).not.toBeInTheDocument());
    // Every card is in the list with its name; only those near the top (Person 60, 59...) draw
    // their content and buttons.
    expect(screen.getAllByRole('button', { name: /^Person / })).toHaveLength(60);
    // A shell holds its name for assistive technology and draws nothing.
    const shell = screen.getByRole('button', { name: 'Person 31' });
    expect(shell.children).toHaveLength(1);
    expect(shell.firstElementChild).toHaveClass('visually-hidden');
    const move = screen.getByRole('button', { name: 'Move Person 59 to...' });
    move.focus();

    body.scrollTop = 30 * 158;
    fireEvent.scroll(body);
    await screen.findByRole('button', { name: 'Move Person 31 to...' });
    // Scrolled far away, the focused card keeps its content, so the focus stays where it was.
    expect(move).toBeInTheDocument();
    expect(move).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Move Person 58 to...' })).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Person 31' }).focus());
    expect(move).not.toBeInTheDocument();
  });

  it('goes back to the board when the contact of the address is not on it', async () => {
    renderBoard('/kanban/999', { contacts: people });
    expect(await screen.findByText('That contact is not on your board.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/kanban$/));
  });
});
