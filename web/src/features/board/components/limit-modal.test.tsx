import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeContact, makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { LimitModal } from './limit-modal';

function renderModal(reason: 'limit' | 'trial-expired', routes: Parameters<typeof mockFetch>[0] = {}) {
  const me = makeUser({ id: 7, plan: 'free', free_trial: reason === 'trial-expired' });
  const http = mockFetch(routes);
  const onClose = vi.fn();
  const onUpgrade = vi.fn();
  renderScreen(<LimitModal open reason={reason} onClose={onClose} onUpgrade={onUpgrade} upgrading={false} />, {
    path: '/limit-reached',
    user: me,
  });
  return { http, onClose, onUpgrade };
}

describe('LimitModal', () => {
  beforeEach(() => window.localStorage.setItem('tend.csrf-token', 't'));

  it("offers Premium's price and features, 'Maintain 25 contacts' and 'Upgrade' when the free plan is full", async () => {
    const user = userEvent.setup();
    const { onUpgrade } = renderModal('limit');
    const dialog = await screen.findByRole('dialog', { name: 'The free plan holds 25 contacts' });
    expect(dialog).toHaveTextContent('$10/month');
    expect(dialog).toHaveTextContent('Unlimited contact cards');
    expect(dialog).toHaveTextContent('Chrome extension');
    expect(dialog).not.toHaveTextContent('Your hidden cards come back');
    expect(within(dialog).getByRole('button', { name: 'Maintain 25 contacts' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });

  it('says the premium plan ended, and "Maintain 25 contacts" keeps the free plan once confirmed', async () => {
    const user = userEvent.setup();
    const { http, onClose } = renderModal('trial-expired', {
      'PATCH /api/users/7': { body: makeUser({ id: 7, plan: 'free', free_trial: false }) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Your Premium plan has ended' });
    expect(dialog).toHaveTextContent('Your hidden cards come back');
    await user.click(within(dialog).getByRole('button', { name: 'Maintain 25 contacts' }));
    const confirm = await screen.findByRole('dialog', { name: 'Maintain 25 contacts?' });
    await user.click(within(confirm).getByRole('button', { name: 'Maintain 25 contacts' }));
    expect(
      await screen.findByText('You are on the free plan. Your 25 newest contacts stay on your board.'),
    ).toBeVisible();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(http.callsTo('PATCH', '/api/users/7')[0]?.body).toEqual({ plan: 'free', free_trial: false });
  });

  it('offers moving people to the network instead of deleting them: the chosen ones leave the board and the modal closes', async () => {
    const user = userEvent.setup();
    const older = makeContact({ id: 1, name: 'Ada Lovelace', created_at: '2024-01-01T00:00:00.000Z' });
    const newer = makeContact({ id: 2, name: 'Grace Hopper', created_at: '2024-02-01T00:00:00.000Z' });
    const newest = makeContact({ id: 3, name: 'Alan Turing', created_at: '2024-03-01T00:00:00.000Z' });
    const { http, onClose } = renderModal('limit', {
      'GET /api/contacts': { body: [newest, older, newer] },
      'POST /api/contacts/bulk': {
        body: { contacts: [older, newer].map((c) => ({ ...c, on_board: false, tier_id: null, column_order: null })) },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'The free plan holds 25 contacts' });
    await user.click(within(dialog).getByRole('button', { name: 'Move people to your network' }));
    const picker = await screen.findByRole('dialog', { name: 'Make room on your board' });
    expect(picker).toHaveTextContent('instead of deleting them');
    // The oldest first: the likeliest to go.
    expect((await within(picker).findAllByRole('checkbox')).map((box) => box.closest('label')?.textContent)).toEqual([
      'Ada LovelaceUS Navy',
      'Grace HopperUS Navy',
      'Alan TuringUS Navy',
    ]);
    const confirm = within(picker).getByRole('button', { name: 'Move to network' });
    expect(confirm).toBeDisabled();
    await user.click(within(picker).getByRole('checkbox', { name: /Ada Lovelace/ }));
    await user.click(within(picker).getByRole('checkbox', { name: /Grace Hopper/ }));
    await user.click(within(picker).getByRole('button', { name: 'Move to network: 2 people' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(http.callsTo('POST', '/api/contacts/bulk')[0]?.body).toEqual({ ids: [1, 2], action: 'to_network' });
    expect(await screen.findByText('2 people moved to your network. Their notes and timeline stay.')).toBeVisible();
  });

  it('after a Premium plan ended, moves the hidden cards to the network (the server knows them) and keeps the free plan', async () => {
    const user = userEvent.setup();
    const { http, onClose } = renderModal('trial-expired', {
      'POST /api/network/hidden': { body: { moved: 7 } },
      'PATCH /api/users/7': { body: makeUser({ id: 7, plan: 'free', free_trial: false }) },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Your Premium plan has ended' });
    await user.click(within(dialog).getByRole('button', { name: 'Move the rest to your network' }));
    const confirm = await screen.findByRole('dialog', { name: 'Move the rest to your network?' });
    expect(confirm).toHaveTextContent('instead of staying hidden');
    expect(http.callsTo('POST', '/api/network/hidden')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Move the rest to your network' }));
    expect(
      await screen.findByText('7 people moved to your network. Your 25 newest contacts stay on your board.'),
    ).toBeVisible();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(http.callsTo('POST', '/api/network/hidden')).toHaveLength(1);
    expect(http.callsTo('PATCH', '/api/users/7')[0]?.body).toEqual({ plan: 'free', free_trial: false });
  });
});
