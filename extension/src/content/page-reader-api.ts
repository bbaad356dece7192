import type { LinkedInProfile } from '../linkedin/read-profile';
import type { PhotoReading, PhotoRect } from '../linkedin/read-photo';

/** What the injected content script offers the popup (in the tab's isolated world). */
export interface PageReader {
  readProfile(): LinkedInProfile | null;
  readPhoto(url: string): Promise<PhotoReading>;
  locatePhoto(url: string): PhotoRect | null;
}

declare global {
  var __tendPageReader: PageReader | undefined;
}
