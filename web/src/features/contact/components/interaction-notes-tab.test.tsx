import { addDays, localDate } from '@tend/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationKeys } from '@/lib/notification-keys';
import { mockFetch } from '@/test/fetch-mock';
import { makeContact, makeInteraction, makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { CardHarness } from '../test/card-harness';

const ada = makeContact({
  id: 5,
  name: 'Ada Lovelace',
  date_connected: '2024-06-16',
  created_at: '2024-01-02T10:00:00Z',
});
const user = makeUser({ id: 7, time_zone: 'Pacific/Kiritimati' });
const today = localDate(user.time_zone);
const INTERACTIONS_URL = '/api/interactions?contact_id=5';

/** Newest first, as the API lists them. */
const saved = [
  makeInteraction({
    id: 2,
    date_contacted: '2025-03-10',
    contact_method: 'Phone call',
    notes: 'Talked about Babbage.',
  }),
  makeInteraction({ id: 1, date_contacted: '2025-02-03', contact_method: 'LinkedIn message' }),
];

function renderCard(routes: Parameters<typeof mockFetch>[0] = {}, url = '/kanban/5') {
  const http = mockFetch({
    'GET /api/contacts': { body: [ada] },
    [`GET ${INTERACTIONS_URL}`]: { body: saved },
    'GET /api/notifications': { body: [] },
    ...routes,
  });
  const onClose = vi.fn();
  const rendered = renderScreen(<CardHarness id={5} onClose={onClose} />, { path: '/kanban/:id', url, user });
  return { http, onClose, ...rendered };
}

async function openNotes() {
  const u = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
  await u.click(within(dialog).getByRole('tab', { name: 'Interaction notes' }));
  const panel = within(dialog).getByRole('tabpanel', { name: 'Interaction notes' });
  return { u, dialog, panel };
}

describe('Interaction notes tab', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('lists interactions newest first under an open new card; the others expand and collapse', async () => {
    renderCard();
    const { u, panel } = await openNotes();
    const list = within(panel).getByRole('list', { name: 'Interactions with Ada Lovelace' });
    await within(list).findByRole('button', { name: /^Phone call/ });
    const toggles = within(list)
      .getAllByRole('button')
      .filter((button) => button.hasAttribute('aria-expanded'));
    expect(toggles.map((button) => button.textContent)).toEqual([
      'New interaction',
      'Phone callMarch 10, 2025Talked about Babbage.',
      'LinkedIn messageFebruary 3, 2025',
    ]);
    expect(toggles[0]).toHaveAttribute('aria-expanded', 'true');
    expect(toggles[1]).toHaveAttribute('aria-expanded', 'false');
    expect(within(panel).getAllByRole('form')).toHaveLength(1);

    await u.click(toggles[1]!);
    expect(toggles[1]).toHaveAttribute('aria-expanded', 'true');
    const form = within(panel).getByRole('form', { name: 'Interaction of March 10, 2025' });
    expect(within(form).getByLabelText('Notes')).toHaveValue('Talked about Babbage.');
    expect(within(form).getByLabelText(/Contact method/)).toHaveValue('Phone call');
    await u.click(toggles[1]!);
    expect(within(panel).queryByRole('form', { name: 'Interaction of March 10, 2025' })).toBeNull();
  });

  it("bounds the dates by the user's today, offers the seven methods and counts the notes live", async () => {
    renderCard();
    const { u, panel } = await openNotes();
    const form = within(panel).getByRole('form', { name: 'New interaction' });
    expect(within(form).getByLabelText(/Date contacted/)).toHaveAttribute('max', today);
    expect(within(form).getByLabelText('Next contact date')).toHaveAttribute('min', today);
    const methods = within(within(form).getByLabelText(/Contact method/)).getAllByRole('option');
    expect(methods.map((option) => option.textContent)).toEqual([
      'Choose a method',
      'LinkedIn message',
      'Virtual call',
      'Email',
      'Phone call',
      'Slack',
      'Discord',
      'Other (add in notes)',
    ]);
    // A date typed past the bounds is named at its field (the server refuses it too).
    const dayAfter = (day: string, days: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    await u.clear(within(form).getByLabelText(/Date contacted/));
    await u.type(within(form).getByLabelText(/Date contacted/), dayAfter(today, 1));
    expect(form).toHaveTextContent('Date contacted cannot be after today.');
    await u.type(within(form).getByLabelText('Next contact date'), dayAfter(today, -1));
    expect(form).toHaveTextContent('Next contact date cannot be before today.');
    const notes = within(form).getByLabelText('Notes');
    expect(notes).toHaveAttribute('maxLength', '1000');
    expect(form).toHaveTextContent('0/1000');
    await u.type(notes, 'Coffee');
    expect(form).toHaveTextContent('6/1000');
  });

  it('starts dated today by the last method, enables Save only with both, then lists the interaction', async () => {
    const created = makeInteraction({
      id: 3,
      date_contacted: today,
      contact_method: 'Slack',
      next_contact_date: today,
    });
    // The server's list: the new interaction joins it once posted.
    let stored = saved;
    const { http, queryClient } = renderCard({
      [`GET ${INTERACTIONS_URL}`]: () => ({ body: stored }),
      'POST /api/interactions': () => {
        stored = [created, ...saved];
        return { status: 201, body: created };
      },
    });
    queryClient.setQueryData(notificationKeys.all, []);
    const { u, dialog, panel } = await openNotes();
    const form = within(panel).getByRole('form', { name: 'New interaction' });
    const save = within(form).getByRole('button', { name: 'Save' });
    // Issue 24: contacted today, by the method used last time (the newest interaction's).
    expect(within(form).getByLabelText(/Date contacted/)).toHaveValue(today);
    await waitFor(() => expect(within(form).getByLabelText(/Contact method/)).toHaveValue('Phone call'));
    expect(save).toBeEnabled();
    await u.clear(within(form).getByLabelText(/Date contacted/));
    expect(save).toBeDisabled();
    await u.type(within(form).getByLabelText(/Date contacted/), today);
    expect(save).toBeEnabled();
    await u.selectOptions(within(form).getByLabelText(/Contact method/), 'Slack');
    expect(save).toBeEnabled();
    await u.type(within(form).getByLabelText('Next contact date'), today);
    await u.click(save);

    expect(await screen.findByText('Interaction saved.')).toBeInTheDocument();
    expect(http.callsTo('POST', '/api/interactions')[0]?.body).toEqual({
      contact_id: 5,
      user_id: 7,
      date_contacted: today,
      contact_method: 'Slack',
      notes: '',
      next_contact_date: today,
    });
    // Newest first in the tab; oldest first on the timeline, after 'First connected'.
    const list = within(panel).getByRole('list', { name: 'Interactions with Ada Lovelace' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Slack');
    const timeline = within(dialog).getByRole('complementary', { name: 'Timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'First connected with Ada LovelaceJune 16, 2024',
      'LinkedIn messageFebruary 3, 2025',
      'Phone callMarch 10, 2025',
      `Slack${new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(
        new Date(`${today}T12:00:00`),
      )}`,
    ]);
    // The bell is told at once.
    await waitFor(() => expect(queryClient.getQueryState(notificationKeys.all)?.isInvalidated).toBe(true));
  });

  it("toasts the server's first message when the save is refused, and the exception when it fails", async () => {
    renderCard({
      'POST /api/interactions': [
        { status: 400, body: { errors: ['Date contacted cannot be after today.', 'second'] } },
        () => {
          throw new TypeError('Failed to fetch');
        },
      ],
    });
    const { u, panel } = await openNotes();
    const form = within(panel).getByRole('form', { name: 'New interaction' });
    await u.clear(within(form).getByLabelText(/Date contacted/));
    await u.type(within(form).getByLabelText(/Date contacted/), '2025-01-01');
    await u.selectOptions(within(form).getByLabelText(/Contact method/), 'Email');
    await u.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Interaction could not be saved. Error: Date contacted cannot be after today.'),
    ).toBeInTheDocument();
    await u.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error during interaction save: Failed to fetch')).toBeInTheDocument();
  });

  it('deletes an interaction after its confirmation', async () => {
    let stored = saved;
    const { http } = renderCard({
      [`GET ${INTERACTIONS_URL}`]: () => ({ body: stored }),
      'DELETE /api/interactions/2': () => {
        stored = saved.filter((interaction) => interaction.id !== 2);
        return { status: 204 };
      },
    });
    const { u, panel } = await openNotes();
    await u.click(await within(panel).findByRole('button', { name: /^Phone call/ }));
    await u.click(within(panel).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete interaction?' });
    await u.click(within(confirm).getByRole('button', { name: 'Delete interaction' }));
    expect(await screen.findByText('Interaction deleted.')).toBeInTheDocument();
    expect(http.callsTo('DELETE', '/api/interactions/2')).toHaveLength(1);
    await waitFor(() => expect(within(panel).queryByRole('button', { name: /^Phone call/ })).toBeNull());
  });

  it("asks 'Discard Interaction Notes?' before leaving the tab or closing the card with unsaved notes", async () => {
    const { onClose } = renderCard();
    const { u, dialog, panel } = await openNotes();
    await u.type(within(panel).getByLabelText('Notes'), 'Half a thought');

    // Switching tab: Cancel keeps the notes.
    await u.click(within(dialog).getByRole('tab', { name: 'Contact information' }));
    let confirm = await screen.findByRole('dialog', { name: 'Discard Interaction Notes?' });
    await u.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard Interaction Notes?' })).toBeNull());
    expect(within(dialog).getByRole('tab', { name: 'Interaction notes', selected: true })).toBeInTheDocument();
    expect(within(panel).getByLabelText('Notes')).toHaveValue('Half a thought');
    // The focus goes to the tab still chosen: the refused one would be chosen again as it takes it.
    await waitFor(() => expect(within(dialog).getByRole('tab', { name: 'Interaction notes' })).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: 'Discard Interaction Notes?' })).toBeNull();

    // Closing the card: Discard Interaction closes it.
    await u.click(within(dialog).getByRole('button', { name: 'Close' }));
    confirm = await screen.findByRole('dialog', { name: 'Discard Interaction Notes?' });
    expect(onClose).not.toHaveBeenCalled();
    await u.click(within(confirm).getByRole('button', { name: 'Discard Interaction' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('switches tab without asking once the notes are discarded, and without asking when nothing was typed', async () => {
    renderCard();
    const { u, dialog, panel } = await openNotes();
    await u.click(within(dialog).getByRole('tab', { name: 'Follow-up message' }));
    expect(screen.queryByRole('dialog', { name: 'Discard Interaction Notes?' })).toBeNull();
    await u.click(within(dialog).getByRole('tab', { name: 'Interaction notes' }));
    const notes = within(dialog).getByRole('tabpanel', { name: 'Interaction notes' });
    await u.type(within(notes).getByLabelText('Notes'), 'x');
    await u.click(within(dialog).getByRole('tab', { name: 'Follow-up message' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard Interaction Notes?' });
    await u.click(within(confirm).getByRole('button', { name: 'Discard Interaction' }));
    expect(within(dialog).getByRole('tab', { name: 'Follow-up message', selected: true })).toBeInTheDocument();
    await u.click(within(dialog).getByRole('tab', { name: 'Interaction notes' }));
    expect(within(within(dialog).getByRole('tabpanel')).getByLabelText('Notes')).toHaveValue('');
    void panel;
  });

  it('draws the newest 12 and the latest 12 on the timeline, the rest on request', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      makeInteraction({
        id: 30 - index,
        date_contacted: new Date(Date.UTC(2025, 0, 30 - index)).toISOString().slice(0, 10),
        contact_method: 'Email',
      }),
    );
    renderCard({ [`GET ${INTERACTIONS_URL}`]: { body: many } });
    const { u, dialog, panel } = await openNotes();
    const list = within(panel).getByRole('list', { name: 'Interactions with Ada Lovelace' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(13));
    const timeline = within(dialog).getByRole('complementary', { name: 'Timeline' });
    // 'First connected', the button for the 18 earliest, then the latest 12, oldest first.
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(14);
    expect(within(timeline).getAllByRole('listitem')[2]).toHaveTextContent('January 19, 2025');
    await u.click(within(panel).getByRole('button', { name: 'Show 18 older interactions' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(31);
    expect(within(list).getAllByRole('listitem')[30]).toHaveTextContent('January 1, 2025');
    await u.click(within(timeline).getByRole('button', { name: 'Show 18 earlier interactions' }));
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(31);
    expect(within(timeline).getAllByRole('listitem')[1]).toHaveTextContent('January 1, 2025');
  });

  it('opens on the Follow-up message tab when the address says ?tab=follow-up', async () => {
    renderCard({}, '/kanban/5?tab=follow-up');
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(within(dialog).getByRole('tab', { name: 'Follow-up message', selected: true })).toBeInTheDocument();
  });

  it('offers the next contact in one click: +1 week, +2 weeks, +1 month, or by the column (its date shown)', async () => {
    const day = (offset: number) => addDays(today, offset);
    renderCard({ 'GET /api/contacts': { body: [{ ...ada, cadence_days: 14 }] } });
    const { u, panel } = await openNotes();
    const form = within(panel).getByRole('form', { name: 'New interaction' });
    const shortcuts = within(form).getByRole('group', { name: 'Next contact' });
    const byColumn = `By column (${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day(14)}T00:00:00Z`))})`;
    expect(
      within(shortcuts)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['+1 week', '+2 weeks', '+1 month', byColumn]);
    // Empty by default: the cadence decides.
    expect(within(shortcuts).getByRole('button', { name: byColumn })).toHaveAttribute('aria-pressed', 'true');
    await u.click(within(shortcuts).getByRole('button', { name: '+2 weeks' }));
    expect(within(form).getByLabelText('Next contact date')).toHaveValue(day(14));
    expect(within(shortcuts).getByRole('button', { name: '+2 weeks' })).toHaveAttribute('aria-pressed', 'true');
    await u.click(within(shortcuts).getByRole('button', { name: '+1 month' }));
    expect(within(form).getByLabelText('Next contact date')).toHaveValue(day(30));
    await u.click(within(shortcuts).getByRole('button', { name: byColumn }));
    expect(within(form).getByLabelText('Next contact date')).toHaveValue('');
  });
});
