import {
  BILLING_NOT_CONFIGURED_MESSAGE,
  freePlanLimitMessage,
  type Contact,
  type Tier,
  type User,
} from '@tend/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, type RouteObject } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { cardNames, clickAddContact, column, many, people } from '@/features/board/test/board-queries';
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

const location = () => screen.getByTestId('location');
/** The top bar (its <header> is the page's banner; the columns' <header>s are not). */
const topBar = () => document.querySelector<HTMLElement>('.top-bar')!;

// How the board screen puts the features together: the board in the board layout (its toolbar in
// the top bar), the contact dialogs and the limit modal where the route says (use-board-route.test),
// the import's banner and filter, billing's banner and upgrade. The board itself is board-page.test.
describe('BoardScreen', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it("puts the logo and the board's filter in the top bar, and one '+ Add Column' after the columns", async () => {
    renderBoard('/kanban', { contacts: people });
    await screen.findByRole('region', { name: 'New' });
    expect(within(topBar()).getByRole('link', { name: 'Tend board' })).toBeInTheDocument();
    expect(within(topBar()).getByRole('searchbox', { name: 'Filter contacts' })).toBeInTheDocument();
    expect(within(topBar()).queryByRole('button', { name: '+ Add Column' })).toBeNull();
    expect(screen.getAllByRole('button', { name: '+ Add Column' })).toHaveLength(1);
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

  it("adds a contact to the column whose '+ Add contact' was clicked, then opens its card", async () => {
    const created = makeContact({ id: 50, name: 'Katherine Johnson', title: null, company: 'NASA', tier_id: 3 });
    const user = userEvent.setup();
    const { http } = renderBoard('/kanban', {
      extra: {
        'GET /api/contacts': [{ body: people }, { body: [...people, created] }],
        'POST /api/contacts': { status: 201, body: created },
      },
    });
    await clickAddContact(user, 'Friends');
    expect(location()).toHaveTextContent('/add-contact');
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Katherine Johnson');
    await user.type(within(dialog).getByRole('textbox', { name: 'Company' }), 'NASA');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Contact added.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/kanban/50'));
    // The card's code loads lazily (a chunk of its own): on a busy machine that takes over a second.
    const card = await screen.findByRole('dialog', { name: 'Katherine Johnson' }, { timeout: 8000 });
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
    await clickAddContact(user, 'New');
    const dialog = await screen.findByRole('dialog', { name: 'The free plan holds 25 contacts' });
    expect(location()).toHaveTextContent('/limit-reached');
    expect(dialog).toHaveTextContent('$10/month');
    expect(dialog).toHaveTextContent('Unlimited contact cards');
    expect(dialog).toHaveTextContent('Chrome extension');
    expect(within(dialog).getByRole('button', { name: 'Maintain 25 contacts' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add contact' })).not.toBeInTheDocument();
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

  it("deletes a card after 'Delete contact?'", async () => {
    const user = userEvent.setup();
    const { http } = renderBoard('/kanban', {
      extra: {
        'GET /api/contacts': [{ body: people }, { body: people.slice(0, 2) }],
        'DELETE /api/contacts/12': { status: 204 },
      },
    });
    const trash = await screen.findByRole('button', { name: 'Delete Alan Turing' });
    await user.click(trash);
    // Cancel: the focus goes back to the card's trash, for the keyboard.
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete contact?' })).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trash).toHaveFocus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Delete contact?' });
    http.fetchMock.mockClear();
    await user.click(within(dialog).getByRole('button', { name: 'Delete contact' }));
    expect(await screen.findByText('Contact deleted.')).toBeInTheDocument();
    await waitFor(() => expect(cardNames('Colleagues')).toEqual([]));
    expect(http.callsTo('DELETE', '/api/contacts/12')).toHaveLength(1);
    // The card (and its trash) is gone, and the column's list with it (its last card): the focus lands
    // on the column, not on the page.
    await waitFor(() => expect(column('Colleagues')).toHaveFocus());
  });

  it('opens the contact card from /kanban/{id} and closes back to /kanban', async () => {
    const user = userEvent.setup();
    renderBoard('/kanban/12', { contacts: people });
    const dialog = await screen.findByRole('dialog', { name: 'Alan Turing' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toHaveTextContent(/^\/kanban$/);
  });

  it("moves the card from the contact card's column selector, and the card follows", async () => {
    const user = userEvent.setup();
    const moved = { ...people[0]!, tier_id: 3, column_order: 2, vertical_order: 0 };
    const answer = [moved, { ...people[1]!, vertical_order: 0 }, people[2]!];
    const { http } = renderBoard('/kanban/11', {
      extra: {
        'GET /api/contacts': [{ body: people }, { body: answer }],
        'POST /api/contacts/11/move': { body: { contacts: answer } },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    await user.click(within(dialog).getByRole('button', { name: 'Column: New. Change column' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Friends' }));
    expect(await screen.findByText('Column updated successfully.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Column: Friends. Change column' })).toBeInTheDocument();
    expect(http.callsTo('POST', '/api/contacts/11/move')[0]?.body).toEqual({ tier_id: 3, index: 0 });
  });
});
