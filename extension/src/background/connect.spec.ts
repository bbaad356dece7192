import { describe, expect, it } from 'vitest';
import { SettingsStore } from '../shared/settings';
import { memoryArea } from '../test/memory-area';
import { handleExternalMessage, isConnectMessage } from './connect';

const TOKEN = 'tnd_4f9c1b7e2a6d8f0c3b5e7a9d1c2f4e6b';

function setup(stored: Record<string, unknown> = {}) {
  const area = memoryArea(stored);
  return { area, settings: new SettingsStore(area, 'http://localhost:3000') };
}

describe('the connect hand-over', () => {
  it('stores the token sent by the app’s connect page and answers ok', async () => {
    const { area, settings } = setup();
    const reply = await handleExternalMessage(
      { type: 'tend-connect', token: TOKEN },
      { origin: 'http://localhost:3000', url: 'http://localhost:3000/extension/connect?extension_id=x' },
      settings,
    );
    expect(reply).toEqual({ ok: true });
    expect(area.data.get('token')).toBe(TOKEN);
  });

  it('takes the sender’s origin from its URL when Chrome gives no origin', async () => {
    const { settings } = setup();
    const reply = await handleExternalMessage(
      { type: 'tend-connect', token: TOKEN },
      { url: 'http://localhost:3000/extension/connect' },
      settings,
    );
    expect(reply).toEqual({ ok: true });
  });

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['a look-alike host', { origin: 'http://localhost:3000.evil.example' }],
    ['another port', { origin: 'http://localhost:3001' }],
    ['https instead of http', { origin: 'https://localhost:3000' }],
    ['no origin at all', {}],
    ['a URL that does not parse', { url: 'not a url' }],
  ])('refuses a token from %s and stores nothing', async (_what, sender) => {
    const { area, settings } = setup();
    const reply = await handleExternalMessage({ type: 'tend-connect', token: TOKEN }, sender, settings);
    expect(reply).toEqual({ ok: false, error: 'This extension connects only to Tend at http://localhost:3000.' });
    expect(area.data.has('token')).toBe(false);
  });

  it('follows the origin chosen in the options', async () => {
    const { area, settings } = setup({ appOrigin: 'https://tend.example.com' });
    const sender = { origin: 'https://tend.example.com' };
    expect(await handleExternalMessage({ type: 'tend-connect', token: TOKEN }, sender, settings)).toEqual({ ok: true });
    expect(
      await handleExternalMessage(
        { type: 'tend-connect', token: TOKEN },
        { origin: 'http://localhost:3000' },
        settings,
      ),
    ).toMatchObject({ ok: false });
    expect(area.data.get('token')).toBe(TOKEN);
  });

  it('refuses anything that is not a well-formed connect message, even from the app', async () => {
    const { area, settings } = setup();
    const sender = { origin: 'http://localhost:3000' };
    for (const message of [
      null,
      'tend-connect',
      { type: 'tend-connect' },
      { type: 'tend-connect', token: 42 },
      { type: 'tend-connect', token: 'short' },
      { type: 'tend-connect', token: `${TOKEN} extra` },
      { type: 'tend-connect', token: 'x'.repeat(513) },
      { type: 'connect', token: TOKEN },
    ]) {
      expect(await handleExternalMessage(message, sender, settings)).toEqual({
        ok: false,
        error: 'Not a Tend connection message.',
      });
    }
    expect(area.data.has('token')).toBe(false);
  });

  it('knows a connect message', () => {
    expect(isConnectMessage({ type: 'tend-connect', token: TOKEN })).toBe(true);
    expect(isConnectMessage({ type: 'tend-connect', token: 'A'.repeat(20) })).toBe(true);
    expect(isConnectMessage({ type: 'tend-connect', token: 'A'.repeat(19) })).toBe(false);
  });
});
