import { BILLING_NOT_CONFIGURED_MESSAGE } from '@tend/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { PLAN_NOT_UPDATED_MESSAGE } from '../messages';
import { PlanUpdatedPage } from './plan-updated-page';

const me = makeUser({ plan: 'free' });
const session = { body: me, headers: { 'X-CSRF-Token': 't' } };
const sessionOf = (body: unknown) => ({ body, headers: { 'X-CSRF-Token': 't' } });

afterEach(() => {
  vi.useRealTimers();
});

describe('PlanUpdatedPage', () => {
  it('after a canceled checkout says that alone, and offers no upgrade that billing cannot take', async () => {
    const http = mockFetch({ 'GET /api/session': session, 'GET /api/config': { body: { billing_enabled: false } } });
    renderScreen(<PlanUpdatedPage />, { path: '/plan-updated/:status', url: '/plan-updated/cancel', user: me });
    expect(screen.getByRole('heading', { name: 'You are on the Free plan' })).toBeInTheDocument();
    expect(screen.getByText('Checkout was canceled. You have not been charged.')).toBeInTheDocument();
    await waitFor(() => expect(http.callsTo('GET', '/api/config').length).toBeGreaterThan(0));
    // One message per situation, no disabled primary action (issue 27 point 5).
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upgrade to premium plan' })).toBeNull());
    expect(screen.queryByText(BILLING_NOT_CONFIGURED_MESSAGE)).toBeNull();
    expect(screen.getByRole('link', { name: 'Tend to my network' })).toBeInTheDocument();
  });

  it('says why upgrading is unavailable, instead of a disabled button, when billing is not configured', async () => {
    mockFetch({ 'GET /api/session': session, 'GET /api/config': { body: { billing_enabled: false } } });
    renderScreen(<PlanUpdatedPage />, { path: '/plan-updated/:status', url: '/plan-updated/free', user: me });
    expect(await screen.findByText(BILLING_NOT_CONFIGURED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to premium plan' })).toBeNull();
  });

  it('waits for the webhook after a paid checkout, then shows Premium', async () => {
    const premium = makeUser({ plan: 'premium' });
    // The session is read again while the webhook is on its way; the second read is premium.
    mockFetch({ 'GET /api/session': [sessionOf(me), sessionOf(premium)] });
    renderScreen(<PlanUpdatedPage />, { path: '/plan-updated/:status', url: '/plan-updated/success', user: me });
    expect(screen.getByRole('heading', { name: 'Confirming your payment...' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'You are on the Premium plan' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tend to my network' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to premium plan' })).not.toBeInTheDocument();
  });

  it('says the plan was not updated when no webhook came in time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({ 'GET /api/session': session });
    renderScreen(<PlanUpdatedPage />, { path: '/plan-updated/:status', url: '/plan-updated/success', user: me });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(13_000);
    });
    expect(await screen.findByText(PLAN_NOT_UPDATED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You are on the Free plan' })).toBeInTheDocument();
  });
});
