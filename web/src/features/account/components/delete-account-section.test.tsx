import { ORIGINAL_PASSWORD_INCORRECT_MESSAGE } from '@tend/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { DELETE_ACCOUNT_FAILED_MESSAGE } from '../messages';
import { DeleteAccountSection } from './delete-account-section';

const session = (body: unknown) => ({ body, headers: { 'X-CSRF-Token': 't' } });

describe('DeleteAccountSection', () => {
  it('deletes the account after confirming in a dialog, then forgets the session', async () => {
    const me = makeUser({ id: 7 });
    const http = mockFetch({
      // The server ends the session with the account: the next session read is signed out.
      'GET /api/session': [session(me), session({})],
      'DELETE /api/users/7': { status: 204 },
    });
    const { queryClient } = renderScreen(<DeleteAccountSection user={me} />, { path: '/account', user: me });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account?' });
    // Re-authentication: nothing happens until the password is typed.
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Password'), 'Passw0rd!');
    await user.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(http.callsTo('DELETE', '/api/users/7')).toHaveLength(1);
    expect(http.callsTo('DELETE', '/api/users/7')[0]?.body).toEqual({ password: 'Passw0rd!' });
    await waitFor(() => expect(queryClient.getQueryData(['session'])).toBeNull());
    expect(window.localStorage.getItem('tend.current-user')).toBeNull();
  });

  it('says a wrong password and keeps the account and the dialog', async () => {
    const me = makeUser({ id: 7 });
    const http = mockFetch({
      'GET /api/session': session(me),
      'DELETE /api/users/7': { status: 422, body: { errors: [ORIGINAL_PASSWORD_INCORRECT_MESSAGE] } },
    });
    renderScreen(<DeleteAccountSection user={me} />, { path: '/account', user: me });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete account?' });
    // Enter in the field submits.
    await user.type(within(dialog).getByLabelText('Password'), 'Wrong-passw0rd{Enter}');
    expect(await screen.findByText(ORIGINAL_PASSWORD_INCORRECT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete account?' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/account');
    expect(http.callsTo('DELETE', '/api/users/7')).toHaveLength(1);
  });

  it('keeps the dialog closable with Cancel and reports a failed deletion', async () => {
    const me = makeUser({ id: 7 });
    mockFetch({ 'GET /api/session': session(me), 'DELETE /api/users/7': { status: 500 } });
    renderScreen(<DeleteAccountSection user={me} />, { path: '/account', user: me });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Password'), 'Passw0rd!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText(DELETE_ACCOUNT_FAILED_MESSAGE)).toBeInTheDocument();
  });
});
