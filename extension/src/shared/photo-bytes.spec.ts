import { PHOTO_MAX_BYTES } from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import { blobToPagePhoto, bytesToDataUrl, dataUrlBytes, dataUrlToBlob, sniffPhotoType } from './photo-bytes';

const JPEG = [0xff, 0xd8, 0xff, 0xdb, 0, 0x43];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const WEBP = [...'RIFF']
  .map((c) => c.charCodeAt(0))
  .concat(
    [0x24, 0, 0, 0],
    [...'WEBPVP8 '].map((c) => c.charCodeAt(0)),
  );
const GIF = [...'GIF89a'].map((c) => c.charCodeAt(0));
const AVIF = [0, 0, 0, 0x1c, ...'ftypavif'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c));

describe('photo bytes', () => {
  it('tells JPEG, PNG and WebP by their magic bytes, and nothing else', () => {
    expect(sniffPhotoType(new Uint8Array(JPEG))).toBe('image/jpeg');
    expect(sniffPhotoType(new Uint8Array(PNG))).toBe('image/png');
    expect(sniffPhotoType(new Uint8Array(WEBP))).toBe('image/webp');
    expect(sniffPhotoType(new Uint8Array(GIF))).toBeNull();
    expect(sniffPhotoType(new Uint8Array(AVIF))).toBeNull();
    expect(sniffPhotoType(new Uint8Array([]))).toBeNull();
  });

  it('round-trips bytes through a data URL (as executeScript carries them) into a typed Blob', async () => {
    const bytes = new Uint8Array([...PNG, ...Array.from({ length: 70_000 }, (_, i) => i % 256)]);
    const dataUrl = bytesToDataUrl(bytes, 'image/png');
    expect(dataUrl.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);
    const blob = dataUrlToBlob(dataUrl);
    expect(blob?.type).toBe('image/png');
    expect(new Uint8Array(await (blob as Blob).arrayBuffer())).toEqual(bytes);
  });

  it('trusts the bytes, not the claimed type', () => {
    expect(dataUrlToBlob(bytesToDataUrl(new Uint8Array(JPEG), 'image/png'))?.type).toBe('image/jpeg');
    expect(dataUrlToBlob(`data:image/jpeg;base64,${btoa(String.fromCharCode(...GIF))}`)).toBeNull();
  });

  it('refuses what is not a base64 data URL', () => {
    expect(dataUrlBytes('https://media.licdn.com/x.jpg')).toBeNull();
    expect(dataUrlBytes('data:image/png,rawtext')).toBeNull();
    expect(dataUrlBytes('data:image/png;base64,%%%')).toBeNull();
    expect(dataUrlToBlob('data:image/png;base64,')).toBeNull();
  });

  it('turns a Blob into an uploadable photo, refusing other formats and anything over 5 MB', async () => {
    expect(await blobToPagePhoto(new Blob([new Uint8Array(JPEG)]))).toEqual({
      dataUrl: bytesToDataUrl(new Uint8Array(JPEG), 'image/jpeg'),
      type: 'image/jpeg',
      bytes: JPEG.length,
    });
    expect(await blobToPagePhoto(new Blob([new Uint8Array(GIF)]))).toBeNull();
    const huge = new Uint8Array(PHOTO_MAX_BYTES + 1);
    huge.set(JPEG);
    expect(await blobToPagePhoto(new Blob([huge]))).toBeNull();
  });
});
