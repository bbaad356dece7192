import { IMPORT_ZIP_MAX_UNPACKED_BYTES } from '@tend/contracts';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ImportFileError } from './import-file-error';

/** LinkedIn's export holds a few dozen files; anything with far more entries is not one. */
const MAX_ENTRIES = 10_000;
const CONNECTIONS = /(^|\/)Connections\.csv$/i;

export const ZIP_UNREADABLE_MESSAGE = 'The ZIP file could not be read. Download your LinkedIn data again and retry.';
export const ZIP_NO_CONNECTIONS_MESSAGE =
  'This ZIP has no Connections.csv. Upload the data export LinkedIn sent you, or the Connections.csv inside it.';
export const zipTooLargeMessage = (limit: number) =>
  `Connections.csv in this ZIP unpacks to more than ${Math.round(limit / 1024 / 1024)} MB, so it is not read.`;

export function isZip(data: Buffer): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

function openZip(data: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true, decodeStrings: true }, (error, zip) => {
      if (error || !zip) reject(new ImportFileError(ZIP_UNREADABLE_MESSAGE));
      else resolve(zip);
    });
  });
}

/**
 * Reads `Connections.csv` out of LinkedIn's data-export ZIP, and only that entry. Its unpacked
 * bytes are counted as they come (a declared size proves nothing) and reading stops past
 * `maxBytes`: a zip bomb answers 400.
 */
export async function readConnectionsFromZip(
  data: Buffer,
  maxBytes: number = IMPORT_ZIP_MAX_UNPACKED_BYTES,
): Promise<Buffer> {
  const zip = await openZip(data);
  try {
    const entry = await new Promise<Entry>((resolve, reject) => {
      let seen = 0;
      zip.on('entry', (candidate: Entry) => {
        seen += 1;
        if (seen > MAX_ENTRIES) reject(new ImportFileError(ZIP_NO_CONNECTIONS_MESSAGE));
        else if (CONNECTIONS.test(candidate.fileName) && !candidate.fileName.endsWith('/')) resolve(candidate);
        else zip.readEntry();
      });
      zip.on('end', () => reject(new ImportFileError(ZIP_NO_CONNECTIONS_MESSAGE)));
      zip.on('error', () => reject(new ImportFileError(ZIP_UNREADABLE_MESSAGE)));
      zip.readEntry();
    });
    if (entry.isEncrypted()) throw new ImportFileError(ZIP_UNREADABLE_MESSAGE);
    return await new Promise<Buffer>((resolve, reject) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) {
          reject(new ImportFileError(ZIP_UNREADABLE_MESSAGE));
          return;
        }
        // yauzl also checks the declared size at the end; our own count is what guards memory.
        const chunks: Buffer[] = [];
        let total = 0;
        stream.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > maxBytes) {
            stream.destroy();
            reject(new ImportFileError(zipTooLargeMessage(maxBytes)));
            return;
          }
          chunks.push(chunk);
        });
        stream.on('error', () => reject(new ImportFileError(ZIP_UNREADABLE_MESSAGE)));
        stream.on('end', () => resolve(Buffer.concat(chunks)));
      });
    });
  } finally {
    zip.close();
  }
}
