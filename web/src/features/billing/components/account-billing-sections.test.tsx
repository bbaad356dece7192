import { BILLING_NOT_CONFIGURED_MESSAGE } from '@tend/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import {
  DOWNGRADE_NO_SUBSCRIPTION_MESSAGE,
  DOWNGRADE_SUCCESS_MESSAGE,
  EMAIL_NOT_AVAILABLE,
  REACTIVATE_SUCCESS_MESSAGE,
} from '../messages';
import { AccountBillingSections } from './account-billing-sections';

const session = (body: unknown) => ({ body, headers: { 'X-CSRF-Token': 't' } });

describe('AccountBillingSections', () => {
  it('shows the free plan and hides Manage billing without a payment-provider id', () => {
    const me = makeUser({ plan: 'free', stripe_id: null });
    const http = mockFetch({ 'GET /api/session': session(me) });
    renderScreen(<AccountBillingSections user={me} />, { path: '/account', user: me });
    expect(screen.getByRole('heading', { name: 'Free plan' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Manage billing' })).not.toBeInTheDocument();
    expect(http.callsTo('GET', '/api/retreive-customer-info')).toHaveLength(0);
  });

  it('says billing is not configured before the click: Upgrade to Premium is disabled with the reason', async () => {
    const me = makeUser({ plan: 'free', stripe_id: null });
    mockFetch({ 'GET /api/session': session(me), 'GET /api/config': { body: { billing_enabled: false } } });
    renderScreen(<AccountBillingSections user={me} />, { path: '/account', user: me });
    const upgrade = screen.getByRole('button', { name: 'Upgrade to Premium' });
    await waitFor(() => expect(upgrade).toBeDisabled());
    expect(upgrade).toHaveAccessibleDescription(BILLING_NOT_CONFIGURED_MESSAGE);
    expect(screen.getByText(BILLING_NOT_CONFIGURED_MESSAGE)).toBeVisible();
  });

  it('offers Upgrade to Premium when billing is configured', async () => {
    const me = makeUser({ plan: 'free', stripe_id: null });
    const http = mockFetch({ 'GET /api/session': session(me), 'GET /api/config': { body: { billing_enabled: true } } });
    renderScreen(<AccountBillingSections user={me} />, { path: '/account', user: me });
    await waitFor(() => expect(http.callsTo('GET', '/api/config')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
    expect(screen.queryByText(BILLING_NOT_CONFIGURED_MESSAGE)).not.toBeInTheDocument();
  });

  it("shows Manage billing with 'email not available' when billing details cannot be read", async () => {
    const me = makeUser({ plan: 'premium', stripe_id: 'cus_123', premium_expiry_date: '2025-07-01T00:00:00.000Z' });
    mockFetch({
      'GET /api/session': session(me),
      'GET /api/retreive-customer-info': { status: 503, body: { errors: ['Billing is not configured.'] } },
    });
    renderScreen(<AccountBillingSections user={me} />, { path: '/account', user: me });
    expect(screen.getByRole('heading', { name: 'Premium plan' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Manage billing' })).toBeInTheDocument();
    expect(await screen.findByText(/Billing details are unavailable right now/)).toBeInTheDocument();
    expect(screen.getByText(EMAIL_NOT_AVAILABLE)).toBeInTheDocument();
    expect(screen.getByText(/Renews on July 1, 2025/)).toBeInTheDocument();
  });

  it('shows the billing email, discounted price and a cancelled subscription', async () => {
    const me = makeUser({ plan: 'premium', stripe_id: 'cus_123' });
    mockFetch({
      'GET /api/session': session(me),
      'GET /api/retreive-customer-info': {
        body: {
          sub: {
            cancel_at_period_end: true,
            current_period_end: 1751328000,
            plan: { amount: 1000 },
            discount: { coupon: { percent_off: 50 } },
          },
          cus: { email: 'billing@example.com' },
        },
      },
    });
    renderScreen(<AccountBillingSections user={me} />, { path: '/account', user: me });
    expect(await screen.findByText('billing@example.com')).toBeInTheDocument();
    expect(screen.getByText('Canceled')).toBeInTheDocument();
    expect(screen.getByText(/Your premium benefits stay until July 1, 2025/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Premium' })).not.toBeInTheDocument();
  });

  it('shows a renewing plan with its price and date, and cancels it at the period end', async () => {
    const me = makeUser({ id: 7, plan: 'premium', stripe_id: 'cus_123' });
    const renewing = {
      sub: { cancel_at_period_end: false, current_period_end: 1751371200, plan: { amount: 1000, interval: 'month' } },
      cus: { email: 'billing@example.com' },
    };
    const http = mockFetch({
      'GET /api/session': session(me),
      'GET /api/retreive-customer-info': [
        { body: renewing },
        { body: { ...renewing, sub: { ...renewing.sub, cancel_at_period_end: true } } },
      ],
      'POST /api/cancel-subscription': { body: { message: DOWNGRADE_SUCCESS_MESSAGE } },
    });
    renderScreen(<AccountBillingSections user={me} />, { path: '/account', user: me });
    expect(
      await screen.findByText(/\$10\.00\/month, unlimited contact cards\. Renews on July 1, 2025\./),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Premium?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Premium' }));
    expect(await screen.findByText(DOWNGRADE_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(http.callsTo('POST', '/api/cancel-subscription')[0]?.body).toEqual({ userId: 7 });
    expect(await screen.findByText('Canceled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
  });

  it("says so when there is no subscription to cancel (201), with the spec's text", async () => {
    const me = makeUser({ id: 7, plan: 'premium', stripe_id: 'cus_123' });
    mockFetch({
      'GET /api/session': session(me),
      'GET /api/retreive-customer-info': { body: { cus: {}, sub: {} } },
      'POST /api/cancel-subscription': { status: 201, body: { message: DOWNGRADE_NO_SUBSCRIPTION_MESSAGE } },
    });
    renderScreen(<AccountBillingSections user={me} />, { path: '/account', user: me });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Premium?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Premium' }));
    expect(await screen.findByText(DOWNGRADE_NO_SUBSCRIPTION_MESSAGE)).toBeInTheDocument();
  });

  it('reactivates a cancelled plan before it ends', async () => {
    const me = makeUser({ id: 7, plan: 'premium', stripe_id: 'cus_123' });
    const http = mockFetch({
      'GET /api/session': session(me),
      'GET /api/retreive-customer-info': [
        { body: { sub: { cancel_at_period_end: true, current_period_end: 1751371200 }, cus: {} } },
        { body: { sub: { cancel_at_period_end: false, current_period_end: 1751371200 }, cus: {} } },
      ],
      'POST /api/reactivate-subscription': { body: { message: REACTIVATE_SUCCESS_MESSAGE } },
    });
    renderScreen(<AccountBillingSections user={me} />, { path: '/account', user: me });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText(REACTIVATE_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(http.callsTo('POST', '/api/reactivate-subscription')[0]?.body).toEqual({ userId: 7 });
    expect(await screen.findByRole('button', { name: 'Cancel Premium' })).toBeInTheDocument();
    expect(screen.queryByText('Canceled')).not.toBeInTheDocument();
  });

  it('opens the billing portal in a new tab without opener access', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const me = makeUser({ plan: 'premium', stripe_id: 'cus_123' });
    mockFetch({
      'GET /api/session': session(me),
      'GET /api/retreive-customer-info': { body: { cus: { email: 'billing@example.com' }, sub: {} } },
      'POST /api/billing-portal': {
        body: { url: 'https://billing.example/p/1' },
        headers: { Location: 'https://billing.example/p/1' },
      },
    });
    renderScreen(<AccountBillingSections user={me} />, { path: '/account', user: me });
    const billing = (await screen.findByRole('heading', { name: 'Manage billing' })).closest('section');
    if (!billing) throw new Error('no billing section');
    await userEvent.setup().click(await within(billing).findByRole('button', { name: 'Open billing portal' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://billing.example/p/1', '_blank', 'noopener,noreferrer'),
    );
  });
});
