import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { PasswordUpdatedPage } from './password-updated-page';

describe('PasswordUpdatedPage', () => {
  it('says the password was updated and, after a password change, forgets the signed-in user', async () => {
    const me = makeUser({ id: 7, email: 'ada@example.com' });
    window.localStorage.setItem('tend.current-user', JSON.stringify(me));
    const http = mockFetch({ 'GET /api/session': { body: {}, headers: { 'X-CSRF-Token': 'after' } } });
    const { queryClient } = renderScreen(<PasswordUpdatedPage />, {
      path: '/password-updated',
      user: me,
      state: { finishLogout: true },
    });
    // The spec's sentence, once: as the page's heading (it was a heading and then the same words again).
    expect(
      screen.getByRole('heading', { level: 1, name: 'Password updated! Please log in using your new password.' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/Password updated/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(queryClient.getQueryData(['session'])).toBeNull());
    expect(window.localStorage.getItem('tend.current-user')).toBeNull();
    expect(http.callsTo('GET', '/api/session')).toHaveLength(1);
  });

  it('leaves the session alone when reached without a password change', () => {
    const me = makeUser({ id: 7 });
    const { queryClient } = renderScreen(<PasswordUpdatedPage />, { path: '/password-updated', user: me });
    expect(queryClient.getQueryData(['session'])).toEqual(me);
  });
});
