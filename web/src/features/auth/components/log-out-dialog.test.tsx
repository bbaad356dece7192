import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderScreen } from '@/test/render';
import { LOG_OUT_FAILED_MESSAGE } from '../messages';
import { LogOutDialog } from './log-out-dialog';

describe('LogOutDialog', () => {
  it("shows the spec's text and logs out to the landing page", async () => {
    const http = mockFetch({
      'GET /api/session': { body: {}, headers: { 'X-CSRF-Token': 'anon' } },
      'DELETE /api/session': { status: 204 },
    });
    window.localStorage.setItem('tend.csrf-token', 't');
    const onOpenChange = vi.fn();
    const { queryClient } = renderScreen(<LogOutDialog open onOpenChange={onOpenChange} />, {
      path: '/kanban',
      user: makeUser(),
    });
    const dialog = screen.getByRole('dialog', { name: 'Log out?' });
    expect(dialog).toHaveTextContent('Great job growing and maintaining your network!');
    expect(dialog).toHaveTextContent('You deserve a break.');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(http.callsTo('DELETE', '/api/session')).toHaveLength(1);
    expect(queryClient.getQueryData(['session'])).toBeNull();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('stays open and says so when logging out fails', async () => {
    window.localStorage.setItem('tend.csrf-token', 't');
    mockFetch({ 'GET /api/session': { body: makeUser() }, 'DELETE /api/session': { status: 500 } });
    renderScreen(<LogOutDialog open onOpenChange={() => {}} />, { path: '/kanban', user: makeUser() });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText(LOG_OUT_FAILED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Log out?' })).toBeInTheDocument();
  });
});
