/** The options page: the app's address, the connection, and Disconnect. */
import { APP_ORIGIN_RULE, normaliseAppOrigin } from '../shared/app-origin';
import { h, show } from '../shared/dom';
import type { SettingsStore } from '../shared/settings';

export interface OptionsDeps {
  root: HTMLElement;
  settings: SettingsStore;
  extensionId: string;
  /** The origin this build grants host access and messaging to (the manifest's). */
  builtOrigin: string;
}

export interface OptionsPage {
  /** Redraws the connection state (after a token arrives or is forgotten elsewhere). */
  refresh(): Promise<void>;
}

export async function startOptions(deps: OptionsDeps): Promise<OptionsPage> {
  const { settings } = deps;

  const input = h('input', {
    id: 'app-origin',
    name: 'appOrigin',
    type: 'url',
    required: true,
    'aria-required': 'true',
    'aria-describedby': 'app-origin-hint',
    autocomplete: 'url',
    spellcheck: 'false',
  });
  const error = h('p', { className: 'alert alert--error', id: 'app-origin-error', role: 'alert', hidden: true });
  const saved = h('p', { className: 'muted', role: 'status' });
  const form = h(
    'form',
    { className: 'card form', novalidate: true, 'aria-labelledby': 'address-title' },
    h('h2', { id: 'address-title' }, 'Tend address'),
    h(
      'div',
      { className: 'field' },
      h('label', { for: 'app-origin' }, 'Address of your Tend app'),
      input,
      h(
        'p',
        { className: 'muted small', id: 'app-origin-hint' },
        `${APP_ORIGIN_RULE} Changing it disconnects this browser.`,
      ),
    ),
    error,
    h('div', { className: 'actions' }, h('button', { className: 'btn btn--primary', type: 'submit' }, 'Save address')),
    saved,
  );

  const state = h('p', { id: 'connection-state' });
  const notice = h('p', { className: 'alert alert--warning', hidden: true });
  const disconnect = h('button', { className: 'btn btn--secondary', type: 'button', hidden: true }, 'Disconnect');
  const connect = h(
    'a',
    { className: 'btn btn--primary', target: '_blank', rel: 'noopener noreferrer', hidden: true },
    'Connect to Tend',
  );
  const connectionStatus = h('p', { className: 'muted', role: 'status' });
  const connection = h(
    'section',
    { className: 'card form', 'aria-labelledby': 'connection-title' },
    h('h2', { id: 'connection-title' }, 'Connection'),
    state,
    notice,
    h('div', { className: 'actions' }, disconnect, connect),
    connectionStatus,
  );

  const page = h(
    'div',
    { className: 'options' },
    h('h1', {}, 'Tend for Chrome'),
    h(
      'p',
      { className: 'muted' },
      'Saves the LinkedIn profile you are looking at to your Tend board, when you click the Tend button. It never reads other pages.',
    ),
    form,
    connection,
  );

  async function refresh(): Promise<void> {
    const current = await settings.load();
    if (document.activeElement !== input) input.value = current.appOrigin;
    state.textContent = current.token ? `Connected to Tend at ${current.appOrigin}.` : 'Not connected.';
    disconnect.hidden = !current.token;
    connect.hidden = Boolean(current.token);
    connect.setAttribute(
      'href',
      `${current.appOrigin}/extension/connect?extension_id=${encodeURIComponent(deps.extensionId)}`,
    );
    notice.hidden = current.appOrigin === deps.builtOrigin;
    notice.textContent =
      `This copy of the extension was built for ${deps.builtOrigin}: Chrome lets it reach and connect to that address only. ` +
      `For Tend at ${current.appOrigin}, build it with APP_URL=${current.appOrigin}.`;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      saved.textContent = '';
      const origin = normaliseAppOrigin(input.value);
      input.setAttribute('aria-invalid', String(origin === null));
      error.hidden = origin !== null;
      if (!origin) {
        error.textContent = `That is not a usable address. ${APP_ORIGIN_RULE}`;
        input.setAttribute('aria-errormessage', 'app-origin-error');
        input.focus();
        return;
      }
      input.removeAttribute('aria-errormessage');
      await settings.setAppOrigin(origin);
      input.value = origin;
      await refresh();
      saved.textContent = `Saved: ${origin}.`;
    })();
  });

  disconnect.addEventListener('click', () => {
    void (async () => {
      await settings.clearToken();
      await refresh();
      connectionStatus.textContent =
        'Disconnected: this browser forgot its token. To revoke the token itself, remove it in Tend’s Settings.';
      connect.focus();
    })();
  });

  await refresh();
  show(deps.root, page, null);
  return { refresh };
}
