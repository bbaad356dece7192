import { onSettingsChanged, chromeLocalArea, DEFAULT_APP_ORIGIN, SettingsStore } from '../shared/settings';
import { startOptions } from './options-app';

const root = document.getElementById('app');
if (root) {
  void startOptions({
    root,
    settings: new SettingsStore(chromeLocalArea()),
    extensionId: chrome.runtime.id,
    builtOrigin: DEFAULT_APP_ORIGIN,
  }).then((page) => onSettingsChanged(() => void page.refresh()));
}
