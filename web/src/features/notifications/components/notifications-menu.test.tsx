import { localDate, type Notification } from '@tend/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { NotificationsMenu } from './notifications-menu';

const user = makeUser({ time_zone: 'Europe/London' });
const today = localDate(user.time_zone);
const inAWeek = localDate(user.time_zone, new Date(Date.now() + 7 * 86_400_000));

function notification(overrides: Partial<Notification>): Notification {
  return {
    id: 1,
    date: today,
    contact_id: 5,
    interaction_id: 9,
    title: 'Follow up with Ada Lovelace',
    viewed: false,
    unread: true,
    contact_name: 'Ada Lovelace',
    contact_photo_url: null,
    ...overrides,
  };
}

const list = [
  notification({
    id: 1,
    title: 'Follow up with Grace Brewster Murray Hopper',
    contact_id: 5,
    contact_name: 'Grace Hopper',
  }),
  notification({ id: 2, date: '2025-01-02', viewed: true, unread: false, contact_id: 6, contact_photo_url: '/p.png' }),
  notification({
    id: 3,
    date: inAWeek,
    unread: false,
    contact_id: 7,
    title: 'Follow up with Alan Turing',
    contact_name: 'Alan Turing',
  }),
];

/** A server that remembers what was marked read, as the API does. */
function renderBell(notifications: Notification[]) {
  let stored = notifications.map((item) => ({ ...item }));
  const read = (item: Notification): Notification => ({ ...item, viewed: true, unread: false });
  const http = mockFetch({
    'GET /api/notifications': () => ({ body: stored }),
    'PATCH /api/notifications/1': () => {
      stored = stored.map((item) => (item.id === 1 ? read(item) : item));
      return { body: stored[0] };
    },
    'POST /api/notifications/read-all': () => {
      stored = stored.map(read);
      return { body: { updated: 1 } };
    },
  });
  const rendered = renderScreen(<NotificationsMenu />, { path: '*', url: '/kanban', user });
  return { http, ...rendered };
}

describe('NotificationsMenu (the bell)', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('shows the unread count and lists due apart from upcoming, titles cut at 30', async () => {
    renderBell(list);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell).toHaveTextContent('1');
    const u = userEvent.setup();
    await u.click(bell);
    const menu = await screen.findByRole('menu', { name: /^Notifications/ });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(
      [
        `Follow up with Grace Brewster ...${new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(`${today}T12:00`))}, unread`,
        'Follow up with Ada LovelaceJanuary 2, 2025',
        `ATFollow up with Alan Turing${new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(`${inAWeek}T12:00`))}`,
        'Mark all as read',
      ].map((text, index) => (index === 0 ? `GH${text}` : text)),
    );
    // The contact's photo when there is one, else the initials.
    expect(items[1]!.querySelector('img')).toHaveAttribute('src', '/p.png');
    const labels = within(menu)
      .getAllByText(/^(Due|Upcoming)$/)
      .map((label) => label.textContent);
    expect(labels).toEqual(['Due', 'Upcoming']);
    expect(within(menu).getByText('Follow up with Grace Brewster ...')).toHaveAttribute(
      'title',
      'Follow up with Grace Brewster Murray Hopper',
    );
  });

  it("marks a notification viewed and opens the contact's Follow-up message tab, by keyboard too", async () => {
    const { http, ...rendered } = renderBell(list);
    const u = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    bell.focus();
    await u.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: /^Notifications/ });
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    await u.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/kanban/5'));
    expect(rendered.router.state.location.search).toBe('?tab=follow-up');
    expect(http.callsTo('PATCH', '/api/notifications/1')[0]?.body).toEqual({ viewed: true });
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
  });

  it('marks all as read', async () => {
    const { http } = renderBell(list);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));
    expect(http.callsTo('POST', '/api/notifications/read-all')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
  });

  it('says when there is nothing to follow up', async () => {
    renderBell([]);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    const menu = await screen.findByRole('menu', { name: /^Notifications/ });
    expect(menu).toHaveTextContent('No follow-ups yet.');
    expect(within(menu).queryByRole('menuitem', { name: 'Mark all as read' })).toBeNull();
  });
});
