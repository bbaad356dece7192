import { describe, expect, it, vi } from 'vitest';
import { bytesToDataUrl } from '../shared/photo-bytes';
import { locatePhoto, readPhotoInPage, type PhotoReadingTools } from './read-photo';

const URL_ = 'https://media.licdn.com/dms/image/v2/C4E03/profile-displayphoto-shrink_200_200/0/1?e=1&v=beta&t=x';
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const AVIF = new Uint8Array([0, 0, 0, 0x1c, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66]);

/** A page with the profile photo; `loaded` says whether the browser has drawn it. */
function page(loaded = true, box = { left: 40, top: 120, width: 152, height: 152 }): Document {
  const doc = document.implementation.createHTMLDocument('Ada Lovelace | LinkedIn');
  doc.body.innerHTML = `<main><img alt="Ada Lovelace" src="${URL_.replace(/&/g, '&amp;')}"></main>`;
  const image = doc.querySelector('img') as HTMLImageElement;
  Object.defineProperty(image, 'complete', { value: loaded });
  Object.defineProperty(image, 'naturalWidth', { value: loaded ? 200 : 0 });
  image.getBoundingClientRect = () => ({ ...box, x: box.left, y: box.top, right: 0, bottom: 0, toJSON: () => ({}) });
  return doc;
}

function tools(overrides: Partial<PhotoReadingTools> = {}): PhotoReadingTools & {
  fetch: ReturnType<typeof vi.fn>;
  toJpeg: ReturnType<typeof vi.fn>;
} {
  return {
    fetch: vi.fn(overrides.fetch ?? (() => Promise.resolve(new Response(JPEG, { status: 200 })))),
    toJpeg: vi.fn(overrides.toJpeg ?? (() => Promise.resolve(new Blob([JPEG], { type: 'image/jpeg' })))),
  };
}

describe('readPhotoInPage', () => {
  it('fetches the photo from the page without credentials and answers its bytes', async () => {
    const t = tools();
    expect(await readPhotoInPage(URL_, page(), t)).toEqual({
      ok: true,
      via: 'fetch',
      photo: { dataUrl: bytesToDataUrl(JPEG, 'image/jpeg'), type: 'image/jpeg', bytes: JPEG.length },
    });
    expect(t.fetch).toHaveBeenCalledWith(URL_, { credentials: 'omit', mode: 'cors', cache: 'force-cache' });
    expect(t.toJpeg).not.toHaveBeenCalled();
  });

  it('re-encodes a format the API does not take (AVIF) to JPEG', async () => {
    const t = tools({ fetch: () => Promise.resolve(new Response(AVIF, { status: 200 })) });
    const reading = await readPhotoInPage(URL_, page(), t);
    expect(reading).toMatchObject({ ok: true, via: 'fetch', photo: { type: 'image/jpeg' } });
    expect(t.toJpeg).toHaveBeenCalledOnce();
  });

  it('draws the photo already on the page when the fetch is refused (CORS)', async () => {
    const t = tools({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const doc = page();
    const reading = await readPhotoInPage(URL_, doc, t);
    expect(reading).toMatchObject({ ok: true, via: 'canvas', photo: { type: 'image/jpeg' } });
    expect(t.toJpeg).toHaveBeenCalledWith(doc.querySelector('img'));
  });

  it('says why when neither way works', async () => {
    const tainted = Object.assign(new Error('Tainted canvases may not be exported.'), { name: 'SecurityError' });
    const t = tools({
      fetch: () => Promise.resolve(new Response('', { status: 403 })),
      toJpeg: () => Promise.reject(tainted),
    });
    expect(await readPhotoInPage(URL_, page(), t)).toEqual({
      ok: false,
      reason: 'fetch: Error: answered 403; canvas: SecurityError: Tainted canvases may not be exported.',
    });
  });

  it('does not draw a photo the page has not loaded', async () => {
    const t = tools({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await readPhotoInPage(URL_, page(false), t)).toEqual({
      ok: false,
      reason: 'fetch: TypeError: Failed to fetch; canvas: the photo is not loaded on the page',
    });
    expect(t.toJpeg).not.toHaveBeenCalled();
  });
});

describe('locatePhoto', () => {
  it('answers the photo’s box in the viewport, with the viewport’s size', () => {
    const doc = page();
    Object.defineProperty(doc, 'defaultView', { value: { innerWidth: 1280, innerHeight: 800 } });
    expect(locatePhoto(doc, URL_)).toEqual({
      x: 40,
      y: 120,
      width: 152,
      height: 152,
      viewportWidth: 1280,
      viewportHeight: 800,
    });
  });

  it.each([
    ['scrolled out of view', { left: 40, top: -60, width: 152, height: 152 }],
    ['partly below the fold', { left: 40, top: 700, width: 152, height: 152 }],
    ['too small to be worth it', { left: 40, top: 120, width: 24, height: 24 }],
  ])('answers null when the photo is %s', (_what, box) => {
    const doc = page(true, box);
    Object.defineProperty(doc, 'defaultView', { value: { innerWidth: 1280, innerHeight: 800 } });
    expect(locatePhoto(doc, URL_)).toBeNull();
  });

  it('answers null for a photo that is not on the page or not loaded', () => {
    const doc = page(false);
    Object.defineProperty(doc, 'defaultView', { value: { innerWidth: 1280, innerHeight: 800 } });
    expect(locatePhoto(doc, URL_)).toBeNull();
    expect(locatePhoto(page(), 'https://media.licdn.com/dms/image/other.jpg')).toBeNull();
  });
});
