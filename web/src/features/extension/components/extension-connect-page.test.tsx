import { EXTENSION_TOKEN_MESSAGES } from '@tend/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { makeUser } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { EXTENSION_NOT_REACHED_MESSAGE } from '../utils/extension-messaging';
import { ExtensionConnectPage } from './extension-connect-page';

const me = makeUser({ id: 7, email: 'ada@example.com' });
const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const TOKEN = `tend_${'a'.repeat(43)}`;
const issued = {
  status: 201,
  body: {
    token: TOKEN,
    extension: {
      id: 3,
      extension_id: EXTENSION_ID,
      browser: 'Chrome on Linux',
      created_at: '2026-01-01T00:00:00Z',
      last_used_at: null,
    },
  },
};

/** What Chrome gives a page that an installed extension lists in `externally_connectable`. */
function fakeRuntime(reply: unknown, { lastError }: { lastError?: string } = {}) {
  const runtime = {
    lastError: undefined as { message: string } | undefined,
    sendMessage: vi.fn((_id: string, _message: unknown, callback: (reply: unknown) => void) => {
      runtime.lastError = lastError ? { message: lastError } : undefined;
      callback(reply);
    }),
  };
  vi.stubGlobal('chrome', { runtime });
  return runtime;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function open(search = `?extension_id=${EXTENSION_ID}`) {
  return renderScreen(<ExtensionConnectPage />, {
    path: '/extension/connect',
    url: `/extension/connect${search}`,
    user: me,
  });
}

describe('ExtensionConnectPage', () => {
  it('says what the extension may and may not do, then issues a token and hands it to that extension', async () => {
    const http = mockFetch({
      'GET /api/session': { body: me, headers: { 'X-CSRF-Token': 't' } },
      'POST /api/extension-tokens': issued,
    });
    const runtime = fakeRuntime({ ok: true });
    open();
    expect(screen.getByRole('heading', { name: 'Connect the Tend extension' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(
      screen.getByText('Log that you contacted someone on your board, or snooze their follow-up'),
    ).toBeInTheDocument();
    expect(screen.getByText('See billing or change your plan')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { name: 'The extension is connected' })).toHaveFocus();
    expect(http.callsTo('POST', '/api/extension-tokens')[0]?.body).toEqual({ extension_id: EXTENSION_ID });
    expect(http.callsTo('DELETE', '/api/extension-tokens/3')).toHaveLength(0);
    expect(runtime.sendMessage).toHaveBeenCalledWith(
      EXTENSION_ID,
      { type: 'tend-connect', token: TOKEN },
      expect.any(Function),
    );
  });

  it('explains how to get here when the link has no valid extension id, and offers no Connect', () => {
    mockFetch({});
    open('?extension_id=ABC');
    expect(screen.getByRole('heading', { name: 'Open this page from the extension' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to install the extension' })).toHaveAttribute('href', '/extension');
  });

  it('issues no token in a browser where no Tend extension can be reached', async () => {
    const http = mockFetch({ 'POST /api/extension-tokens': issued });
    open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/This browser has no Tend extension/)).toBeInTheDocument();
    expect(http.callsTo('POST', '/api/extension-tokens')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("shows the extension's refusal, or that it did not answer, and revokes the token it did not take", async () => {
    const http = mockFetch({
      'GET /api/session': { body: me, headers: { 'X-CSRF-Token': 't' } },
      'POST /api/extension-tokens': issued,
      'DELETE /api/extension-tokens/3': { status: 204 },
    });
    fakeRuntime({ ok: false, error: 'This extension connects only to Tend at https://tend.example.com.' });
    open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(
      await screen.findByText('This extension connects only to Tend at https://tend.example.com.'),
    ).toBeInTheDocument();
    expect(http.callsTo('DELETE', '/api/extension-tokens/3')).toHaveLength(1);

    fakeRuntime(undefined, { lastError: 'Could not establish connection. Receiving end does not exist.' });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText(EXTENSION_NOT_REACHED_MESSAGE)).toBeInTheDocument());
    expect(http.callsTo('DELETE', '/api/extension-tokens/3')).toHaveLength(2);
  });

  it("shows the server's reason when it refuses to connect", async () => {
    mockFetch({
      'GET /api/session': { body: me, headers: { 'X-CSRF-Token': 't' } },
      'POST /api/extension-tokens': { status: 409, body: { errors: [EXTENSION_TOKEN_MESSAGES.tooMany] } },
    });
    fakeRuntime({ ok: true });
    open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(EXTENSION_TOKEN_MESSAGES.tooMany)).toBeInTheDocument();
  });
});
