import { addDays, localDate, type Contact, type Notification } from '@tend/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeContact, makeInteraction, makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { NotificationsMenu, overdueWords } from './notifications-menu';

const user = makeUser({ time_zone: 'Europe/London' });
const today = localDate(user.time_zone);

function notification(overrides: Partial<Notification>): Notification {
  return {
    id: 5,
    date: today,
    contact_id: 5,
    interaction_id: 9,
    days_overdue: 0,
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
    id: 5,
    title: 'Follow up with Grace Brewster Murray Hopper',
    contact_id: 5,
    contact_name: 'Grace Hopper',
  }),
  notification({
    id: 6,
    contact_id: 6,
    date: addDays(today, -3),
    days_overdue: 3,
    viewed: true,
    unread: false,
    contact_photo_url: '/p.png',
    interaction_id: null,
  }),
];

/** A server that remembers what was viewed, done and snoozed, as the API does. */
function renderBell(notifications: Notification[]) {
  let stored = notifications.map((item) => ({ ...item }));
  const contact = (id: number, next: string | null): Contact => makeContact({ id, next_follow_up_on: next });
  const http = mockFetch({
    'GET /api/notifications': () => ({ body: stored }),
    'PATCH /api/notifications/5': () => {
      stored = stored.map((item) => (item.id === 5 ? { ...item, viewed: true, unread: false } : item));
      return { body: stored[0] };
    },
    'POST /api/contacts/6/done': () => {
      stored = stored.filter((item) => item.id !== 6);
      return { body: contact(6, null) };
    },
    'POST /api/contacts/5/snooze': () => {
      stored = stored.filter((item) => item.id !== 5);
      return { body: contact(5, addDays(today, 7)) };
    },
    'GET /api/interactions?contact_id=6': {
      body: [makeInteraction({ id: 41, contact_id: 6, date_contacted: today })],
    },
    'DELETE /api/interactions/41': () => {
      stored = [...stored, notifications[1]!];
      return { status: 204 };
    },
  });
  const rendered = renderScreen(<NotificationsMenu />, { path: '*', url: '/kanban', user });
  return { http, ...rendered };
}

describe('overdueWords', () => {
  it('says the date as words', () => {
    expect(overdueWords(0)).toBe('Today');
    expect(overdueWords(1)).toBe('1 day overdue');
    expect(overdueWords(3)).toBe('3 days overdue');
  });
});

describe('NotificationsMenu (the bell)', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('lists the people due, oldest first, with dates as words and Done and Snooze on each row', async () => {
    renderBell(list);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const u = userEvent.setup();
    await u.click(bell);
    const menu = await screen.findByRole('menu', { name: /^Notifications/ });
    const rows = within(menu).getAllByRole('group');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(rows[0]).toHaveTextContent('3 days overdue');
    expect(rows[1]).toHaveTextContent('Today');
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/p.png');
    expect(within(rows[1]!).getByText('Follow up with Grace Brewster ...')).toHaveAttribute(
      'title',
      'Follow up with Grace Brewster Murray Hopper',
    );
    expect(within(rows[0]!).getByRole('menuitem', { name: 'Done: Ada Lovelace' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('menuitem', { name: 'Snooze Ada Lovelace' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Mark all as read' })).toBeNull();
  });

  it("marks an item viewed and opens the contact's Follow-up message tab, by keyboard too", async () => {
    const { http, ...rendered } = renderBell(list);
    const u = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    bell.focus();
    await u.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: /^Notifications/ });
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    // Ada's row: open, Done, Snooze; then Grace's open item.
    await u.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(within(menu).getAllByRole('menuitem')[3]).toHaveFocus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/kanban/5'));
    expect(rendered.router.state.location.search).toBe('?tab=follow-up');
    expect(http.callsTo('PATCH', '/api/notifications/5')[0]?.body).toEqual({ viewed: true });
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
  });

  it('Done logs the follow-up, the row goes, and Undo deletes the interaction it logged', async () => {
    const { http } = renderBell(list);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Done: Ada Lovelace' }));
    expect(http.callsTo('POST', '/api/contacts/6/done')[0]?.body).toEqual({});
    await waitFor(() =>
      expect(screen.getByRole('menu', { name: /^Notifications/ })).not.toHaveTextContent('Ada Lovelace'),
    );
    await u.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(http.callsTo('DELETE', '/api/interactions/41')).toHaveLength(1));
    expect(await screen.findByText('Undone: Ada Lovelace is back on your list.')).toBeInTheDocument();
  });

  it('Snooze offers 2 days, 1 week, 1 month and a date, and moves the follow-up', async () => {
    const { http } = renderBell(list);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    // By keyboard: ArrowRight opens the sub-menu on its first choice.
    const trigger = await screen.findByRole('menuitem', { name: 'Snooze Grace Hopper' });
    trigger.focus();
    await u.keyboard('{ArrowRight}');
    const snooze = await screen.findByRole('menu', { name: 'Snooze Grace Hopper' });
    expect(
      within(snooze)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['2 days', '1 week', '1 month', 'A date...']);
    await waitFor(() =>
      expect(within(snooze).getByRole('menuitem', { name: 'Snooze Grace Hopper 2 days' })).toHaveFocus(),
    );
    await u.keyboard('{ArrowDown}');
    expect(within(snooze).getByRole('menuitem', { name: 'Snooze Grace Hopper 1 week' })).toHaveFocus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(http.callsTo('POST', '/api/contacts/5/snooze')[0]?.body).toEqual({ days: 7 }));
    expect(await screen.findByText(/^Snoozed Grace Hopper until /)).toBeInTheDocument();
  });

  it('says when no one is due and what to do about it', async () => {
    renderBell([]);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    const menu = await screen.findByRole('menu', { name: /^Notifications/ });
    expect(menu).toHaveTextContent('No one is due today.');
    expect(menu).toHaveTextContent("Set a cadence in a column's menu");
  });
});
