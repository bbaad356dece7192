import type { Contact, DraftResponse } from '@tend/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponseInit } from '@/test/fetch-mock';
import { makeContact, makeInteraction, makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { CardHarness } from '../test/card-harness';

const grace = makeContact({ id: 5, name: 'Grace Hopper', email: 'grace@example.com' });

const interactions = [
  makeInteraction({ id: 12, date_contacted: '2025-05-20', contact_method: 'Email', notes: 'Sent the COBOL paper.' }),
  makeInteraction({
    id: 11,
    date_contacted: '2025-03-04',
    contact_method: 'Virtual call',
    notes: 'Talked about compilers.',
  }),
];

const templateDraft: DraftResponse = {
  response: 'Hi Grace,\n\nThanks again for our call about compilers.\n\nBest,\nAda',
  provider: 'template',
  model: 'template',
  used_interaction_ids: [12, 11],
};

function renderFollowUp(
  draft: MockResponseInit | MockResponseInit[] = { body: templateDraft },
  contact: Contact = grace,
) {
  const http = mockFetch({
    'GET /api/contacts': { body: [contact] },
    'POST /api/geminis/': draft,
    'GET /api/interactions?contact_id=5': { body: interactions },
  });
  const onClose = vi.fn();
  renderScreen(<CardHarness id={contact.id} onClose={onClose} />, {
    path: '/kanban/:id',
    url: '/kanban/5',
    user: makeUser(),
  });
  return { http, onClose };
}

async function openFollowUpTab(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: grace.name });
  await user.click(within(dialog).getByRole('tab', { name: 'Follow-up message' }));
  return within(dialog).getByRole('tabpanel', { name: 'Follow-up message' });
}

const editor = (panel: HTMLElement) => within(panel).getByRole('textbox', { name: 'Follow-up message' });

describe('Follow-up message tab', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it("generates a draft with the chosen tone and purpose, toasts 'Your follow-up message is ready!' and shows its sources", async () => {
    const user = userEvent.setup();
    const { http } = renderFollowUp();
    const panel = await openFollowUpTab(user);
    expect(within(panel).getByRole('radio', { name: 'Warm' })).toBeChecked();
    expect(within(panel).getByRole('combobox', { name: 'Purpose' })).toHaveValue('check-in');
    expect(within(panel).getByText('0/1000')).toBeInTheDocument();

    await user.click(within(panel).getByRole('radio', { name: 'Formal' }));
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Purpose' }), 'Ask for a referral');
    await user.click(within(panel).getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText('Your follow-up message is ready!')).toBeInTheDocument();
    expect(http.callsTo('POST', '/api/geminis/')[0]?.body).toEqual({ id: 5, tone: 'formal', purpose: 'referral' });
    expect(editor(panel)).toHaveValue(templateDraft.response);
    expect(within(panel).getByText(`${templateDraft.response.length}/1000`)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();

    const sources = within(panel).getByRole('complementary', { name: 'How this draft was written' });
    expect(sources).toHaveTextContent('Written by Built-in template (no AI model)');
    expect(sources).toHaveTextContent('Notes used (2)');
    const toggles = await within(sources).findAllByRole('button', { expanded: false });
    expect(toggles.map((toggle) => toggle.textContent)).toEqual(['May 20, 2025Email', 'March 4, 2025Virtual call']);
    await user.click(toggles[0]!);
    expect(toggles[0]).toHaveAttribute('aria-expanded', 'true');
    expect(within(sources).getByText('Sent the COBOL paper.')).toBeVisible();
    expect(within(sources).queryByText('Talked about compilers.')).not.toBeVisible();
  });

  it('shows the spinner while the draft is being written', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { http } = renderFollowUp();
    const panel = await openFollowUpTab(user);
    const original = http.fetchMock.getMockImplementation()!;
    http.fetchMock.mockImplementation(async (input, init) => {
      if (input === '/api/geminis/') await held;
      return original(input, init);
    });
    await user.click(within(panel).getByRole('button', { name: 'Generate' }));
    const button = within(panel).getByRole('button', { name: 'Generate' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    const status = within(panel).getByText(/Writing a follow-up/);
    expect(status).toHaveTextContent('Writing a follow-up to Grace Hopper...');
    expect(status).toHaveAttribute('role', 'status');
    release();
    expect(await screen.findByText('Your follow-up message is ready!')).toBeInTheDocument();
    expect(status).toHaveTextContent('');
  });

  it('names the model that wrote the draft, and says when no notes were used', async () => {
    const user = userEvent.setup();
    renderFollowUp({
      body: { ...templateDraft, provider: 'openai-compatible', model: 'llama3.2', used_interaction_ids: [] },
    });
    const panel = await openFollowUpTab(user);
    await user.click(within(panel).getByRole('button', { name: 'Generate' }));
    const sources = await within(panel).findByRole('complementary', { name: 'How this draft was written' });
    expect(sources).toHaveTextContent('Written by Your model (OpenAI-compatible server) · llama3.2');
    expect(sources).toHaveTextContent('No interaction notes yet');
  });

  it.each([
    [
      'a provider failure (502)',
      { status: 502, body: { errors: ['Message failed to generate. Please try again.'] } },
      'Message failed to generate. Please try again.',
    ],
    [
      'an answer without a message (500)',
      { status: 500, body: 'oops' },
      'Message failed to generate. Please try again.',
    ],
    [
      'the rate limit (429)',
      {
        status: 429,
        headers: { 'Retry-After': '60' },
        body: { errors: ['Too many drafts: at most 10 a minute. Please wait a minute and try again.'] },
      },
      'Too many drafts: at most 10 a minute. Please wait a minute and try again.',
    ],
    [
      'the deadline (504)',
      { status: 504, body: { errors: ['Message failed to generate within 30 seconds. Please try again.'] } },
      'Message failed to generate within 30 seconds. Please try again.',
    ],
  ])('toasts %s', async (_name, failure, message) => {
    const user = userEvent.setup();
    renderFollowUp(failure);
    const panel = await openFollowUpTab(user);
    await user.click(within(panel).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(editor(panel)).toHaveValue('');
    expect(within(panel).getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('shows a draft containing markup as text, never as HTML', async () => {
    const user = userEvent.setup();
    const markup = 'Hi <img src=x onerror="alert(1)"><b>Grace</b>';
    renderFollowUp({ body: { ...templateDraft, response: markup } });
    const panel = await openFollowUpTab(user);
    await user.click(within(panel).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(editor(panel)).toHaveValue(markup));
    expect(panel.querySelector('img, b')).toBeNull();
  });

  it('keeps the edited draft when switching tabs and asks before closing the card', async () => {
    const user = userEvent.setup();
    const { onClose } = renderFollowUp();
    let panel = await openFollowUpTab(user);
    await user.click(within(panel).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(editor(panel)).toHaveValue(templateDraft.response));
    await user.type(editor(panel), ' P.S. Coffee soon?');

    const dialog = screen.getByRole('dialog', { name: grace.name });
    await user.click(within(dialog).getByRole('tab', { name: 'Contact information' }));
    panel = await openFollowUpTab(user);
    expect(editor(panel)).toHaveValue(`${templateDraft.response} P.S. Coffee soon?`);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close card without saving?' });
    await user.click(within(confirm).getByRole('button', { name: 'Close card' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once with a generated draft that was not edited', async () => {
    const user = userEvent.setup();
    const { onClose } = renderFollowUp();
    const panel = await openFollowUpTab(user);
    await user.click(within(panel).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(editor(panel)).toHaveValue(templateDraft.response));
    await user.click(within(screen.getByRole('dialog', { name: grace.name })).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before Regenerate replaces an edited draft', async () => {
    const user = userEvent.setup();
    const { http } = renderFollowUp([
      { body: templateDraft },
      { body: { ...templateDraft, response: 'Second draft.' } },
    ]);
    const panel = await openFollowUpTab(user);
    await user.click(within(panel).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(editor(panel)).toHaveValue(templateDraft.response));
    await user.type(editor(panel), '!');
    await user.click(within(panel).getByRole('button', { name: 'Regenerate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Replace your edited draft?' });
    await user.click(within(confirm).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(editor(panel)).toHaveValue('Second draft.'));
    expect(http.callsTo('POST', '/api/geminis/')).toHaveLength(2);
  });

  it("copies the draft ('Text copied to clipboard!') and the contact's email ('Email copied to clipboard.')", async () => {
    const user = userEvent.setup();
    renderFollowUp();
    const panel = await openFollowUpTab(user);
    await user.click(within(panel).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(editor(panel)).toHaveValue(templateDraft.response));
    await user.click(within(panel).getByRole('button', { name: 'Copy text' }));
    expect(await screen.findByText('Text copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(templateDraft.response);
    await user.click(within(panel).getByRole('button', { name: 'Copy email' }));
    expect(await screen.findByText('Email copied to clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('grace@example.com');
  });

  it("links 'Open as email' to the contact with the subject 'Following-up' and the edited body", async () => {
    const user = userEvent.setup();
    renderFollowUp();
    const panel = await openFollowUpTab(user);
    await user.type(editor(panel), 'Hi Grace & team,{Enter}Coffee?');
    const link = within(panel).getByRole('link', { name: 'Open as email' });
    expect(link).toHaveAttribute(
      'href',
      'mailto:grace@example.com?subject=Following-up&body=Hi%20Grace%20%26%20team%2C%0D%0ACoffee%3F',
    );
  });

  it("says 'Recipient email or body empty.' without a body, or without an email", async () => {
    const user = userEvent.setup();
    renderFollowUp({ body: templateDraft }, { ...grace, email: null });
    const panel = await openFollowUpTab(user);
    await user.click(within(panel).getByRole('link', { name: 'Open as email' }));
    expect(await screen.findByText('Recipient email or body empty.')).toBeInTheDocument();
    expect(within(panel).getByText(/No email saved for Grace Hopper/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Copy email' })).not.toBeInTheDocument();
  });

  it('Open LinkedIn copies the draft; "I sent it" logs a LinkedIn message with the draft and says the next date', async () => {
    const user = userEvent.setup();
    const withLinkedIn = { ...grace, linked_in: 'https://www.linkedin.com/in/grace-hopper' };
    const http = mockFetch({
      'GET /api/contacts': { body: [withLinkedIn] },
      'GET /api/interactions?contact_id=5': { body: interactions },
      'POST /api/contacts/5/done': { body: { ...withLinkedIn, next_follow_up_on: '2025-12-11' } },
    });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen(<CardHarness id={5} onClose={vi.fn()} />, { path: '/kanban/:id', url: '/kanban/5', user: makeUser() });
    const panel = await openFollowUpTab(user);
    await user.type(editor(panel), 'Coffee next week?');
    const linkedIn = within(panel).getByRole('link', { name: /^Open LinkedIn/ });
    expect(linkedIn).toHaveAttribute('href', 'https://www.linkedin.com/in/grace-hopper');
    expect(linkedIn).toHaveAttribute('target', '_blank');
    expect(within(panel).queryByRole('button', { name: 'I sent it' })).toBeNull();
    // jsdom would navigate: the click's default is stopped after the app's handler ran.
    linkedIn.addEventListener('click', (event) => event.preventDefault());
    await user.click(linkedIn);
    expect(writeText).toHaveBeenCalledWith('Coffee next week?');
    await user.click(within(panel).getByRole('button', { name: 'I sent it' }));
    await waitFor(() =>
      expect(http.callsTo('POST', '/api/contacts/5/done')[0]?.body).toEqual({
        method: 'LinkedIn message',
        note: 'Coffee next week?',
      }),
    );
    expect(await within(panel).findByText('Next follow-up: Dec 11')).toBeInTheDocument();
    expect(editor(panel)).toHaveValue('');
  });

  it('offers no Open LinkedIn without a LinkedIn URL, and "I sent it" after Open as email logs an Email', async () => {
    const user = userEvent.setup();
    const http = mockFetch({
      'GET /api/contacts': { body: [grace] },
      'GET /api/interactions?contact_id=5': { body: interactions },
      'POST /api/contacts/5/done': { body: { ...grace, next_follow_up_on: null } },
    });
    renderScreen(<CardHarness id={5} onClose={vi.fn()} />, { path: '/kanban/:id', url: '/kanban/5', user: makeUser() });
    const panel = await openFollowUpTab(user);
    expect(within(panel).queryByRole('link', { name: /^Open LinkedIn/ })).toBeNull();
    await user.type(editor(panel), 'Hello');
    const email = within(panel).getByRole('link', { name: 'Open as email' });
    email.addEventListener('click', (event) => event.preventDefault());
    await user.click(email);
    await user.click(within(panel).getByRole('button', { name: 'I sent it' }));
    await waitFor(() =>
      expect(http.callsTo('POST', '/api/contacts/5/done')[0]?.body).toEqual({ method: 'Email', note: 'Hello' }),
    );
    expect(await within(panel).findByText(/No next follow-up/)).toBeInTheDocument();
  });
});
