import { isUtf8 } from 'node:buffer';
import type { TimeSlice } from '../../../infra/time/time-slice';
import { ImportFileError, WRONG_TYPE_MESSAGE } from './import-file-error';

/** Bytes decoded at a time: well under a millisecond of work, whatever the encoding. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The file's text, in pieces of at most 64 KB: UTF-8 (with or without a BOM), UTF-16 with a BOM
 * (Excel's "Unicode text"), or, when the bytes are not UTF-8, Windows-1252 (what Outlook and older
 * Excel save as "CSV"). A file with NUL bytes and no UTF-16 BOM is binary: not something we read.
 * The encoding is decided over the whole file first (one native pass, about a millisecond for
 * 10 MB); decoding it in one piece took 30 to 60 ms, longer than the event loop may be held.
 */
export async function* textChunks(data: Buffer, slice: TimeSlice): AsyncGenerator<string> {
  let decoder: InstanceType<typeof TextDecoder>;
  if (data.length >= 2 && data[0] === 0xff && data[1] === 0xfe) decoder = new TextDecoder('utf-16le');
  else if (data.length >= 2 && data[0] === 0xfe && data[1] === 0xff) decoder = new TextDecoder('utf-16be');
  else if (data.includes(0)) throw new ImportFileError(WRONG_TYPE_MESSAGE);
  else decoder = new TextDecoder(isUtf8(data) ? 'utf-8' : 'windows-1252');
  let first = true;
  for (let offset = 0; offset < data.length; offset += CHUNK_BYTES) {
    let text = decoder.decode(data.subarray(offset, offset + CHUNK_BYTES), { stream: true });
    // The decoder drops a byte-order mark; some tools write it twice.
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    first = false;
    if (text) yield text;
    if (slice.due()) await slice.pause();
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}
