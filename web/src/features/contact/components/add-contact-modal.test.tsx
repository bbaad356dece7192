import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeContact, makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { AddContactModal } from './add-contact-modal';

function renderModal(routes: Parameters<typeof mockFetch>[0] = {}, { tierId }: { tierId?: number } = { tierId: 3 }) {
  const http = mockFetch(routes);
  const props = { onClose: vi.fn(), onCreated: vi.fn(), onLimitReached: vi.fn() };
  renderScreen(<AddContactModal tierId={tierId} {...props} />, { path: '/add-contact', user: makeUser() });
  const dialog = screen.getByRole('dialog', { name: 'Add contact' });
  return { http, props, dialog, field: (name: string) => within(dialog).getByRole('textbox', { name }) };
}

describe('AddContactModal', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it("asks for '*Name' (required, focused), Title, Company and LinkedIn profile URL", () => {
    const { dialog, field } = renderModal();
    expect(within(dialog).getByText('*')).toBeInTheDocument();
    expect(field('Name')).toBeRequired();
    expect(field('Name')).toHaveFocus();
    expect(field('Title')).toBeInTheDocument();
    expect(field('Company')).toBeInTheDocument();
    expect(field('LinkedIn profile URL')).toBeInTheDocument();
  });

  it("keeps 'Next' disabled while the name is empty or blank", async () => {
    const user = userEvent.setup();
    const { dialog, field } = renderModal();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.type(field('Title'), 'Engineer');
    await user.type(field('Name'), '   ');
    expect(next).toBeDisabled();
    await user.type(field('Name'), 'Ada');
    expect(next).toBeEnabled();
    await user.clear(field('Name'));
    expect(next).toBeDisabled();
  });

  it("shows 'Invalid URL' on submit and sends nothing", async () => {
    const user = userEvent.setup();
    const { http, dialog, field } = renderModal();
    await user.type(field('Name'), 'Ada');
    await user.type(field('LinkedIn profile URL'), 'not a url');
    expect(within(dialog).queryByText('Invalid URL')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Invalid URL')).toBeInTheDocument();
    expect(field('LinkedIn profile URL')).toHaveAccessibleDescription('Invalid URL');
    expect(http.callsTo('POST', '/api/contacts')).toHaveLength(0);
    await user.type(field('LinkedIn profile URL'), 'x');
    expect(within(dialog).queryByText('Invalid URL')).not.toBeInTheDocument();
  });

  it('shows why a field is refused under that field (a title past 120 characters once did nothing at all)', async () => {
    const user = userEvent.setup();
    const { http, dialog, field } = renderModal();
    await user.type(field('Name'), 'Ada');
    await user.click(field('Title'));
    await user.paste('t'.repeat(121));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(field('Title')).toHaveAccessibleDescription('Title must be at most 120 characters.');
    expect(http.callsTo('POST', '/api/contacts')).toHaveLength(0);
  });

  it('creates the contact in the chosen column with a normalised LinkedIn address', async () => {
    const user = userEvent.setup();
    const created = makeContact({ id: 9, name: 'Ada' });
    const { http, props, dialog, field } = renderModal({ 'POST /api/contacts': { status: 201, body: created } });
    await user.type(field('Name'), ' Ada ');
    await user.type(field('LinkedIn profile URL'), 'linkedin.com/in/ada');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Contact added.')).toBeInTheDocument();
    expect(props.onCreated).toHaveBeenCalledWith(created);
    expect(http.callsTo('POST', '/api/contacts')[0]?.body).toEqual({
      name: 'Ada',
      title: null,
      company: null,
      linked_in: 'https://linkedin.com/in/ada',
      tier_id: 3,
    });
  });

  it('lets the server pick the first column when none was chosen', async () => {
    const user = userEvent.setup();
    const { http, dialog, field } = renderModal({ 'POST /api/contacts': { status: 201, body: makeContact() } }, {});
    await user.type(field('Name'), 'Ada{Enter}');
    await waitFor(() => expect(http.callsTo('POST', '/api/contacts')).toHaveLength(1));
    expect(http.callsTo('POST', '/api/contacts')[0]?.body).not.toHaveProperty('tier_id');
    expect(dialog).toBeInTheDocument();
  });

  it("shows the server's errors in the form with the spec's toast", async () => {
    const user = userEvent.setup();
    const { props, dialog, field } = renderModal({
      'POST /api/contacts': { status: 400, body: { errors: ['Invalid URL', 'Title must be at most 120 characters.'] } },
    });
    await user.type(field('Name'), 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('Error adding contact. Please try again.')).not.toHaveLength(0);
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Title must be at most 120 characters.');
    expect(field('LinkedIn profile URL')).toHaveAccessibleDescription('Invalid URL');
    expect(props.onCreated).not.toHaveBeenCalled();
  });

  it("toasts 'Please fill out all required fields.' when the server says the name is missing", async () => {
    const user = userEvent.setup();
    const { dialog, field } = renderModal({
      'POST /api/contacts': { status: 400, body: { errors: ['Name cannot be empty.'] } },
    });
    await user.type(field('Name'), 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please fill out all required fields.')).toBeInTheDocument();
    expect(field('Name')).toHaveAccessibleDescription('Name cannot be empty.');
  });

  it('hands a 403 (free plan full) to the limit modal', async () => {
    const user = userEvent.setup();
    const { props, dialog, field } = renderModal({
      'POST /api/contacts': { status: 403, body: { errors: ['The free plan holds 25 contacts.'] } },
    });
    await user.type(field('Name'), 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(props.onLimitReached).toHaveBeenCalled());
  });

  it("asks 'Discard contact?' on Cancel and Escape, and discards on confirmation", async () => {
    const user = userEvent.setup();
    const { props, dialog, field } = renderModal();
    await user.type(field('Name'), 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    let confirm = await screen.findByRole('dialog', { name: 'Discard contact?' });
    expect(confirm).toHaveTextContent('Any information you input will be lost.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard contact?' })).not.toBeInTheDocument());
    expect(field('Name')).toHaveValue('Ada');
    expect(props.onClose).not.toHaveBeenCalled();

    field('Name').focus();
    await user.keyboard('{Escape}');
    confirm = await screen.findByRole('dialog', { name: 'Discard contact?' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard contact' }));
    expect(await screen.findByText('Contact discarded.')).toBeInTheDocument();
    expect(props.onClose).toHaveBeenCalledTimes(1);
  });

  it('offers to open the existing card when the LinkedIn profile is already on the board (409)', async () => {
    const user = userEvent.setup();
    const { dialog, field, props } = renderModal({
      'POST /api/contacts': {
        status: 409,
        body: { errors: ['This LinkedIn profile is already on your board.'], contact_id: 41 },
      },
    });
    await user.type(field('Name'), 'Ada');
    await user.type(field('LinkedIn profile URL'), 'linkedin.com/in/ada');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const choice = await screen.findByRole('dialog', { name: 'Already on your board' });
    expect(within(choice).getByText('This LinkedIn profile is already on your board.')).toBeInTheDocument();
    // Cancel goes back to the form, as it was.
    await user.click(within(choice).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Already on your board' })).not.toBeInTheDocument(),
    );
    expect(field('Name')).toHaveValue('Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Already on your board' })).getByRole('button', {
        name: 'Open existing contact',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/kanban/41'));
    expect(props.onCreated).not.toHaveBeenCalled();
  });
});
