/**
 * Runs in the LinkedIn tab (the injected content script), where the profile photo is already
 * loaded. Two ways to its bytes, in order:
 *
 * 1. `fetch` it from the page (works when LinkedIn's media host allows the page's origin; the
 *    browser usually answers from its cache);
 * 2. draw the `<img>` already on the page to a canvas (works when the image is not
 *    cross-origin-tainted).
 *
 * Anything other than JPEG, PNG or WebP of at most 5 MB is re-encoded to JPEG (at most 1024 px).
 * When both fail the popup tries a last way of its own (a capture of the visible tab, see
 * `locatePhoto`) and otherwise saves without the photo and says so.
 */
import { blobToPagePhoto, type PagePhoto } from '../shared/photo-bytes';

export type PhotoReading = { ok: true; photo: PagePhoto; via: 'fetch' | 'canvas' } | { ok: false; reason: string };

export interface PhotoReadingTools {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Draws an image (bytes or an `<img>`) to a canvas and answers JPEG bytes; throws on a tainted canvas. */
  toJpeg: (source: Blob | HTMLImageElement) => Promise<Blob>;
}

export const PHOTO_MAX_EDGE = 1024;

export async function readPhotoInPage(url: string, doc: Document, tools = browserTools(doc)): Promise<PhotoReading> {
  const problems: string[] = [];
  try {
    const response = await tools.fetch(url, { credentials: 'omit', mode: 'cors', cache: 'force-cache' });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    const blob = await response.blob();
    const photo = (await blobToPagePhoto(blob)) ?? (await blobToPagePhoto(await tools.toJpeg(blob)));
    if (photo) return { ok: true, photo, via: 'fetch' };
    problems.push('fetch: not an image');
  } catch (error) {
    problems.push(`fetch: ${describe(error)}`);
  }

  const image = findImage(doc, url);
  if (image && image.complete && image.naturalWidth > 0) {
    try {
      const photo = await blobToPagePhoto(await tools.toJpeg(image));
      if (photo) return { ok: true, photo, via: 'canvas' };
      problems.push('canvas: no image');
    } catch (error) {
      problems.push(`canvas: ${describe(error)}`);
    }
  } else {
    problems.push('canvas: the photo is not loaded on the page');
  }
  return { ok: false, reason: problems.join('; ') };
}

/** Where the photo is drawn, in CSS pixels of the viewport (for a capture of the visible tab). */
export interface PhotoRect {
  x: number;
  y: number;
  width: number;
  height: number;
  viewportWidth: number;
  viewportHeight: number;
}

/** The photo's box when it is loaded and wholly in view; null otherwise. */
export function locatePhoto(doc: Document, url: string): PhotoRect | null {
  const image = findImage(doc, url);
  const view = doc.defaultView;
  if (!image || !view || !image.complete || image.naturalWidth === 0) return null;
  const box = image.getBoundingClientRect();
  const rect = {
    x: box.left,
    y: box.top,
    width: box.width,
    height: box.height,
    viewportWidth: view.innerWidth,
    viewportHeight: view.innerHeight,
  };
  const inView =
    rect.width >= 32 &&
    rect.height >= 32 &&
    rect.x >= 0 &&
    rect.y >= 0 &&
    rect.x + rect.width <= rect.viewportWidth &&
    rect.y + rect.height <= rect.viewportHeight;
  return inView ? rect : null;
}

/** The `<img>` showing this URL (as `src`, the chosen source, or the lazy-load attribute). */
function findImage(doc: Document, url: string): HTMLImageElement | null {
  const target = absolute(url, doc.baseURI);
  for (const image of Array.from(doc.images)) {
    const sources = [image.currentSrc, image.getAttribute('src'), image.getAttribute('data-delayed-url')];
    if (sources.some((source) => source && absolute(source, doc.baseURI) === target)) return image;
  }
  return null;
}

function absolute(url: string, base: string): string | null {
  try {
    return new URL(url, base).toString();
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function browserTools(doc: Document): PhotoReadingTools {
  const view = doc.defaultView;
  return {
    fetch: (url, init) => (view ?? globalThis).fetch(url, init),
    toJpeg: async (source) => {
      const bitmap = await createImageBitmap(source);
      const scale = Math.min(1, PHOTO_MAX_EDGE / Math.max(bitmap.width, bitmap.height));
      const canvas = doc.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      bitmap.close();
      // toBlob throws a SecurityError when the image was cross-origin without CORS.
      return new Promise<Blob>((resolve, reject) => {
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('empty canvas'))), 'image/jpeg', 0.9);
      });
    },
  };
}
