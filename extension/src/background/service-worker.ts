/**
 * The background service worker does one thing: take the connection token the app's connect
 * page hands over. It never looks at LinkedIn and wakes only for that message.
 */
import { chromeLocalArea, manifestAppOrigin, SettingsStore } from '../shared/settings';
import { handleExternalMessage } from './connect';

const settings = new SettingsStore(chromeLocalArea(), manifestAppOrigin());

chrome.runtime.onMessageExternal.addListener((message, sender, sendResponse) => {
  handleExternalMessage(message, sender, settings).then(sendResponse, (error: unknown) =>
    sendResponse({ ok: false, error: String(error) }),
  );
  return true; // the answer comes asynchronously
});
