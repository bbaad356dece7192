/**
 * Photo bytes as they travel from the LinkedIn page to the popup (a data URL survives
 * `chrome.scripting.executeScript`'s serialisation; a Blob does not) and on to the API.
 */
import { PHOTO_MAX_BYTES } from '@tend/contracts';

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export interface PagePhoto {
  /** `data:<type>;base64,...` */
  dataUrl: string;
  type: PhotoType;
  bytes: number;
}

/** The three formats the API takes, told by their magic bytes as the API tells them. */
export function sniffPhotoType(head: Uint8Array): PhotoType | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => head[i] === byte)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** True when the API will take these bytes as they are. */
export function isUploadable(type: PhotoType | null, bytes: number): type is PhotoType {
  return type !== null && bytes > 0 && bytes <= PHOTO_MAX_BYTES;
}

export function bytesToDataUrl(bytes: Uint8Array, type: PhotoType): string {
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) binary += String.fromCharCode(...bytes.subarray(i, i + step));
  return `data:${type};base64,${btoa(binary)}`;
}

/** The bytes of a base64 data URL and the type it claims; null when it is not one. */
export function dataUrlBytes(dataUrl: string): { type: string; bytes: Uint8Array<ArrayBuffer> } | null {
  const match = /^data:([a-z/+.-]+);base64,([a-z0-9+/=\s]*)$/i.exec(dataUrl);
  if (!match) return null;
  try {
    const binary = atob((match[2] ?? '').replace(/\s/g, ''));
    return { type: (match[1] ?? '').toLowerCase(), bytes: Uint8Array.from(binary, (char) => char.charCodeAt(0)) };
  } catch {
    return null;
  }
}

/** The photo a data URL holds, as a Blob for FormData; null for anything that is not an accepted image. */
export function dataUrlToBlob(dataUrl: string): Blob | null {
  const decoded = dataUrlBytes(dataUrl);
  if (!decoded) return null;
  const bytes = decoded.bytes;
  const type = sniffPhotoType(bytes);
  if (!isUploadable(type, bytes.length)) return null;
  return new Blob([bytes], { type });
}

export async function blobToPagePhoto(blob: Blob): Promise<PagePhoto | null> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const type = sniffPhotoType(bytes);
  if (!isUploadable(type, bytes.length)) return null;
  return { dataUrl: bytesToDataUrl(bytes, type), type, bytes: bytes.length };
}

export const PHOTO_FILE_NAMES: Record<PhotoType, string> = {
  'image/jpeg': 'photo.jpg',
  'image/png': 'photo.png',
  'image/webp': 'photo.webp',
};
