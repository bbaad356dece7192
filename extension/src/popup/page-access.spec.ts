import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageReader } from '../content/page-reader-api';
import type { PhotoRect } from '../linkedin/read-photo';
import type { LinkedInProfile } from '../linkedin/read-profile';
import { bytesToDataUrl } from '../shared/photo-bytes';
import { captureCrop, chromePageAccess, PAGE_READER_FILE, type ActiveTab } from './page-access';

const TAB: ActiveTab = { id: 7, windowId: 3, url: 'https://www.linkedin.com/in/ada-lovelace/' };
const PHOTO_URL = 'https://media.licdn.com/dms/image/v2/C4E03/profile-displayphoto-shrink_200_200/0/1';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const ADA: LinkedInProfile = {
  name: 'Ada Lovelace',
  title: 'Mathematician',
  company: 'Analytical Engines Ltd',
  photoUrl: PHOTO_URL,
  profileUrl: 'https://www.linkedin.com/in/ada-lovelace',
};

interface Injection {
  target: { tabId: number };
  files?: string[];
  func?: (...args: unknown[]) => unknown;
  args?: unknown[];
}

/**
 * A stand-in for chrome.tabs and chrome.scripting. Injected functions are rebuilt from their
 * source text, as Chrome does, so one that leans on anything outside itself fails here too.
 */
function fakeChrome(
  reader: Partial<PageReader>,
  tabs: chrome.tabs.Tab[] = [{ id: 7, windowId: 3, url: TAB.url } as chrome.tabs.Tab],
) {
  const injections: Injection[] = [];
  const captureVisibleTab = vi.fn(() => Promise.resolve(bytesToDataUrl(PNG, 'image/png')));
  vi.stubGlobal('chrome', {
    tabs: { query: vi.fn(() => Promise.resolve(tabs)), captureVisibleTab },
    scripting: {
      executeScript: async (injection: Injection) => {
        injections.push(injection);
        if (injection.files) {
          // The reader's file defines the reader and ends by reading the profile (its result).
          globalThis.__tendPageReader = reader as PageReader;
          return [{ frameId: 0, result: reader.readProfile?.() ?? null }];
        }
        // eslint-disable-next-line @typescript-eslint/no-implied-eval -- rebuilding from source is the point: Chrome does it
        const rebuilt = new Function(`return (${String(injection.func)})`)() as (...args: unknown[]) => unknown;
        return [{ frameId: 0, result: await rebuilt(...(injection.args ?? [])) }];
      },
    },
  });
  return { injections, captureVisibleTab };
}

/** The popup always reads the profile (which injects the reader) before asking for the photo. */
async function afterReadingTheProfile() {
  const access = chromePageAccess();
  await access.readProfile(TAB);
  return access;
}

afterEach(() => {
  vi.unstubAllGlobals();
  globalThis.__tendPageReader = undefined;
});

describe('chromePageAccess', () => {
  it('finds the active tab of the current window', async () => {
    const { injections } = fakeChrome({});
    expect(await chromePageAccess().activeTab()).toEqual(TAB);
    expect(chrome.tabs.query).toHaveBeenCalledWith({ active: true, currentWindow: true });
    expect(injections).toEqual([]);
  });

  it('answers no tab for a page Chrome does not show the address of', async () => {
    fakeChrome({}, [{ id: 7, windowId: 3 } as chrome.tabs.Tab]);
    expect(await chromePageAccess().activeTab()).toBeNull();
  });

  it('reads the profile with one injection of the reader file into that tab only', async () => {
    const { injections } = fakeChrome({ readProfile: () => ADA });
    expect(await chromePageAccess().readProfile(TAB)).toEqual(ADA);
    expect(injections.map((i) => [i.target, i.files ?? 'func'])).toEqual([[{ tabId: 7 }, [PAGE_READER_FILE]]]);
  });

  it('reads the photo in the page when it can', async () => {
    const photo = { dataUrl: bytesToDataUrl(JPEG, 'image/jpeg'), type: 'image/jpeg' as const, bytes: JPEG.length };
    const { captureVisibleTab } = fakeChrome({
      readProfile: () => ADA,
      readPhoto: () => Promise.resolve({ ok: true, photo, via: 'fetch' }),
    });
    expect(await (await afterReadingTheProfile()).readPhoto(TAB, PHOTO_URL)).toEqual({ photo, via: 'fetch' });
    expect(captureVisibleTab).not.toHaveBeenCalled();
  });

  it('falls back to a capture of the visible tab, cropped to the photo', async () => {
    const rect: PhotoRect = { x: 40, y: 120, width: 152, height: 152, viewportWidth: 1280, viewportHeight: 800 };
    const { captureVisibleTab } = fakeChrome({
      readProfile: () => ADA,
      readPhoto: () => Promise.resolve({ ok: false, reason: 'fetch: TypeError: Failed to fetch' }),
      locatePhoto: () => rect,
    });
    const drawImage = vi.fn();
    const close = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.resolve({ width: 2560, height: 1600, close })),
    );
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(
          readonly width: number,
          readonly height: number,
        ) {}
        getContext() {
          return { drawImage };
        }
        convertToBlob() {
          return Promise.resolve(new Blob([PNG], { type: 'image/png' }));
        }
      },
    );
    const outcome = await (await afterReadingTheProfile()).readPhoto(TAB, PHOTO_URL);
    expect(outcome).toEqual({
      via: 'capture',
      photo: { dataUrl: bytesToDataUrl(PNG, 'image/png'), type: 'image/png', bytes: PNG.length },
    });
    expect(captureVisibleTab).toHaveBeenCalledWith(3, { format: 'png' });
    // a 2x screen: the 152 px photo at (40, 120) is 304 device pixels at (80, 240)
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 80, 240, 304, 304, 0, 0, 304, 304);
    expect(close).toHaveBeenCalled();
  });

  it('says the reader is missing when the page lost it (navigated away meanwhile)', async () => {
    fakeChrome({});
    expect(await chromePageAccess().readPhoto(TAB, PHOTO_URL)).toEqual({
      photo: null,
      reason: 'the page reader is not there; capture: the photo is not in view',
    });
  });

  it('gives the reasons when no way works', async () => {
    const { captureVisibleTab } = fakeChrome({
      readProfile: () => ADA,
      readPhoto: () => Promise.resolve({ ok: false, reason: 'fetch: TypeError; canvas: SecurityError' }),
      locatePhoto: () => null,
    });
    expect(await (await afterReadingTheProfile()).readPhoto(TAB, PHOTO_URL)).toEqual({
      photo: null,
      reason: 'fetch: TypeError; canvas: SecurityError; capture: the photo is not in view',
    });
    expect(captureVisibleTab).not.toHaveBeenCalled();
  });
});

describe('captureCrop', () => {
  const rect: PhotoRect = { x: 40, y: 120, width: 152, height: 152, viewportWidth: 1280, viewportHeight: 800 };

  it('scales CSS pixels to the capture’s pixels', () => {
    expect(captureCrop(rect, 1280, 800)).toEqual({ sx: 40, sy: 120, size: 152 });
    expect(captureCrop(rect, 2560, 1600)).toEqual({ sx: 80, sy: 240, size: 304 });
    expect(captureCrop(rect, 1600, 1000)).toEqual({ sx: 50, sy: 150, size: 190 }); // 125% zoom
  });

  it('takes the centred square of a box that is not square', () => {
    expect(captureCrop({ ...rect, width: 200, height: 152 }, 1280, 800)).toEqual({ sx: 64, sy: 120, size: 152 });
  });

  it('refuses a box outside the capture or too small', () => {
    expect(captureCrop({ ...rect, x: 1200 }, 1280, 800)).toBeNull();
    expect(captureCrop({ ...rect, width: 20, height: 20 }, 1280, 800)).toBeNull();
    expect(captureCrop({ ...rect, viewportWidth: 0 }, 1280, 800)).toBeNull();
  });
});
