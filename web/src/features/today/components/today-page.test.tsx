import { addDays, localDate, type TodayItem, type TodayResponse } from '@tend/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeContact, makeInteraction, makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { TodayPage } from './today-page';

const user = makeUser({ time_zone: 'Europe/London', daily_goal: 3 });
const today = localDate(user.time_zone);

function item(overrides: Partial<TodayItem>): TodayItem {
  return {
    ...makeContact({ id: 1, name: 'Grace Hopper', title: 'Rear Admiral', company: 'US Navy' }),
    tier_name: 'Colleagues',
    days_overdue: 0,
    last_note: null,
    ...overrides,
  };
}

const grace = item({
  id: 1,
  next_follow_up_on: addDays(today, -6),
  last_contacted_on: addDays(today, -20),
  days_overdue: 6,
  last_note: 'Coffee at the COBOL meetup.',
});
const alan = item({
  id: 2,
  name: 'Alan Turing',
  title: 'Mathematician',
  company: 'NPL',
  next_follow_up_on: today,
  last_contacted_on: null,
});
const ada = item({ id: 3, name: 'Ada Lovelace', title: null, company: null, next_follow_up_on: addDays(today, 3) });

function answer(overrides: Partial<TodayResponse> = {}): TodayResponse {
  return { overdue: [grace], due: [alan], upcoming: [ada], goal: 3, done_today: 1, ...overrides };
}

describe('TodayPage', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('lists overdue, due today and upcoming people with their column, last contact and last note', async () => {
    mockFetch({ 'GET /api/today': { body: answer() } });
    renderScreen(<TodayPage />, { path: '/today', user });
    const overdue = await screen.findByRole('region', { name: 'Overdue (1)' });
    const row = within(overdue).getByRole('listitem', { name: 'Grace Hopper' });
    expect(row).toHaveTextContent('Overdue 6 d');
    expect(row).toHaveTextContent('Rear Admiral at US Navy');
    expect(row).toHaveTextContent('Colleagues');
    expect(row).toHaveTextContent('Last contact 20 days ago');
    expect(row).toHaveTextContent('Coffee at the COBOL meetup.');
    expect(within(row).getByRole('link', { name: 'Draft a follow-up to Grace Hopper' })).toHaveAttribute(
      'href',
      '/kanban/1?tab=follow-up',
    );
    const due = screen.getByRole('region', { name: 'Due today (1)' });
    expect(within(due).getByRole('listitem', { name: 'Alan Turing' })).toHaveTextContent('Never contacted');
    expect(within(due).getByRole('listitem', { name: 'Alan Turing' })).toHaveTextContent('Due today');
    const upcoming = screen.getByRole('region', { name: 'Upcoming (1)' });
    expect(within(upcoming).getByRole('listitem', { name: 'Ada Lovelace' })).toHaveTextContent('In 3 d');
    expect(screen.getByText(/1 of 3/)).toBeInTheDocument();
  });

  it('Done logs with one click and its Undo deletes the interaction it made', async () => {
    let state = answer();
    const http = mockFetch({
      'GET /api/today': () => ({ body: state }),
      'POST /api/contacts/1/done': () => {
        state = answer({ overdue: [], done_today: 2 });
        return { body: makeContact({ id: 1, next_follow_up_on: addDays(today, 14) }) };
      },
      'GET /api/interactions?contact_id=1': {
        body: [
          makeInteraction({ id: 8, contact_id: 1, date_contacted: today }),
          makeInteraction({ id: 3, contact_id: 1, date_contacted: addDays(today, -20) }),
        ],
      },
      'DELETE /api/interactions/8': () => {
        state = answer();
        return { status: 204 };
      },
    });
    renderScreen(<TodayPage />, { path: '/today', user });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Done: Grace Hopper' }));
    expect(http.callsTo('POST', '/api/contacts/1/done')[0]?.body).toEqual({});
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Overdue/ })).toBeNull());
    expect(screen.getByText(/2 of 3/)).toBeInTheDocument();
    await u.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(http.callsTo('DELETE', '/api/interactions/8')).toHaveLength(1));
    expect(await screen.findByRole('region', { name: 'Overdue (1)' })).toBeInTheDocument();
  });

  it('snoozes by a choice in the menu or until a date picked in a dialog', async () => {
    const http = mockFetch({
      'GET /api/today': { body: answer() },
      'POST /api/contacts/2/snooze': { body: makeContact({ id: 2, next_follow_up_on: addDays(today, 2) }) },
    });
    renderScreen(<TodayPage />, { path: '/today', user });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Snooze Alan Turing' }));
    const menu = await screen.findByRole('menu', { name: 'Snooze Alan Turing' });
    await u.click(within(menu).getByRole('menuitem', { name: 'Snooze Alan Turing 2 days' }));
    await waitFor(() => expect(http.callsTo('POST', '/api/contacts/2/snooze')[0]?.body).toEqual({ days: 2 }));

    await u.click(screen.getByRole('button', { name: 'Snooze Alan Turing' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Snooze Alan Turing until a date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze until a date' });
    const field = within(dialog).getByLabelText('Snooze until');
    expect(field).toHaveAttribute('min', addDays(today, 1));
    expect(field).toHaveAttribute('max', addDays(today, 365));
    await u.clear(field);
    await u.type(field, addDays(today, 20));
    await u.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    await waitFor(() =>
      expect(http.callsTo('POST', '/api/contacts/2/snooze')[1]?.body).toEqual({ until: addDays(today, 20) }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Snooze until a date' })).toBeNull());
  });

  it('says what to do when no one is due this week', async () => {
    mockFetch({ 'GET /api/today': { body: answer({ overdue: [], due: [], upcoming: [], done_today: 0 }) } });
    renderScreen(<TodayPage />, { path: '/today', user });
    expect(await screen.findByRole('heading', { name: 'No one to contact this week' })).toBeInTheDocument();
    expect(screen.getByText('Set a cadence on a column')).toBeInTheDocument();
    expect(screen.getByText('Schedule someone')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import contacts' })).toHaveAttribute('href', '/import');
  });
});
