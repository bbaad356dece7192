import { FORGOT_PASSWORD_SENT_MESSAGE } from '@tend/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { ForgotPasswordEmailSentPage } from './forgot-password-email-sent-page';

describe('ForgotPasswordEmailSentPage', () => {
  it("says what to do, with 'No email input' as the reason, when reached without an email in navigation state", () => {
    mockFetch({});
    renderScreen(<ForgotPasswordEmailSentPage />, { path: '/forgot-password-email-sent', user: null });
    expect(screen.getByRole('heading', { name: 'Which email should we send the link to?' })).toBeInTheDocument();
    expect(screen.getByText(/^No email input: /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend email' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter your email' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
  });

  it('ignores navigation state without a usable email', () => {
    mockFetch({});
    renderScreen(<ForgotPasswordEmailSentPage />, {
      path: '/forgot-password-email-sent',
      user: null,
      state: { email: '' },
    });
    expect(screen.getByText(/^No email input: /)).toBeInTheDocument();
  });

  it('names the address and resends the email on request', async () => {
    const http = mockFetch({
      'GET /api/session': { body: {}, headers: { 'X-CSRF-Token': 't' } },
      'POST /api/forgot-password': { status: 202, body: { message: FORGOT_PASSWORD_SENT_MESSAGE } },
    });
    renderScreen(<ForgotPasswordEmailSentPage />, {
      path: '/forgot-password-email-sent',
      user: null,
      state: { email: 'ada@example.com' },
    });
    expect(screen.queryByText('No email input')).not.toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText(FORGOT_PASSWORD_SENT_MESSAGE)).toBeInTheDocument();
    expect(http.callsTo('POST', '/api/forgot-password')[0]?.body).toEqual({ email: 'ada@example.com' });
  });
});
