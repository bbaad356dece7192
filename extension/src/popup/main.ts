import { createTendApi } from '../api/tend-api';
import { chromeLocalArea, manifestAppOrigin, SettingsStore } from '../shared/settings';
import { chromePageAccess } from './page-access';
import { startPopup } from './popup-app';

const root = document.getElementById('app');
if (root) {
  void startPopup({
    root,
    extensionId: chrome.runtime.id,
    settings: new SettingsStore(chromeLocalArea(), manifestAppOrigin()),
    page: chromePageAccess(),
    createApi: (origin, token) => createTendApi({ origin, token }),
    openOptions: () => void chrome.runtime.openOptionsPage(),
  });
}
document.getElementById('options-link')?.addEventListener('click', (event) => {
  event.preventDefault();
  void chrome.runtime.openOptionsPage();
});
