/**
 * Injected into the LinkedIn tab by the popup (`chrome.scripting.executeScript`, under
 * `activeTab`: only after the user clicked the toolbar button, only into that tab). It defines
 * the reader in the extension's isolated world, where the popup's next calls find it; it reads
 * only the page the user is looking at and sends nothing anywhere.
 */
import { locatePhoto, readPhotoInPage } from '../linkedin/read-photo';
import { readProfile } from '../linkedin/read-profile';
import type { PageReader } from './page-reader-api';

const reader: PageReader = {
  readProfile: () => readProfile(document, location.href),
  readPhoto: (url) => readPhotoInPage(url, document),
  locatePhoto: (url) => locatePhoto(document, url),
};

globalThis.__tendPageReader = reader;
