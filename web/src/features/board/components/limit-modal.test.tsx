import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
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
});
