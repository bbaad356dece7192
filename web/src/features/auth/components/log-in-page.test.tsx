import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { LOG_IN_FAILED_MESSAGE } from '../messages';
import { LogInPage } from './log-in-page';

const session = { body: {}, headers: { 'X-CSRF-Token': 'csrf' } };

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  renderScreen(<LogInPage />, { path: '/login', user: null });
  if (email) await user.type(screen.getByLabelText('Email address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  return { user, button: screen.getByRole('button', { name: 'Log in' }) };
}

describe('LogInPage', () => {
  it('keeps "Log in" disabled until both fields are filled', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderScreen(<LogInPage />, { path: '/login', user: null });
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(button).toBeEnabled();
  });

  it('links to the forgot-password and sign-up screens', async () => {
    mockFetch({});
    await logIn('', '');
    expect(screen.getByRole('link', { name: 'Forgot Your Password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it("shows only the server's first error in the warning box", async () => {
    mockFetch({
      'GET /api/session': session,
      'POST /api/session': { status: 401, body: { errors: ['Invalid email or password.', 'Second message'] } },
    });
    const { user, button } = await logIn('ada@example.com', 'wrong');
    await user.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password.');
    expect(alert).not.toHaveTextContent('Second message');
  });

  it('shows the throttling message of a 429', async () => {
    mockFetch({
      'GET /api/session': session,
      'POST /api/session': { status: 429, body: { errors: ['Too many attempts. Try again in 15 minutes.'] } },
    });
    const { user, button } = await logIn('ada@example.com', 'wrong');
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
  });

  it("shows the spec's login failure text when the request fails without a message", async () => {
    mockFetch({ 'GET /api/session': session, 'POST /api/session': { status: 500 } });
    const { user, button } = await logIn('ada@example.com', 'pw');
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(LOG_IN_FAILED_MESSAGE);
  });

  it('signs in with the lower-cased email and time zone, then goes to the board', async () => {
    const http = mockFetch({ 'GET /api/session': session, 'POST /api/session': { body: makeUser() } });
    const { user, button } = await logIn('Ada@Example.com ', 'Secret123');
    await user.click(button);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/kanban'));
    expect(http.callsTo('POST', '/api/session')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'Secret123',
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
