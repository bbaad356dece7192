import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { ReminderEmailsSection } from './reminder-emails-section';

const me = makeUser({ id: 7, reminder_emails: true });

describe("Settings: 'Email me follow-up reminders'", () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('is on by default and turns reminders off with PATCH /api/users/{id}', async () => {
    const http = mockFetch({
      'PATCH /api/users/7': ({ body }) => ({ body: { ...me, ...(body as object) } }),
    });
    renderScreen(<ReminderEmailsSection user={me} />, { path: '/settings', user: me });
    const toggle = screen.getByRole('switch', { name: 'Email me follow-up reminders' });
    expect(toggle).toBeChecked();
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Follow-up reminder emails are off.')).toBeInTheDocument();
    expect(http.callsTo('PATCH', '/api/users/7')[0]?.body).toEqual({ reminder_emails: false });
  });

  it('says so when the setting cannot be saved, and stays as it was', async () => {
    mockFetch({ 'PATCH /api/users/7': { status: 500, body: {} } });
    renderScreen(<ReminderEmailsSection user={me} />, { path: '/settings', user: me });
    const toggle = screen.getByRole('switch', { name: 'Email me follow-up reminders' });
    await userEvent.setup().click(toggle);
    expect(
      await screen.findByText('Your reminder email setting could not be saved. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('saves the digest’s period, weekday and hour as each is chosen', async () => {
    const http = mockFetch({
      'PATCH /api/users/7': ({ body }) => ({ body: { ...me, ...(body as object) } }),
    });
    const weekly = makeUser({ id: 7, reminder_emails: true, reminder_period: 'weekly', reminder_weekday: 1 });
    renderScreen(<ReminderEmailsSection user={weekly} />, { path: '/settings', user: weekly });
    const user = userEvent.setup();
    expect(screen.getByLabelText('On')).toHaveValue('1');
    await user.selectOptions(screen.getByLabelText('On'), 'Thursday');
    expect(await screen.findByText('Reminder schedule saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('From')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('From'), '07:00');
    await waitFor(() => expect(http.callsTo('PATCH', '/api/users/7')).toHaveLength(2));
    expect(http.callsTo('PATCH', '/api/users/7').map((call) => call.body)).toEqual([
      { reminder_weekday: 4 },
      { reminder_hour: 7 },
    ]);
  });

  it('hides the schedule while reminders are off', () => {
    const off = makeUser({ id: 7, reminder_emails: false });
    renderScreen(<ReminderEmailsSection user={off} />, { path: '/settings', user: off });
    expect(screen.queryByLabelText('How often')).not.toBeInTheDocument();
  });
});
