import { INVALID_RESET_LINK_MESSAGE, PASSWORDS_MUST_MATCH_MESSAGE } from '@tend/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { PASSWORDS_DO_NOT_MATCH_TOAST } from '../messages';
import { ResetPasswordPage } from './reset-password-page';

const path = '/reset-password/:email/:token';
const url = '/reset-password/ada@example.com/tok-1';
const session = { body: {}, headers: { 'X-CSRF-Token': 't' } };

describe('ResetPasswordPage', () => {
  it('shows the invalid link screen when the link does not check out', async () => {
    mockFetch({ 'GET /api/session': session, 'POST /api/reset-password/check': { body: { valid: false } } });
    renderScreen(<ResetPasswordPage />, { path, url, user: null });
    expect(await screen.findByRole('heading', { name: 'Invalid Link' })).toBeInTheDocument();
    expect(screen.getByText(INVALID_RESET_LINK_MESSAGE)).toBeInTheDocument();
  });

  it("toasts 'Passwords do not match', says so under the field, and does not submit", async () => {
    const http = mockFetch({
      'GET /api/session': session,
      'POST /api/reset-password/check': { body: { valid: true } },
    });
    renderScreen(<ResetPasswordPage />, { path, url, user: null });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Enter new password'), 'Better123');
    await user.type(screen.getByLabelText('Re-enter new password'), 'Better124');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH_TOAST)).toBeInTheDocument();
    // The same inline message as sign-up and settings (one new-password component for all three).
    expect(screen.getByLabelText('Re-enter new password')).toHaveAccessibleDescription(PASSWORDS_MUST_MATCH_MESSAGE);
    expect(http.callsTo('POST', '/api/reset-password')).toHaveLength(0);
  });

  it('resets the password and goes to /password-updated', async () => {
    const http = mockFetch({
      'GET /api/session': session,
      'POST /api/reset-password/check': { body: { valid: true } },
      'POST /api/reset-password': { status: 204 },
    });
    renderScreen(<ResetPasswordPage />, { path, url, user: null });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Enter new password'), 'Better123');
    await user.type(screen.getByLabelText('Re-enter new password'), 'Better123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/password-updated'));
    expect(http.callsTo('POST', '/api/reset-password/check')[0]?.body).toEqual({
      email: 'ada@example.com',
      token: 'tok-1',
    });
    expect(http.callsTo('POST', '/api/reset-password')[0]?.body).toEqual({
      email: 'ada@example.com',
      token: 'tok-1',
      password: 'Better123',
    });
  });
});
