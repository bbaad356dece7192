import { ORIGINAL_PASSWORD_INCORRECT_MESSAGE, VERIFICATION_EMAIL_UNAVAILABLE_MESSAGE } from '@tend/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { canUpdateEmail } from './email-section';
import { SettingsPage } from './settings-page';

const me = makeUser({ id: 7, email: 'ada@example.com' });
const session = { body: me, headers: { 'X-CSRF-Token': 't' } };

describe('canUpdateEmail', () => {
  it('needs a valid address that differs from the current one', () => {
    expect(canUpdateEmail('new@example.com', 'ada@example.com')).toBe(true);
    expect(canUpdateEmail(' ADA@example.com ', 'ada@example.com')).toBe(false);
    expect(canUpdateEmail('not-an-email', 'ada@example.com')).toBe(false);
    expect(canUpdateEmail('a@b.toolong', 'ada@example.com')).toBe(false);
  });
});

/** Asks for ada.new@example.com with the password; the answer comes from `patch`. */
async function requestEmailChange(patch: Parameters<typeof mockFetch>[0][string]) {
  const http = mockFetch({ 'GET /api/session': session, 'PATCH /api/users/7': patch });
  const user = userEvent.setup();
  renderScreen(<SettingsPage />, { path: '/settings', user: me });
  await user.click(screen.getByRole('button', { name: 'Edit email address' }));
  const input = screen.getByLabelText('Email address');
  await user.clear(input);
  await user.type(input, 'ada.new@example.com');
  await user.type(screen.getByLabelText('Confirm with password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Update email address' }));
  return http;
}

describe('SettingsPage: email update failures (PRODUCT.md §8)', () => {
  it("says 'Could not update email in the database.' when the server fails to save it", async () => {
    await requestEmailChange({ status: 500, body: { errors: ['Something went wrong on our side.'] } });
    expect(await screen.findByText('Could not update email in the database.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/settings');
  });

  it('passes on that a verification email cannot be sent now', async () => {
    await requestEmailChange({ status: 429, body: { errors: [VERIFICATION_EMAIL_UNAVAILABLE_MESSAGE] } });
    expect(await screen.findByText(VERIFICATION_EMAIL_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
  });

  it("says 'Email update failed.' when the request does not get through", async () => {
    await requestEmailChange(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await screen.findByText('Email update failed.')).toBeInTheDocument();
  });

  it("says the server's reason for a refused address", async () => {
    await requestEmailChange({ status: 422, body: { errors: ['Email address already exists'] } });
    expect(await screen.findByText('Email address already exists')).toBeInTheDocument();
  });

  it("falls back to 'There was a problem updating your email.'", async () => {
    await requestEmailChange({ status: 400 });
    expect(await screen.findByText('There was a problem updating your email.')).toBeInTheDocument();
  });
});

describe('SettingsPage: email', () => {
  it('edits the email behind the pencil; the update waits for a valid, changed address and the password', async () => {
    mockFetch({ 'GET /api/session': session });
    const user = userEvent.setup();
    renderScreen(<SettingsPage />, { path: '/settings', user: me });
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit email address' }));
    const update = screen.getByRole('button', { name: 'Update email address' });
    const input = screen.getByLabelText('Email address');
    expect(input).toHaveValue('ada@example.com');
    expect(update).toBeDisabled();

    await user.type(screen.getByLabelText('Confirm with password'), 'Secret123');
    expect(update).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'invalid@');
    expect(update).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'ada.new@example.com');
    expect(update).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Update email address' })).not.toBeInTheDocument();
  });

  it('saves the pending address and goes to its confirmation screen', async () => {
    const http = mockFetch({
      'GET /api/session': session,
      'PATCH /api/users/7': { body: { ...me, desired_email: 'ada.new@example.com' } },
    });
    const user = userEvent.setup();
    renderScreen(<SettingsPage />, { path: '/settings', user: me });
    await user.click(screen.getByRole('button', { name: 'Edit email address' }));
    const input = screen.getByLabelText('Email address');
    await user.clear(input);
    await user.type(input, 'Ada.New@example.com');
    await user.type(screen.getByLabelText('Confirm with password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Update email address' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/email-confirmation/ada.new@example.com'),
    );
    expect(http.callsTo('PATCH', '/api/users/7')[0]?.body).toEqual({
      desired_email: 'ada.new@example.com',
      current_password: 'Secret123',
    });
  });
});

describe('SettingsPage: password', () => {
  async function fillPasswords(current: string, next: string, confirmation: string) {
    const user = userEvent.setup();
    if (current) await user.type(screen.getByLabelText('Current password'), current);
    if (next) await user.type(screen.getByLabelText('Enter new password'), next);
    if (confirmation) await user.type(screen.getByLabelText('Re-enter new password'), confirmation);
    return user;
  }

  it("shows Cancel and 'Update Password' only once the current password is typed", async () => {
    mockFetch({ 'GET /api/session': session });
    renderScreen(<SettingsPage />, { path: '/settings', user: me });
    expect(screen.queryByRole('button', { name: 'Update Password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Your Password?' })).toHaveAttribute('href', '/forgot-password');
    await fillPasswords('x', '', '');
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('checks the new password before validating the original one', async () => {
    const http = mockFetch({ 'GET /api/session': session });
    renderScreen(<SettingsPage />, { path: '/settings', user: me });
    const user = await fillPasswords('Old12345', 'weak', 'weak');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(document.querySelectorAll('[data-state="failed"]').length).toBeGreaterThan(0);
    expect(http.callsTo('POST', '/api/validate-user')).toHaveLength(0);
  });

  it('reports a wrong original password', async () => {
    mockFetch({
      'GET /api/session': session,
      'POST /api/validate-user': { status: 422, body: { errors: [ORIGINAL_PASSWORD_INCORRECT_MESSAGE] } },
    });
    renderScreen(<SettingsPage />, { path: '/settings', user: me });
    const user = await fillPasswords('Wrong123', 'Better123', 'Better123');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(ORIGINAL_PASSWORD_INCORRECT_MESSAGE)).toBeInTheDocument();
  });

  it('validates, saves, ends the session and goes to /password-updated, which forgets the user', async () => {
    const http = mockFetch({
      'GET /api/session': [session, { body: {}, headers: { 'X-CSRF-Token': 'after' } }],
      'POST /api/validate-user': { body: { id: 7 } },
      'PATCH /api/users/7': { body: me },
      'DELETE /api/session': { status: 204 },
    });
    const { queryClient, router } = renderScreen(<SettingsPage />, { path: '/settings', user: me });
    const user = await fillPasswords('Old12345', 'Better123', 'Better123');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/password-updated'));
    // The password-updated page finishes the logout once it is on screen (tested there).
    expect(router.state.location.state).toEqual({ finishLogout: true });
    expect(http.callsTo('POST', '/api/validate-user')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'Old12345',
    });
    expect(http.callsTo('PATCH', '/api/users/7')[0]?.body).toEqual({
      password: 'Better123',
      current_password: 'Old12345',
    });
    expect(http.callsTo('DELETE', '/api/session')).toHaveLength(1);
    // Still known here: forgetting the user on /settings would let the route gate bounce to '/'.
    expect(queryClient.getQueryData(['session'])).toEqual(me);
  });
});
