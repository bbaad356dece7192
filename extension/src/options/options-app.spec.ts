import { within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../shared/settings';
import { memoryArea } from '../test/memory-area';
import { startOptions } from './options-app';

const EXTENSION_ID = 'abcdefghijklmnopabcdefghijklmnop';
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
let root: HTMLElement;

beforeEach(() => {
  document.body.innerHTML = '<main id="app"></main>';
  root = document.getElementById('app') as HTMLElement;
});

async function openOptions(stored: Record<string, unknown> = {}) {
  const area = memoryArea(stored);
  const settings = new SettingsStore(area, 'http://localhost:3000');
  const page = await startOptions({ root, settings, extensionId: EXTENSION_ID, builtOrigin: 'http://localhost:3000' });
  return { area, settings, page, screen: within(root), user: userEvent.setup() };
}

describe('the options page', () => {
  it('shows the app address (the build’s by default) and that the browser is not connected', async () => {
    const { screen } = await openOptions();
    expect(screen.getByLabelText('Address of your Tend app')).toHaveValue('http://localhost:3000');
    expect(screen.getByText('Not connected.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect to Tend' })).toHaveAttribute(
      'href',
      `http://localhost:3000/extension/connect?extension_id=${EXTENSION_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
  });

  it('refuses an address that is not an app origin, and says what is expected', async () => {
    const { screen, user, area } = await openOptions();
    const input = screen.getByLabelText('Address of your Tend app');
    for (const bad of ['tend.example.com', 'http://tend.example.com', 'ftp://tend.example.com']) {
      await user.clear(input);
      await user.type(input, bad);
      await user.click(screen.getByRole('button', { name: 'Save address' }));
      expect(screen.getByRole('alert').textContent).toMatch(
        /^That is not a usable address\. Use the address of your Tend app/,
      );
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveFocus();
    }
    expect(area.data.has('appOrigin')).toBe(false);
  });

  it('saves a new address as an origin, which disconnects, and explains what the build allows', async () => {
    const { screen, user, area } = await openOptions({ token: TOKEN });
    expect(screen.getByText('Connected to Tend at http://localhost:3000.')).toBeInTheDocument();
    const input = screen.getByLabelText('Address of your Tend app');
    await user.clear(input);
    await user.type(input, 'https://tend.example.com/kanban');
    await user.keyboard('{Enter}');
    await within(root).findByText('Saved: https://tend.example.com.');
    expect(input).toHaveValue('https://tend.example.com');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(area.data.get('appOrigin')).toBe('https://tend.example.com');
    expect(area.data.has('token')).toBe(false);
    expect(screen.getByText('Not connected.')).toBeInTheDocument();
    expect(screen.getByText(/built for http:\/\/localhost:3000/).textContent).toBe(
      'This copy of the extension was built for http://localhost:3000: Chrome lets it reach and connect to that address only. For Tend at https://tend.example.com, build it with APP_URL=https://tend.example.com.',
    );
    expect(screen.getByRole('link', { name: 'Connect to Tend' })).toHaveAttribute(
      'href',
      `https://tend.example.com/extension/connect?extension_id=${EXTENSION_ID}`,
    );
  });

  it('disconnects: forgets the token here and says how to revoke it', async () => {
    const { screen, user, area } = await openOptions({ token: TOKEN });
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    await within(root).findByText('Not connected.');
    expect(area.data.has('token')).toBe(false);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
      'Disconnected: this browser forgot its token. To revoke the token itself, remove it in Tend’s Settings.',
    );
    expect(screen.getByRole('link', { name: 'Connect to Tend' })).toHaveFocus();
  });

  it('shows a connection made elsewhere when refreshed (storage change)', async () => {
    const { screen, page, settings } = await openOptions();
    await settings.setToken(TOKEN);
    await page.refresh();
    expect(screen.getByText('Connected to Tend at http://localhost:3000.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeVisible();
  });
});
