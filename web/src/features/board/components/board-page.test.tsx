import { addDays, localDate, type Contact, type Tier, type User } from '@tend/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { defaultTiers, makeContact, makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { BoardFilterProvider } from '../hooks/use-board-filter';
import { cardNames, clickAddContact, column, many, people } from '../test/board-queries';
import { BoardPage } from './board-page';
import { BoardToolbar } from './board-toolbar';

interface Setup {
  user?: User;
  tiers?: Tier[];
  contacts?: Contact[];
  extra?: Parameters<typeof mockFetch>[0];
  onlyContactIds?: ReadonlySet<number> | null;
}

/**
 * The board with its toolbar (the filter box, which the app puts in the top bar),
 * at /kanban and the cards' addresses below it; other addresses show only where the board went.
 */
function renderBoard(
  url: string,
  { user = makeUser(), tiers = defaultTiers(), contacts = [], extra = {}, onlyContactIds = null }: Setup = {},
) {
  const http = mockFetch({
    'GET /api/session': { body: user },
    'GET /api/tiers': { body: tiers },
    'GET /api/contacts': { body: contacts },
    ...extra,
  });
  const onDeleteContact = vi.fn();
  const rendered = renderScreen(
    <BoardFilterProvider>
      <BoardToolbar />
      <BoardPage onDeleteContact={onDeleteContact} onMoveToNetwork={vi.fn()} onlyContactIds={onlyContactIds} />
    </BoardFilterProvider>,
    { path: '/kanban/*', url, user },
  );
  return { ...rendered, http, onDeleteContact };
}

/**
 * Holds the page's animation frames until `release` runs them (with what they queued): the board's
 * first frame is what renders before one, and the rest comes after (useAfterFirstPaint).
 */
function holdAnimationFrames(): { release: () => Promise<void> } {
  const held: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => held.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => {
    held[handle - 1] = () => undefined;
  });
  return {
    release: async () => {
      vi.unstubAllGlobals();
      await act(async () => {
        for (const callback of held.splice(0)) callback(performance.now());
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
  };
}

const location = () => screen.getByTestId('location');
const toolbar = () => document.querySelector<HTMLElement>('.board-toolbar')!;

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

describe('BoardPage', () => {
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
    // One '+ Add Column', the spec's, after the last column (issue 27 point 7).
    expect(screen.getAllByRole('button', { name: '+ Add Column' })).toHaveLength(1);
    expect(within(toolbar()).queryByRole('button', { name: '+ Add Column' })).toBeNull();
  });

  it('truncates long column names to 20 characters but keeps the full name for assistive technology', async () => {
    const tiers = [
      ...defaultTiers(),
      { id: 9, name: 'People I met at the conference', position: 4, user_id: 7, cadence_days: null },
    ];
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

  it('shows only the cards of one import when asked (the board narrowed to what it brought in)', async () => {
    renderBoard('/kanban', { contacts: people, onlyContactIds: new Set([12]) });
    await waitFor(() => expect(cardNames('Colleagues')).toEqual(['Alan Turing, Mathematician, Bletchley Park']));
    expect(cardNames('New')).toEqual([]);
    expect(within(column('New')).getByText('No matches in this column.')).toBeInTheDocument();
  });

  it('points an empty board to the import', async () => {
    renderBoard('/kanban');
    await screen.findByRole('region', { name: 'New' });
    expect(screen.getByText('Your board is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import contacts' })).toHaveAttribute('href', '/import');
  });

  it("asks for /add-contact with the column whose '+ Add contact' was clicked", async () => {
    const user = userEvent.setup();
    renderBoard('/kanban', { contacts: people });
    await clickAddContact(user, 'Friends');
    expect(location()).toHaveTextContent('/add-contact');
    expect(location()).toHaveAttribute('data-state', JSON.stringify({ tierId: 3 }));
  });

  it("asks for the limit modal instead when a free user with 25 contacts clicks '+ Add contact'", async () => {
    const user = userEvent.setup();
    renderBoard('/kanban', { user: makeUser({ plan: 'free' }), contacts: many(25) });
    await clickAddContact(user, 'New');
    expect(location()).toHaveTextContent('/limit-reached');
  });

  it('lets a free user with 24 contacts and a premium user with 25 add more', async () => {
    const user = userEvent.setup();
    const free = renderBoard('/kanban', { user: makeUser({ plan: 'free' }), contacts: many(24) });
    await clickAddContact(user, 'New');
    expect(location()).toHaveTextContent('/add-contact');
    free.unmount();

    renderBoard('/kanban', { user: makeUser({ plan: 'premium' }), contacts: many(25) });
    await clickAddContact(user, 'New');
    expect(location()).toHaveTextContent('/add-contact');
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

  it("asks to delete a card with its delete button (the confirmation is the contact feature's)", async () => {
    const user = userEvent.setup();
    const { onDeleteContact } = renderBoard('/kanban', { contacts: people });
    await user.click(await screen.findByRole('button', { name: 'Delete Alan Turing' }));
    expect(onDeleteContact).toHaveBeenCalledTimes(1);
    expect(onDeleteContact).toHaveBeenCalledWith(people[2]);
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
    await user.click(screen.getByRole('button', { name: '+ Add Column' }));
    expect(await screen.findByText('New column created.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'New Column' })).toBeInTheDocument();
  });

  it("opens a card with a click or Enter, keeping the board's query", async () => {
    const user = userEvent.setup();
    renderBoard('/kanban?import=x', { contacts: people });
    await user.click(await screen.findByRole('button', { name: 'Alan Turing, Mathematician, Bletchley Park' }));
    expect(location()).toHaveTextContent(/^\/kanban\/12$/);

    screen.getByRole('button', { name: 'Ada Lovelace, Analyst, Analytical Engines' }).focus();
    await user.keyboard('{Enter}');
    expect(location()).toHaveTextContent(/^\/kanban\/10$/);
    expect(location()).toHaveAttribute('data-search', '?import=x');
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
    expect(await screen.findByText(/Moving Grace Hopper was canceled/)).toBeInTheDocument();
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
    await waitFor(() => expect(cards(other)).toHaveLength(400));

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
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Person / })).toHaveLength(60));
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

  it('puts the cards in view of a large board in the first frame and the shells below them after it is painted, the column as high meanwhile', async () => {
    const frames = holdAnimationFrames();
    renderBoard('/kanban', { user: makeUser({ plan: 'premium' }), contacts: many(150) });
    const region = await screen.findByRole('region', { name: 'New' });
    const list = within(region).getByRole('list', { name: 'Contacts in New' });
    const cards = () => list.querySelectorAll('li[data-contact-id]');
    // The first frame: a screenful and the overscan from the top, every one drawn, no shells yet;
    // the list already as high as the whole column, so the scrollbar does not change afterwards.
    expect(cards().length).toBeGreaterThan(4);
    expect(cards().length).toBeLessThan(20);
    expect(list.querySelectorAll('.contact-card--shell')).toHaveLength(0);
    expect(list.style.minHeight).toBe(`${150 * 158 - 8}px`);
    // After the paint, the shells join in order, and the list's own height takes over.
    await frames.release();
    await waitFor(() => expect(cards()).toHaveLength(150));
    expect(list.querySelectorAll('.contact-card--shell').length).toBeGreaterThan(130);
    expect([...cards()].map((card) => card.getAttribute('data-contact-id'))).toEqual(
      Array.from({ length: 150 }, (_, i) => String(249 - i)),
    );
    expect(list.style.minHeight).toBe('');
  });

  it("leaves the cards of a large board's columns right of the view out of the first frame, and brings them after it", async () => {
    // A window one column wide: only 'New' is in view when the board first draws.
    vi.stubGlobal('innerWidth', 300);
    const frames = holdAnimationFrames();
    const contacts = [
      ...many(120),
      ...Array.from({ length: 3 }, (_, i) => makeContact({ id: 900 + i, tier_id: 2, name: `Colleague ${i + 1}` })),
    ];
    renderBoard('/kanban', { user: makeUser({ plan: 'premium' }), contacts });
    const inView = within(await screen.findByRole('region', { name: 'New' }));
    const outOfView = within(screen.getByRole('region', { name: 'Colleagues' }));
    expect(inView.getAllByRole('listitem').length).toBeLessThan(20);
    expect(outOfView.queryAllByRole('listitem')).toHaveLength(0);
    expect(outOfView.getByRole('list', { name: 'Contacts in Colleagues' }).style.minHeight).toBe(`${3 * 158 - 8}px`);
    await frames.release();
    await waitFor(() => expect(outOfView.getAllByRole('listitem')).toHaveLength(3));
    expect(outOfView.getByRole('button', { name: 'Move Colleague 1 to...' })).toBeInTheDocument();
  });

  it('draws a small board whole in its first frame', async () => {
    vi.stubGlobal('innerWidth', 300);
    const frames = holdAnimationFrames();
    const contacts = [
      ...many(60),
      ...Array.from({ length: 3 }, (_, i) => makeContact({ id: 900 + i, tier_id: 2, name: `Colleague ${i + 1}` })),
    ];
    renderBoard('/kanban', { user: makeUser({ plan: 'premium' }), contacts });
    const first = within(await screen.findByRole('region', { name: 'New' }));
    // The column in view has every card (those below the view as shells), and so has the one out of view.
    expect(first.getAllByRole('listitem')).toHaveLength(60);
    expect(within(screen.getByRole('region', { name: 'Colleagues' })).getAllByRole('listitem')).toHaveLength(3);
    await frames.release();
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
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Person / })).toHaveLength(60));
    // A shell holds its name for assistive technology and find-in-page, as text (unseen), and
    // draws nothing else.
    const shell = screen.getByRole('button', { name: 'Person 31' });
    expect(shell.closest('li')).toHaveClass('contact-card--shell');
    expect(shell.children).toHaveLength(0);
    expect(shell).toHaveTextContent(/^Person 31$/);
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

  it("shows each card's follow-up chip, counts who is due per column, and the Due toggle keeps only them", async () => {
    const today = localDate(makeUser().time_zone);
    const contacts = [
      makeContact({
        id: 1,
        name: 'Grace Hopper',
        tier_id: 2,
        next_follow_up_on: addDays(today, -5),
        last_contacted_on: addDays(today, -21),
      }),
      makeContact({ id: 2, name: 'Alan Turing', tier_id: 2, next_follow_up_on: today }),
      makeContact({ id: 3, name: 'Ada Lovelace', tier_id: 2, next_follow_up_on: addDays(today, 3) }),
      makeContact({ id: 4, name: 'Hedy Lamarr', tier_id: 1 }),
    ];
    renderBoard('/kanban', { contacts });
    const colleagues = await screen.findByRole('region', { name: 'Colleagues' });
    await within(colleagues).findByText('Overdue 5 d');
    const card = (id: number) => document.querySelector<HTMLElement>(`li[data-contact-id="${id}"]`)!;
    expect(card(1)).toHaveTextContent('Follow-up overdue by 5 days');
    expect(card(1)).toHaveTextContent('Last: 21 d ago');
    expect(card(2)).toHaveTextContent('Due today');
    expect(card(3)).toHaveTextContent('In 3 d');
    expect(card(4).querySelector('.contact-card__status')).toBeNull();
    // Due and overdue beside the count (upcoming is not due yet).
    expect(within(colleagues).getByText('2 due')).toBeInTheDocument();

    const user = userEvent.setup();
    const due = within(toolbar()).getByRole('button', { name: 'Due' });
    await user.click(due);
    expect(due).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('2 of 4 shown, due and overdue only')).toHaveAttribute('role', 'status');
    const names = (columnName: string) => cardNames(columnName).map((label) => label.split(',')[0]);
    expect(names('Colleagues').sort()).toEqual(['Alan Turing', 'Grace Hopper']);
    // A column the filter empties says so (issue 27), not "No contacts yet".
    expect(within(column('New')).getByText('No matches in this column.')).toBeInTheDocument();
    expect(within(column('New')).getByText('The filter hides its 1 card.')).toBeInTheDocument();
    expect(within(column('Friends')).queryByText('No contacts yet.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show all cards' }));
    expect(due).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(names('New')).toEqual(['Hedy Lamarr']));
  });

  it("sets a column's cadence from its menu", async () => {
    const tiers = defaultTiers().map((tier) => (tier.id === 2 ? { ...tier, cadence_days: 60 } : tier));
    // The server keeps what it was sent, as the API does.
    let stored = tiers;
    const { http } = renderBoard('/kanban', {
      extra: {
        'GET /api/tiers': () => ({ body: stored }),
        'PATCH /api/tiers/2': () => {
          stored = tiers.map((tier) => (tier.id === 2 ? { ...tier, cadence_days: 14 } : tier));
          return { body: stored[1] };
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Follow-up cadence of Colleagues: every 60 days' }));
    const menu = await screen.findByRole('menu', { name: /^Follow-up cadence of Colleagues/ });
    expect(menu).toHaveTextContent('Follow up every 60 days');
    expect(within(menu).getByRole('menuitemradio', { name: 'Every 60 days' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Every 14 days' }));
    await waitFor(() => expect(http.callsTo('PATCH', '/api/tiers/2')[0]?.body).toEqual({ cadence_days: 14 }));
    expect(await screen.findByText('Colleagues: follow up every 14 days.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow-up cadence of Colleagues: every 14 days' })).toBeInTheDocument();
  });
});
