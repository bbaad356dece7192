import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { AccountScreen } from './account-screen';

describe('AccountScreen', () => {
  it("puts billing's plan and account deletion under the page's header, the signed-in user's", async () => {
    const me = makeUser({ plan: 'free', stripe_id: null });
    mockFetch({ 'GET /api/session': { body: me } });
    renderScreen(<AccountScreen />, { path: '/account', user: me });
    expect(document.title).toBe('Account · Tend');
    expect(screen.getByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Board' })).toHaveAttribute('href', '/kanban');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent?.trim())).toEqual([
      'Free plan',
      'Delete Account',
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByRole('dialog', { name: 'Delete account?' })).toBeInTheDocument();
  });
});
