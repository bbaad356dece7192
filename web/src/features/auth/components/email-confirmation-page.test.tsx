import { VERIFICATION_SENT_MESSAGE } from '@tend/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { RESEND_VERIFICATION_FAILED_MESSAGE } from '../messages';
import { EmailConfirmationPage } from './email-confirmation-page';

const path = '/email-confirmation/:email';
const session = (body: unknown) => ({ body, headers: { 'X-CSRF-Token': 't' } });

describe('EmailConfirmationPage', () => {
  it('asks to confirm the address it was sent to', () => {
    const unverified = makeUser({ email: 'new@example.com', email_verified: false, plan: null });
    mockFetch({ 'GET /api/session': session(unverified) });
    renderScreen(<EmailConfirmationPage />, { path, url: '/email-confirmation/new@example.com', user: unverified });
    expect(screen.getByRole('heading', { name: 'Confirm your email address' })).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(screen.getByText(/check your junk or spam folder/)).toBeInTheDocument();
  });

  it('resends the verification for the signed-in user and confirms with a toast', async () => {
    const unverified = makeUser({ id: 9, email: 'new@example.com', email_verified: false, plan: null });
    const http = mockFetch({
      'GET /api/session': session(unverified),
      'POST /api/send-email-verification': { status: 202, body: { message: 'sent' } },
    });
    renderScreen(<EmailConfirmationPage />, { path, url: '/email-confirmation/new@example.com', user: unverified });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(VERIFICATION_SENT_MESSAGE)).toBeInTheDocument();
    expect(http.callsTo('POST', '/api/send-email-verification')[0]?.body).toEqual({ user_id: 9 });
  });

  it('resends for the pending address of a verified user changing email', async () => {
    const changing = makeUser({ id: 9, email: 'old@example.com', desired_email: 'new@example.com' });
    const http = mockFetch({
      'GET /api/session': session(changing),
      'POST /api/send-email-verification': { status: 202, body: {} },
    });
    renderScreen(<EmailConfirmationPage />, { path, url: '/email-confirmation/new@example.com', user: changing });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend verification email' }));
    await screen.findByText(VERIFICATION_SENT_MESSAGE);
    expect(http.callsTo('POST', '/api/send-email-verification')[0]?.body).toEqual({
      user_id: 9,
      is_update: true,
      desired_email: 'new@example.com',
    });
  });

  it('sends the address from the URL for a signed-out visitor and shows the failure text', async () => {
    const http = mockFetch({
      'GET /api/session': session({}),
      'POST /api/send-email-verification': { status: 429, body: { errors: ['Too many requests.'] } },
    });
    renderScreen(<EmailConfirmationPage />, { path, url: '/email-confirmation/new@example.com', user: null });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(`${RESEND_VERIFICATION_FAILED_MESSAGE}Too many requests.`)).toBeInTheDocument();
    expect(http.callsTo('POST', '/api/send-email-verification')[0]?.body).toEqual({ email: 'new@example.com' });
  });

  it('uses a token from the link exactly once, then shows the verified state without the token', async () => {
    const unverified = makeUser({ email: 'new@example.com', email_verified: false, plan: null });
    const verified = { ...unverified, email_verified: true };
    const http = mockFetch({
      'GET /api/session': [session(unverified), session(verified)],
      'POST /api/verify-email': { body: verified },
    });
    const { router } = renderScreen(<EmailConfirmationPage />, {
      path,
      url: '/email-confirmation/new@example.com?token=abc123',
      user: unverified,
    });
    expect(await screen.findByRole('heading', { name: 'Email address verified!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/kanban');
    expect(router.state.location.search).toBe('');
    expect(http.callsTo('POST', '/api/verify-email')).toHaveLength(1);
    expect(http.callsTo('POST', '/api/verify-email')[0]?.body).toEqual({ token: 'abc123' });
  });

  it("says 'Email address updated!' after confirming a new address", async () => {
    const changing = makeUser({ email: 'old@example.com', desired_email: 'new@example.com' });
    const updated = { ...changing, email: 'new@example.com', desired_email: null };
    mockFetch({ 'GET /api/session': session(updated), 'POST /api/verify-email': { body: updated } });
    renderScreen(<EmailConfirmationPage />, {
      path,
      url: '/email-confirmation/new@example.com?token=t1',
      user: changing,
    });
    expect(await screen.findByRole('heading', { name: 'Email address updated!' })).toBeInTheDocument();
  });

  it('tells a signed-out visitor the address is verified and offers to log in', async () => {
    mockFetch({
      'GET /api/session': session({}),
      'POST /api/verify-email': { body: { verified: true, email: 'new@example.com' } },
    });
    renderScreen(<EmailConfirmationPage />, { path, url: '/email-confirmation/new@example.com?token=t1', user: null });
    expect(await screen.findByRole('heading', { name: 'Email address verified!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('explains a bad or expired link and still offers a resend', async () => {
    mockFetch({
      'GET /api/session': session({}),
      'POST /api/verify-email': {
        status: 400,
        body: { errors: ['This confirmation link is invalid or has expired.'] },
      },
    });
    renderScreen(<EmailConfirmationPage />, { path, url: '/email-confirmation/new@example.com?token=bad', user: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid or has expired.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeEnabled());
  });
});
