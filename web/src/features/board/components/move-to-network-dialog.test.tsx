import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeContact, makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { MoveToNetworkDialog } from './move-to-network-dialog';

const ada = makeContact({ id: 10, name: 'Ada Lovelace' });

describe('MoveToNetworkDialog', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it('asks first, then moves the card to the network and says its notes stay', async () => {
    const http = mockFetch({
      'POST /api/contacts/bulk': {
        body: { contacts: [{ ...ada, on_board: false, tier_id: null, column_order: null }] },
      },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderScreen(<MoveToNetworkDialog contact={ada} onClose={onClose} />, { path: '/kanban', user: makeUser() });
    const dialog = await screen.findByRole('dialog', { name: 'Move to network?' });
    expect(dialog).toHaveTextContent(
      'Move Ada Lovelace to your network? The card leaves the board; notes and timeline stay.',
    );
    expect(http.callsTo('POST', '/api/contacts/bulk')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Move to network' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(http.callsTo('POST', '/api/contacts/bulk')[0]?.body).toEqual({ ids: [10], action: 'to_network' });
    expect(
      await screen.findByText('Ada Lovelace is in your network now. Their notes and timeline stay.'),
    ).toBeVisible();
  });

  it('Cancel changes nothing; a refusal is said and the card stays', async () => {
    const http = mockFetch({ 'POST /api/contacts/bulk': { status: 404, body: { errors: ['Contact not found.'] } } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderScreen(<MoveToNetworkDialog contact={ada} onClose={onClose} />, { path: '/kanban', user: makeUser() });
    const dialog = await screen.findByRole('dialog', { name: 'Move to network?' });
    await user.click(within(dialog).getByRole('button', { name: 'Move to network' }));
    expect(await screen.findByText('Contact not found.')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(http.callsTo('POST', '/api/contacts/bulk')).toHaveLength(1);
  });
});
