import { BILLING_NOT_CONFIGURED_MESSAGE } from '@tend/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { CHECKOUT_ACTIVE_SUBSCRIPTION_MESSAGE } from '../messages';
import { PlanSelectionPage } from './plan-selection-page';

const me = makeUser({ id: 7, plan: null });
const session = { body: me, headers: { 'X-CSRF-Token': 't' } };

describe('PlanSelectionPage', () => {
  it('compares Free ($0/month, 25 cards) and Premium ($10/month, Unlimited), both with the extension', () => {
    mockFetch({ 'GET /api/session': session });
    renderScreen(<PlanSelectionPage />, { path: '/kanban', user: me });
    expect(screen.getByRole('heading', { name: 'Maintain your network effectively' })).toBeInTheDocument();
    const free = screen.getByRole('article', { name: 'Free' });
    const premium = screen.getByRole('article', { name: 'Premium' });
    expect(free).toHaveTextContent('$0/month');
    expect(free).toHaveTextContent('25 cards');
    expect(free).toHaveTextContent('Chrome extension');
    expect(premium).toHaveTextContent('$10/month');
    expect(premium).toHaveTextContent('Unlimited cards');
    expect(premium).toHaveTextContent('Chrome extension');
    // Each card says its allowance once ('25 cards' was followed by '25 contact cards').
    expect(free.textContent?.match(/cards/g)).toHaveLength(1);
    expect(premium.textContent?.match(/cards/g)).toHaveLength(1);
    expect(premium).toHaveTextContent(/^Recommended/);
    expect(premium).not.toHaveTextContent('Most growth');
  });

  it('sets the free plan and goes to the board', async () => {
    const http = mockFetch({ 'GET /api/session': session, 'PATCH /api/users/7': { body: { ...me, plan: 'free' } } });
    const { queryClient } = renderScreen(<PlanSelectionPage />, { path: '/plans', user: me });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Choose Free' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/kanban'));
    expect(http.callsTo('PATCH', '/api/users/7')[0]?.body).toEqual({ plan: 'free' });
    expect(queryClient.getQueryData(['session'])).toMatchObject({ plan: 'free' });
  });

  it('says billing is not configured before the click: Choose Premium is disabled with the reason', async () => {
    mockFetch({ 'GET /api/session': session, 'GET /api/config': { body: { billing_enabled: false } } });
    renderScreen(<PlanSelectionPage />, { path: '/kanban', user: me });
    const premium = screen.getByRole('button', { name: 'Choose Premium' });
    await waitFor(() => expect(premium).toBeDisabled());
    expect(premium).toHaveAccessibleDescription(BILLING_NOT_CONFIGURED_MESSAGE);
    expect(
      within(screen.getByRole('article', { name: 'Premium' })).getByText(BILLING_NOT_CONFIGURED_MESSAGE),
    ).toBeVisible();
    // Free stays available.
    expect(screen.getByRole('button', { name: 'Choose Free' })).toBeEnabled();
  });

  it("shows the server's message when checkout still cannot start", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const http = mockFetch({
      'GET /api/session': session,
      'GET /api/config': { body: { billing_enabled: true } },
      'POST /api/create-checkout-session': { status: 503, body: { errors: [BILLING_NOT_CONFIGURED_MESSAGE] } },
    });
    renderScreen(<PlanSelectionPage />, { path: '/kanban', user: me });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Choose Premium' }));
    expect(await screen.findByText(BILLING_NOT_CONFIGURED_MESSAGE)).toBeInTheDocument();
    expect(http.callsTo('POST', '/api/create-checkout-session')[0]?.body).toEqual({
      userId: 7,
      plan: 'premium',
      referral: null,
    });
    expect(open).not.toHaveBeenCalled();
  });

  it('opens checkout in a new tab without opener access', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    mockFetch({
      'GET /api/session': session,
      'POST /api/create-checkout-session': { status: 200, headers: { Location: 'https://checkout.example/s/1' } },
    });
    renderScreen(<PlanSelectionPage />, { path: '/kanban', user: me });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Choose Premium' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://checkout.example/s/1', '_blank', 'noopener,noreferrer'),
    );
  });

  it("offers the annual price at the server's amount when there is one", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const http = mockFetch({
      'GET /api/session': session,
      'GET /api/billing/plans': { body: { annual: { amount: 9600, currency: 'usd' } } },
      'POST /api/create-checkout-session': { status: 200, headers: { Location: 'https://checkout.example/s/2' } },
    });
    renderScreen(<PlanSelectionPage />, { path: '/kanban', user: me });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Choose Premium yearly: $96.00/year' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://checkout.example/s/2', '_blank', 'noopener,noreferrer'),
    );
    expect(http.callsTo('POST', '/api/create-checkout-session')[0]?.body).toEqual({
      userId: 7,
      plan: 'premium_annual',
      referral: null,
    });
  });

  it('tells the user when a subscription already exists (201)', async () => {
    mockFetch({ 'GET /api/session': session, 'POST /api/create-checkout-session': { status: 201, body: {} } });
    renderScreen(<PlanSelectionPage />, { path: '/kanban', user: me });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Choose Premium' }));
    expect(await screen.findByText(CHECKOUT_ACTIVE_SUBSCRIPTION_MESSAGE)).toBeInTheDocument();
  });
});
