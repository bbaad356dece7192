import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { ConnectedExtensionsSection, EXTENSION_DISCONNECTED_MESSAGE } from './connected-extensions-section';

const me = makeUser({ id: 7 });
const session = { body: me, headers: { 'X-CSRF-Token': 't' } };
const laptop = {
  id: 3,
  extension_id: 'abcdefghijklmnopabcdefghijklmnop',
  browser: 'Chrome on macOS',
  created_at: '2026-03-02T10:00:00Z',
  last_used_at: '2026-03-04T09:00:00Z',
};
const desktop = { ...laptop, id: 4, browser: null, created_at: '2026-02-01T10:00:00Z', last_used_at: null };

describe('ConnectedExtensionsSection', () => {
  it('lists connected extensions with their last use, and disconnects one after confirming', async () => {
    const http = mockFetch({
      'GET /api/session': session,
      'GET /api/extension-tokens': [{ body: [laptop, desktop] }, { body: [desktop] }],
      'DELETE /api/extension-tokens/3': { status: 204 },
    });
    renderScreen(<ConnectedExtensionsSection />, { path: '/settings', user: me });
    const list = await screen.findByRole('list', { name: 'Connected extensions' });
    expect(within(list).getByText('Chrome on macOS')).toBeInTheDocument();
    expect(within(list).getByText('Connected March 2, 2026 · Last used March 4, 2026')).toBeInTheDocument();
    expect(within(list).getByText('Connected February 1, 2026 · Not used yet')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Disconnect Chrome on macOS/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect extension?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(EXTENSION_DISCONNECTED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Chrome on macOS')).not.toBeInTheDocument());
    expect(http.callsTo('DELETE', '/api/extension-tokens/3')).toHaveLength(1);
  });

  it('says when no extension is connected', async () => {
    mockFetch({ 'GET /api/extension-tokens': { body: [] } });
    renderScreen(<ConnectedExtensionsSection />, { path: '/settings', user: me });
    expect(await screen.findByText('No extension is connected.')).toBeInTheDocument();
  });
});
