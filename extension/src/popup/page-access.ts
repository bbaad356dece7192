/**
 * The popup's reach into the tab the user is looking at: which page it is, and, on a LinkedIn
 * profile, what it shows. Everything here runs under `activeTab`: Chrome grants it for the
 * current tab when the user clicks the toolbar button, and only then.
 */
// The reader's global (`__tendPageReader`) is declared with its interface.
import type {} from '../content/page-reader-api';
import type { PhotoRect } from '../linkedin/read-photo';
import type { LinkedInProfile } from '../linkedin/read-profile';
import { blobToPagePhoto, dataUrlBytes, type PagePhoto } from '../shared/photo-bytes';

export interface ActiveTab {
  id: number;
  windowId: number;
  url: string;
}

export type PhotoOutcome = { photo: PagePhoto; via: 'fetch' | 'canvas' | 'capture' } | { photo: null; reason: string };

export interface PageAccess {
  activeTab(): Promise<ActiveTab | null>;
  /** Injects the reader and reads the profile (one injection); throws when the page cannot be scripted. */
  readProfile(tab: ActiveTab): Promise<LinkedInProfile | null>;
  /** The photo's bytes, or why they could not be had. Never throws. */
  readPhoto(tab: ActiveTab, photoUrl: string): Promise<PhotoOutcome>;
}

/** The reader bundle the build writes next to the manifest (`vite.content.config.ts`). */
export const PAGE_READER_FILE = 'content.js';

export function chromePageAccess(): PageAccess {
  async function run<Args extends unknown[], Result>(
    tab: ActiveTab,
    func: (...args: Args) => Result | Promise<Result>,
    args: Args,
  ): Promise<Result | undefined> {
    const [injection] = await chrome.scripting.executeScript({ target: { tabId: tab.id }, func, args });
    return injection?.result;
  }

  return {
    async activeTab() {
      const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
      if (!tab || tab.id === undefined || !tab.url) return null;
      return { id: tab.id, windowId: tab.windowId, url: tab.url };
    },

    async readProfile(tab) {
      // The reader's file ends by reading the profile (vite.content.config.ts): its result is the
      // injection's, so one call both defines the reader and reads the page.
      const [injection] = await chrome.scripting.executeScript({
        target: { tabId: tab.id },
        files: [PAGE_READER_FILE],
      });
      return (injection?.result as LinkedInProfile | null | undefined) ?? null;
    },

    async readPhoto(tab, photoUrl) {
      const reasons: string[] = [];
      try {
        const reading = await run(tab, (url: string) => globalThis.__tendPageReader?.readPhoto(url) ?? null, [
          photoUrl,
        ]);
        if (reading?.ok) return { photo: reading.photo, via: reading.via };
        reasons.push(reading ? reading.reason : 'the page reader is not there');
      } catch (error) {
        reasons.push(String(error));
      }
      try {
        const rect = await run(tab, (url: string) => globalThis.__tendPageReader?.locatePhoto(url) ?? null, [photoUrl]);
        if (!rect) {
          reasons.push('capture: the photo is not in view');
        } else {
          const screen = await chrome.tabs.captureVisibleTab(tab.windowId, { format: 'png' });
          const photo = await cropCapture(screen, rect);
          if (photo) return { photo, via: 'capture' };
          reasons.push('capture: nothing to crop');
        }
      } catch (error) {
        reasons.push(`capture: ${String(error)}`);
      }
      return { photo: null, reason: reasons.join('; ') };
    },
  };
}

export interface CropBox {
  sx: number;
  sy: number;
  size: number;
}

/**
 * The square of a capture of the visible tab that shows the photo. The capture is in device
 * pixels: its width over the viewport's CSS width is the scale (device pixel ratio and zoom).
 */
export function captureCrop(rect: PhotoRect, captureWidth: number, captureHeight: number): CropBox | null {
  if (rect.viewportWidth <= 0 || captureWidth <= 0) return null;
  const scale = captureWidth / rect.viewportWidth;
  const size = Math.floor(Math.min(rect.width, rect.height) * scale);
  const sx = Math.round((rect.x + (rect.width - Math.min(rect.width, rect.height)) / 2) * scale);
  const sy = Math.round((rect.y + (rect.height - Math.min(rect.width, rect.height)) / 2) * scale);
  if (size < 32 || sx < 0 || sy < 0 || sx + size > captureWidth || sy + size > captureHeight) return null;
  return { sx, sy, size };
}

async function cropCapture(screenDataUrl: string, rect: PhotoRect): Promise<PagePhoto | null> {
  const capture = dataUrlBytes(screenDataUrl);
  if (!capture) return null;
  const bitmap = await createImageBitmap(new Blob([capture.bytes], { type: capture.type }));
  const box = captureCrop(rect, bitmap.width, bitmap.height);
  if (!box) {
    bitmap.close();
    return null;
  }
  const canvas = new OffscreenCanvas(box.size, box.size);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, box.sx, box.sy, box.size, box.size, 0, 0, box.size, box.size);
  bitmap.close();
  return blobToPagePhoto(await canvas.convertToBlob({ type: 'image/png' }));
}
