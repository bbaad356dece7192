import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { CALENDAR_FEED_MESSAGES, CalendarFeedSection } from './calendar-feed-section';

const me = makeUser({ id: 7 });
const FIRST = `http://localhost/calendar/${'a'.repeat(43)}.ics`;
const SECOND = `http://localhost/calendar/${'b'.repeat(43)}.ics`;

describe('CalendarFeedSection', () => {
  it('makes the address on request, then resets it after confirming', async () => {
    const http = mockFetch({
      'GET /api/session': { body: me, headers: { 'X-CSRF-Token': 't' } },
      'GET /api/calendar-feed': { body: { url: null } },
      'POST /api/calendar-feed': [{ body: { url: FIRST } }, { body: { url: SECOND } }],
    });
    renderScreen(<CalendarFeedSection />, { path: '/settings', user: me });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create calendar address' }));
    expect(await screen.findByLabelText('Your private calendar address')).toHaveValue(FIRST);
    expect(await screen.findByText(CALENDAR_FEED_MESSAGES.created)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the calendar address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset address' }));
    expect(await screen.findByText(CALENDAR_FEED_MESSAGES.reset)).toBeInTheDocument();
    expect(screen.getByLabelText('Your private calendar address')).toHaveValue(SECOND);
    expect(http.callsTo('POST', '/api/calendar-feed')).toHaveLength(2);
  });

  it('turns the feed off after confirming', async () => {
    const http = mockFetch({
      'GET /api/session': { body: me, headers: { 'X-CSRF-Token': 't' } },
      'GET /api/calendar-feed': { body: { url: FIRST } },
      'DELETE /api/calendar-feed': { status: 204 },
    });
    renderScreen(<CalendarFeedSection />, { path: '/settings', user: me });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the calendar feed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(CALENDAR_FEED_MESSAGES.turnedOff)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Create calendar address' })).toBeInTheDocument();
    expect(http.callsTo('DELETE', '/api/calendar-feed')).toHaveLength(1);
  });
});
