import { chromeLocalArea, manifestAppOrigin, onSettingsChanged, SettingsStore } from '../shared/settings';
import { startOptions } from './options-app';

const root = document.getElementById('app');
if (root) {
  void startOptions({
    root,
    settings: new SettingsStore(chromeLocalArea(), manifestAppOrigin()),
    extensionId: chrome.runtime.id,
    builtOrigin: manifestAppOrigin(),
  }).then((page) => onSettingsChanged(() => void page.refresh()));
}
