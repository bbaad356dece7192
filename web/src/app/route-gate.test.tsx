import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { routes } from './router';

const signedOut = { body: {}, headers: { 'X-CSRF-Token': 't' } };

/** The board's columns (other regions exist, e.g. the toast container). */
function columns() {
  return screen.queryAllByRole('region').filter((region) => region.hasAttribute('data-tier-id'));
}

describe('RouteGate with the app routes', () => {
  it('shows a spinner, not a screen, while the session loads', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderRoutes(routes, '/kanban');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading Tend');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor from the board to the landing page', async () => {
    mockFetch({ 'GET /api/session': signedOut });
    const { router } = renderRoutes(routes, '/kanban/12');
    // The router loads the board's lazy chunk (drag and drop, cropping) before the gate redirects;
    // a cold transform of it can take more than the default second.
    expect(
      await screen.findByRole('heading', { name: 'Keep your professional network warm.' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('confines an unverified user to the email confirmation screen', async () => {
    mockFetch({
      'GET /api/session': { body: makeUser({ email: 'new@example.com', email_verified: false, plan: null }) },
    });
    const { router } = renderRoutes(routes, '/settings');
    expect(await screen.findByRole('heading', { name: 'Confirm your email address' })).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/email-confirmation/new@example.com');
  });

  it('shows the plan picker to a verified user without a plan', async () => {
    mockFetch({ 'GET /api/session': { body: makeUser({ plan: null }) } });
    const { router } = renderRoutes(routes, '/login');
    expect(await screen.findByRole('heading', { name: 'Maintain your network effectively' })).toBeInTheDocument();
    expect(screen.getByText('Select your plan.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Free' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Premium' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kanban');
  });

  it('opens the board for a signed-in user who asks for /login, with columns by position', async () => {
    mockFetch({
      'GET /api/session': { body: makeUser() },
      'GET /api/config': { body: { chrome_extension_url: 'https://chromewebstore.google.com/detail/tend/abc' } },
      'GET /api/tiers': {
        body: [
          { id: 3, name: 'Friends', position: 2, user_id: 7 },
          { id: 1, name: 'New', position: 0, user_id: 7 },
          { id: 4, name: 'Potential Referrals', position: 3, user_id: 7 },
          { id: 2, name: 'Colleagues', position: 1, user_id: 7 },
        ],
      },
      'GET /api/contacts': { body: [] },
    });
    const { router } = renderRoutes(routes, '/login');
    // The board's code loads on demand: its first import in this file is transformed on the spot,
    // which on a busy machine takes longer than waitFor's default second.
    await waitFor(() => expect(columns()).toHaveLength(4), { timeout: 5000 });
    const names = columns().map((column) => within(column).getByRole('heading').getAttribute('title'));
    expect(names).toEqual(['New', 'Colleagues', 'Friends', 'Potential Referrals']);
    // Visible names are truncated at 20 characters (the brief's choice: 'Potential Referrals' has 19).
    expect(screen.getByText('Potential Referrals', { selector: '[aria-hidden="true"]' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Potential Referrals' })).toBeInTheDocument();
    expect(within(columns()[0]!).getByText('0 contacts')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kanban');
    const extension = screen.getByRole('link', { name: 'Get Chrome Extension' });
    expect(extension).toHaveAttribute('rel', 'noopener noreferrer');
    await waitFor(() => expect(extension).toHaveAttribute('href', 'https://chromewebstore.google.com/detail/tend/abc'));
    expect(screen.getByLabelText('Filter contacts')).toBeInTheDocument();
  });

  it("asks for the session once on the board's first load: the screens that read it after the answer do not ask again", async () => {
    const http = mockFetch({
      'GET /api/session': { body: makeUser() },
      'GET /api/config': { body: {} },
      'GET /api/tiers': { body: [{ id: 1, name: 'New', position: 0, user_id: 7, cadence_days: null }] },
      'GET /api/contacts': { body: [] },
      'GET /api/notifications': { body: [] },
    });
    renderRoutes(routes, '/kanban');
    // The board's layout loads on demand (see above): allow for its first transform.
    await waitFor(() => expect(columns()).toHaveLength(1), { timeout: 5000 });
    // The top bar, the board and the bell mount their session readers once the gate has its answer
    // (each used to ask again: the session was stale at once); give a second request time to leave.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(http.callsTo('GET', '/api/session')).toHaveLength(1);
    expect(http.callsTo('GET', '/api/contacts')).toHaveLength(1);
  });

  it("opens the in-app install page from 'Get Chrome Extension' when no store page is configured", async () => {
    mockFetch({
      'GET /api/session': { body: makeUser() },
      'GET /api/config': { body: { chrome_extension_url: '' } },
      'GET /api/tiers': { body: [{ id: 1, name: 'New', position: 0, user_id: 7 }] },
      'GET /api/contacts': { body: [] },
      'GET /api/extension-tokens': { body: [] },
    });
    const { router } = renderRoutes(routes, '/kanban');
    // The board's layout loads on demand (see above): allow for its first transform.
    const extension = await screen.findByRole('link', { name: 'Get Chrome Extension' }, { timeout: 5000 });
    expect(extension).toHaveAttribute('href', '/extension');
    expect(extension).not.toHaveAttribute('target');
    await userEvent.setup().click(extension);
    expect(await screen.findByRole('heading', { level: 1, name: 'Get the Chrome extension' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/extension');
    expect(screen.getByRole('link', { name: 'Download tend-extension.zip' })).toHaveAttribute('href', '/extension.zip');
  });

  it('offers a retry when the session cannot be loaded', async () => {
    mockFetch({ 'GET /api/session': [{ status: 503 }, { status: 503 }, signedOut] });
    renderRoutes(routes, '/');
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 });
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('heading', { name: 'Keep your professional network warm.' })).toBeInTheDocument();
  });
});
