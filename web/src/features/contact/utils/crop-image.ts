import { PHOTO_MAX_BYTES } from '@tend/contracts';
import type { PixelCrop } from 'react-image-crop';

export const PHOTO_ACCEPT = 'image/png,image/jpeg,image/webp';
const ACCEPTED_TYPES = new Set(PHOTO_ACCEPT.split(','));
/** Photos are shown at most 72 px wide; 512 px keeps them sharp on dense screens and small to upload. */
export const PHOTO_OUTPUT_MAX_PX = 512;

export type PhotoFileProblem = 'type' | 'size';

/** Refuses what the server would refuse, before reading the file (spec: <= 5 MB, JPEG/PNG/WebP). */
export function checkPhotoFile(file: Pick<File, 'type' | 'size'>): PhotoFileProblem | null {
  if (!ACCEPTED_TYPES.has(file.type)) return 'type';
  if (file.size > PHOTO_MAX_BYTES) return 'size';
  return null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('No data')));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * Draws the selected square of the image (a crop measured on the displayed image) onto a canvas at
 * natural resolution, capped at `PHOTO_OUTPUT_MAX_PX`, and returns it as a PNG blob.
 */
export function cropImageToPng(image: HTMLImageElement, crop: PixelCrop): Promise<Blob> {
  const scaleX = image.naturalWidth / image.width;
  const scaleY = image.naturalHeight / image.height;
  const sourceWidth = crop.width * scaleX;
  const sourceHeight = crop.height * scaleY;
  const size = Math.max(1, Math.round(Math.min(PHOTO_OUTPUT_MAX_PX, sourceWidth, sourceHeight)));
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot crop images.'));
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.x * scaleX, crop.y * scaleY, sourceWidth, sourceHeight, 0, 0, size, size);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The crop could not be saved.'))), 'image/png');
  });
}
