import { BILLING_NOT_CONFIGURED_MESSAGE } from '@tend/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { PlanUpdatedPage } from './plan-updated-page';

const me = makeUser({ plan: 'free' });
const session = { body: me, headers: { 'X-CSRF-Token': 't' } };

describe('PlanUpdatedPage', () => {
  it('after a cancelled checkout, disables Upgrade to premium plan with the reason when billing is not configured', async () => {
    mockFetch({ 'GET /api/session': session, 'GET /api/config': { body: { billing_enabled: false } } });
    renderScreen(<PlanUpdatedPage />, { path: '/plan-updated/:status', url: '/plan-updated/cancel', user: me });
    expect(screen.getByRole('heading', { name: 'You are on the Free plan' })).toBeInTheDocument();
    const upgrade = screen.getByRole('button', { name: 'Upgrade to premium plan' });
    await waitFor(() => expect(upgrade).toBeDisabled());
    expect(upgrade).toHaveAccessibleDescription(BILLING_NOT_CONFIGURED_MESSAGE);
    expect(screen.getByRole('link', { name: 'Tend to my network' })).toBeInTheDocument();
  });
});
