import { addDays, type Contact } from '@tend/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatShortDay, userToday } from '@/lib/follow-ups';
import { mockFetch } from '@/test/fetch-mock';
import { makeContact, makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { CardHarness } from '../test/card-harness';

const grace = makeContact({
  id: 5,
  name: 'Grace Brewster Murray Hopper of the United States Navy Reserve',
  title: 'Rear Admiral and Director of the Navy Programming Languages Group',
  company: 'United States Navy, Office of Information Systems Planning',
  linked_in: 'https://www.linkedin.com/in/grace',
  email: 'grace@example.com',
  phone_number: '+1 555 0100',
  connection_description: 'Met at a COBOL meetup.',
  date_connected: '2024-06-16T00:00:00.000Z',
  tier_id: 1,
});

function renderCard(contacts: Contact[] = [grace], routes: Parameters<typeof mockFetch>[0] = {}) {
  const http = mockFetch({ 'GET /api/contacts': { body: contacts }, ...routes });
  const onClose = vi.fn();
  const onChangeTier = vi.fn();
  renderScreen(<CardHarness id={contacts[0]!.id} onClose={onClose} onChangeTier={onChangeTier} />, {
    path: '/kanban/:id',
    url: '/kanban/5',
    user: makeUser(),
  });
  return { http, onClose, onChangeTier };
}

async function openCard(name: string | RegExp = grace.name) {
  return screen.findByRole('dialog', { name });
}

describe('ContactCardModal', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('shows the header truncated to 50 characters, the column, Close, three tabs and the timeline', async () => {
    renderCard();
    const dialog = await openCard();
    expect(within(dialog).getByText('Grace Brewster Murray Hopper of the United States ...')).toBeInTheDocument();
    expect(within(dialog).getByText('Rear Admiral and Director of the Navy Programming ...')).toBeInTheDocument();
    expect(within(dialog).getByText('United States Navy, Office of Information Systems ...')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Column: New. Change column' })).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Contact information', 'Interaction notes', 'Follow-up message']);
    const timeline = within(dialog).getByRole('complementary', { name: 'Timeline' });
    expect(timeline).toHaveTextContent(`First connected with ${grace.name}`);
    expect(timeline).toHaveTextContent('June 16, 2024');
  });

  it('dates the first timeline event by the creation date when there is no connection date', async () => {
    renderCard([makeContact({ id: 5, name: 'Ada', date_connected: null, created_at: '2025-03-03T12:00:00.000Z' })]);
    const dialog = await openCard('Ada');
    expect(within(dialog).getByRole('complementary', { name: 'Timeline' })).toHaveTextContent('March 3, 2025');
  });

  it('fills every field, using the first 10 characters of the connection date', async () => {
    renderCard();
    const dialog = await openCard();
    const form = within(dialog).getByRole('form', { name: 'Contact information' });
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue(grace.name);
    expect(within(form).getByRole('textbox', { name: 'LinkedIn profile URL' })).toHaveValue(
      'https://www.linkedin.com/in/grace',
    );
    expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveValue('grace@example.com');
    expect(within(form).getByRole('textbox', { name: 'Phone number' })).toHaveValue('+1 555 0100');
    expect(within(form).getByRole('textbox', { name: 'Connection description' })).toHaveValue('Met at a COBOL meetup.');
    expect(within(form).getByLabelText('Date connected')).toHaveValue('2024-06-16');
  });

  it("blocks saving without a name ('Name cannot be empty.')", async () => {
    const user = userEvent.setup();
    const { http } = renderCard();
    const dialog = await openCard();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name cannot be empty.');
    expect(http.callsTo('PATCH', '/api/contacts/5')).toHaveLength(0);
  });

  it("saves every field as the spec's multipart form", async () => {
    const user = userEvent.setup();
    const saved = { ...grace, title: 'Commodore' };
    const { http } = renderCard([grace], { 'PATCH /api/contacts/5': { body: saved } });
    const dialog = await openCard();
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Commodore');
    expect(within(dialog).getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact information saved.')).toBeInTheDocument();
    const body = http.callsTo('PATCH', '/api/contacts/5')[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(body.entries())).toEqual({
      'contact[id]': '5',
      'contact[name]': grace.name,
      'contact[title]': 'Commodore',
      'contact[company]': grace.company,
      'contact[linked_in]': grace.linked_in,
      'contact[email]': 'grace@example.com',
      'contact[phone_number]': '+1 555 0100',
      'contact[connection_description]': 'Met at a COBOL meetup.',
      'contact[date_connected]': '2024-06-16',
    });
    await waitFor(() => expect(within(dialog).queryByText('Unsaved changes')).not.toBeInTheDocument());
    expect(within(dialog).getByText('Commodore')).toBeInTheDocument();
  });

  it("asks 'Close card without saving?' when there are unsaved changes", async () => {
    const user = userEvent.setup();
    const { onClose } = renderCard();
    const dialog = await openCard();
    await user.type(within(dialog).getByRole('textbox', { name: 'Company' }), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close card without saving?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Close card without saving?' })).getByRole('button', {
        name: 'Close card',
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once without changes', async () => {
    const user = userEvent.setup();
    const { onClose } = renderCard();
    await openCard();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Close card without saving?' })).not.toBeInTheDocument();
  });

  // The move itself is the board's (useMoveToColumn, in move-contact.test.tsx); the board screen's
  // test follows it from this selector to the server and back into the card.
  it('hands the column chosen in the column selector to the board', async () => {
    const user = userEvent.setup();
    const { onChangeTier } = renderCard();
    const dialog = await openCard();
    await user.click(within(dialog).getByRole('button', { name: 'Column: New. Change column' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Friends' }));
    expect(onChangeTier).toHaveBeenCalledTimes(1);
    expect(onChangeTier).toHaveBeenCalledWith(expect.objectContaining({ id: 3, name: 'Friends', position: 2 }));
  });

  // Issue 26: a person in the network has no column and no due state.
  it('offers Put on the board instead of the column selector for a person in the network, without due state', async () => {
    const user = userEvent.setup();
    const inNetwork = {
      ...grace,
      on_board: false,
      tier_id: null,
      column_order: null,
      next_follow_up_on: '2024-06-20',
      last_contacted_on: null,
    };
    const { onChangeTier } = renderCard([inNetwork]);
    const dialog = await openCard();
    expect(within(dialog).queryByRole('button', { name: /^Column:/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Next follow-up/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Schedule follow-up' })).not.toBeInTheDocument();
    // Its tabs work as on the board.
    await user.click(within(dialog).getByRole('tab', { name: 'Interaction notes' }));
    expect(within(dialog).getByRole('tab', { name: 'Interaction notes' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Put on the board' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Colleagues' }));
    expect(onChangeTier).toHaveBeenCalledWith(expect.objectContaining({ id: 2, name: 'Colleagues' }));
  });

  it('reschedules the next follow-up of a contacted card from beside its date, in the schedule dialog', async () => {
    const today = userToday(makeUser().time_zone);
    const contacted = { ...grace, last_contacted_on: addDays(today, -10), next_follow_up_on: addDays(today, 4) };
    const moved = { ...contacted, next_follow_up_on: addDays(today, 20) };
    const { http } = renderCard([contacted], {
      'GET /api/contacts': [{ body: [contacted] }, { body: [moved] }],
      'PATCH /api/contacts/5': { body: moved },
    });
    const user = userEvent.setup();
    const dialog = await openCard();
    expect(within(dialog).getByText(`Next follow-up: ${formatShortDay(contacted.next_follow_up_on)}`)).toBeVisible();
    // Contacted: no 'Schedule follow-up' in the header's actions, 'Reschedule' beside the date instead.
    expect(within(dialog).queryByRole('button', { name: 'Schedule follow-up' })).not.toBeInTheDocument();
    const reschedule = within(dialog).getByRole('button', { name: 'Reschedule follow-up' });
    await user.click(reschedule);

    const picker = await screen.findByRole('dialog', { name: 'Reschedule follow-up' });
    const field = within(picker).getByLabelText('Follow up on');
    expect(field).toHaveValue(contacted.next_follow_up_on);
    expect(field).toHaveAttribute('min', today);
    await user.clear(field);
    await user.type(field, moved.next_follow_up_on);
    await user.click(within(picker).getByRole('button', { name: 'Reschedule' }));

    await waitFor(() =>
      expect(http.callsTo('PATCH', '/api/contacts/5')[0]?.body).toEqual({ next_follow_up_on: moved.next_follow_up_on }),
    );
    expect(
      await screen.findByText(`Follow-up with ${grace.name} scheduled for ${formatShortDay(moved.next_follow_up_on)}.`),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reschedule follow-up' })).toBeNull());
    expect(within(dialog).getByText(`Next follow-up: ${formatShortDay(moved.next_follow_up_on)}`)).toBeVisible();
    // The focus goes back to where it was, for the keyboard.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Reschedule follow-up' })).toHaveFocus());
  });

  it('offers Schedule follow-up on a contacted card with no next date (a column without a cadence), then Reschedule', async () => {
    const today = userToday(makeUser().time_zone);
    // Contacted in 'New' (no cadence), with no next-contact date: the rule gives no date.
    const contacted = { ...grace, last_contacted_on: addDays(today, -3), next_follow_up_on: null };
    const scheduled = { ...contacted, next_follow_up_on: addDays(today, 7) };
    const { http } = renderCard([contacted], {
      'GET /api/contacts': [{ body: [contacted] }, { body: [scheduled] }],
      'PATCH /api/contacts/5': { body: scheduled },
    });
    const user = userEvent.setup();
    const dialog = await openCard();
    expect(within(dialog).queryByText(/Next follow-up/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Reschedule follow-up' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule follow-up' }));

    const picker = await screen.findByRole('dialog', { name: 'Schedule follow-up' });
    expect(within(picker).getByLabelText('Follow up on')).toHaveValue(scheduled.next_follow_up_on);
    await user.click(within(picker).getByRole('button', { name: 'Schedule' }));

    await waitFor(() =>
      expect(http.callsTo('PATCH', '/api/contacts/5')[0]?.body).toEqual({
        next_follow_up_on: scheduled.next_follow_up_on,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule follow-up' })).toBeNull());
    expect(within(dialog).getByText(`Next follow-up: ${formatShortDay(scheduled.next_follow_up_on)}`)).toBeVisible();
    // Now a date to move: 'Reschedule' beside it replaces the button, and takes the focus back.
    expect(within(dialog).queryByRole('button', { name: 'Schedule follow-up' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Reschedule follow-up' })).toHaveFocus());
  });

  it('offers Schedule follow-up, not Reschedule, on a card never contacted', async () => {
    const today = userToday(makeUser().time_zone);
    renderCard([{ ...grace, last_contacted_on: null, next_follow_up_on: addDays(today, 4) }]);
    const dialog = await openCard();
    expect(within(dialog).getByRole('button', { name: 'Schedule follow-up' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Reschedule follow-up' })).not.toBeInTheDocument();
  });

  it("deletes the contact from the More actions menu, after 'Delete contact?'", async () => {
    const user = userEvent.setup();
    const { http } = renderCard([grace], { 'DELETE /api/contacts/5': { status: 204 } });
    const dialog = await openCard();
    // Not a button beside Close: a misclick away from deleting (issue 27 point 11).
    expect(within(dialog).queryByRole('button', { name: 'Delete contact' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete contact' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete contact?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete contact' }));
    expect(await screen.findByText('Contact deleted.')).toBeInTheDocument();
    expect(http.callsTo('DELETE', '/api/contacts/5')).toHaveLength(1);
  });

  it('shows the notes and follow-up tabs and opens the photo crop from the header photo', async () => {
    const user = userEvent.setup();
    renderCard();
    const dialog = await openCard();
    await user.click(within(dialog).getByRole('tab', { name: 'Interaction notes' }));
    expect(within(dialog).getByRole('tabpanel', { name: 'Interaction notes' })).toHaveTextContent('New interaction');
    await user.click(within(dialog).getByRole('tab', { name: 'Follow-up message' }));
    expect(within(dialog).getByRole('tabpanel', { name: 'Follow-up message' })).not.toHaveTextContent('Coming soon');
    await user.click(within(dialog).getByRole('button', { name: `Change photo of ${grace.name}` }));
    expect(await screen.findByRole('dialog', { name: 'Update photo' })).toBeInTheDocument();
  });
});
