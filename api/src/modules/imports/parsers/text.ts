import { ImportFileError, WRONG_TYPE_MESSAGE } from './import-file-error';

/**
 * The file's text: UTF-8 (with or without a BOM), UTF-16 with a BOM (Excel's "Unicode text"), or,
 * when the bytes are not UTF-8, Windows-1252 (what Outlook and older Excel save as "CSV").
 * A file with NUL bytes and no UTF-16 BOM is binary: not something we read.
 */
export function decodeText(data: Buffer): string {
  if (data.length >= 2 && data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data);
  if (data.length >= 2 && data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data);
  if (data.includes(0)) throw new ImportFileError(WRONG_TYPE_MESSAGE);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder('windows-1252').decode(data);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
