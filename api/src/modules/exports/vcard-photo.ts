import sharp from 'sharp';

/** A photo in `contacts.vcf` is at most this many pixels a side: what a contact list shows. */
export const VCARD_PHOTO_MAX_SIDE = 400;
/** And at most this many bytes (a 400-pixel JPEG is usually 20 to 60 KB); a larger one is left out. */
export const VCARD_PHOTO_MAX_BYTES = 256 * 1024;

/**
 * A stored photo (WebP) as `contacts.vcf` carries it: a JPEG, which every address book reads (not
 * all read WebP), of at most `VCARD_PHOTO_MAX_SIDE` pixels a side, as a `data:` URI; null when the
 * file cannot be read or the result would be over `VCARD_PHOTO_MAX_BYTES`.
 */
export async function vcardPhoto(path: string): Promise<string | null> {
  try {
    const jpeg = await sharp(path)
      .resize(VCARD_PHOTO_MAX_SIDE, VCARD_PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
    return jpeg.length <= VCARD_PHOTO_MAX_BYTES ? `data:image/jpeg;base64,${jpeg.toString('base64')}` : null;
  } catch {
    return null;
  }
}
