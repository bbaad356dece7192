import { Injectable, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { PHOTO_MAX_BYTES } from '@tend/contracts';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { FileStorage } from '../../infra/storage/file-storage';

export const PHOTO_TYPE_MESSAGE = 'Photos must be JPEG, PNG or WebP images.';
const PHOTO_SIZE_MESSAGE = `Photos must be at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`;
const MAX_SIDE = 1024;
/** Guards against decompression bombs: a 5 MB file may not unpack past ~40 megapixels. */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** Identifies an image by its first bytes, never by its name or declared type. */
export function sniffImage(data: Buffer): ImageKind | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/** Checks, re-encodes (dropping EXIF and anything else hidden in the file) and stores contact photos. */
@Injectable()
export class ContactPhotosService {
  constructor(private readonly storage: FileStorage) {}

  async store(data: Buffer): Promise<string> {
    // An upload's size is held at the door (multer); an image from elsewhere (an import) is held here.
    if (data.length > PHOTO_MAX_BYTES) throw new PayloadTooLargeException({ errors: [PHOTO_SIZE_MESSAGE] });
    if (!sniffImage(data)) throw new UnsupportedMediaTypeException({ errors: [PHOTO_TYPE_MESSAGE] });
    let encoded: Buffer;
    try {
      encoded = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 86 })
        .toBuffer();
    } catch {
      throw new UnsupportedMediaTypeException({ errors: ['That image could not be read. Try another file.'] });
    }
    const key = `photos/${randomBytes(16).toString('hex')}.webp`;
    await this.storage.put(key, encoded);
    return key;
  }

  locate(key: string): { root: string; key: string } {
    return this.storage.locate(key);
  }

  async remove(key: string | null): Promise<void> {
    if (key) await this.storage.remove(key);
  }
}
