import { canonicalLinkedInUrl, IMPORT_MAX_ROWS, IMPORTABLE_CONTACT_FIELDS, PHOTO_MAX_BYTES } from '@tend/contracts';
import { decode as decodeQuotedPrintable } from 'quoted-printable';
import type { TimeSlice } from '../../../infra/time/time-slice';
import { ImportFileError, ROW_CAP_MESSAGE } from './import-file-error';
import type { RawPerson } from './raw-person';

export const VCARD_CUT_SHORT_MESSAGE = (card: number) =>
  `Card ${card} has no END:VCARD: the file is cut short. Export it again and retry.`;
export const VCARD_NO_CARDS_MESSAGE = 'This vCard file holds no cards (BEGIN:VCARD ... END:VCARD).';
export const VCARD_TOO_LONG_MESSAGE = 'This card is longer than 64 KB without its photo, so it is not read.';

/** A card's text without its photo: far more than any person's name, notes and addresses. */
const MAX_CARD_CHARS = 64 * 1024;
/** A PHOTO property's text: an image of `PHOTO_MAX_BYTES` in base64, with room for line breaks. */
const MAX_PHOTO_CHARS = Math.ceil((PHOTO_MAX_BYTES * 4) / 3) + 64 * 1024;

export function isVCard(text: string): boolean {
  return /^\s*BEGIN:VCARD\s*$/im.test(text.slice(0, 4096));
}

/** A line longer than its cap, its text dropped as it was read; `photo` when it held a PHOTO. */
interface TooLong {
  tooLong: true;
  photo: boolean;
}

const QUOTED_PRINTABLE = /;\s*ENCODING=QUOTED-PRINTABLE/i;
const PHOTO_LINE = /^([\w-]+\.)?PHOTO[;:]/i;

/**
 * The physical lines of the text, across chunk boundaries, each found once (a line is held in
 * pieces until it ends, never copied as it grows). A line longer than `MAX_PHOTO_CHARS` comes out
 * as `TooLong`.
 */
async function* physicalLines(chunks: AsyncIterable<string>): AsyncGenerator<string | TooLong> {
  let pieces: string[] = [];
  let length = 0;
  let head = '';
  // A CR that ended the last chunk: an LF that starts the next one belongs to it.
  let afterCr = false;
  const line = (last: string): string | TooLong => {
    if (length + last.length <= MAX_PHOTO_CHARS) return pieces.length > 0 ? [...pieces, last].join('') : last;
    return { tooLong: true, photo: PHOTO_LINE.test(head || last) };
  };
  for await (const chunk of chunks) {
    let start = afterCr && chunk.startsWith('\n') ? 1 : 0;
    afterCr = false;
    const breaks = /\r\n|\n|\r/g;
    breaks.lastIndex = start;
    for (let found = breaks.exec(chunk); found; found = breaks.exec(chunk)) {
      yield line(chunk.slice(start, found.index));
      pieces = [];
      length = 0;
      head = '';
      start = found.index + found[0].length;
      if (found[0] === '\r' && start === chunk.length) afterCr = true;
    }
    const rest = chunk.slice(start);
    if (!rest) continue;
    if (length === 0) head = rest.slice(0, 64);
    length += rest.length;
    if (length <= MAX_PHOTO_CHARS) pieces.push(rest);
    else pieces = [];
  }
  if (length > 0) yield line('');
}

/** One content line being put together from its physical lines. */
interface LogicalLine {
  pieces: string[];
  length: number;
  /** 2.1's quoted-printable: a value that ends with `=` goes on on the next line (a soft break). */
  quotedPrintable: boolean;
  softBreak: boolean;
  photo: boolean;
  tooLong: boolean;
}

function startLine(physical: string | TooLong): LogicalLine {
  if (typeof physical !== 'string') {
    return { pieces: [], length: 0, quotedPrintable: false, softBreak: false, photo: physical.photo, tooLong: true };
  }
  const colon = physical.indexOf(':');
  const quotedPrintable = colon > 0 && QUOTED_PRINTABLE.test(physical.slice(0, colon));
  return {
    pieces: [physical],
    length: physical.length,
    quotedPrintable,
    softBreak: quotedPrintable && physical.endsWith('='),
    photo: PHOTO_LINE.test(physical),
    tooLong: false,
  };
}

function extend(line: LogicalLine, text: string | TooLong): void {
  if (typeof text !== 'string' || line.tooLong) {
    line.tooLong = true;
    line.pieces = [];
    line.softBreak = typeof text === 'string' && line.quotedPrintable && text.endsWith('=');
    return;
  }
  line.softBreak = line.quotedPrintable && text.endsWith('=');
  line.length += text.length;
  if (line.length > (line.photo ? MAX_PHOTO_CHARS : MAX_CARD_CHARS)) {
    line.tooLong = true;
    line.pieces = [];
  } else {
    line.pieces.push(text);
  }
}

/**
 * The content lines of the text, unfolded in one pass: a line that starts with a space or a tab
 * continues the one before (vCard 3.0 and 4.0), and so does the line after a quoted-printable
 * value's soft break (a trailing `=`: 2.1, as Outlook and older phones write it). Each piece is
 * kept once and joined once, so a value of 120,000 soft breaks costs what its length costs.
 */
async function* contentLines(chunks: AsyncIterable<string>, slice: TimeSlice): AsyncGenerator<string | TooLong> {
  let current: LogicalLine | null = null;
  const finish = (line: LogicalLine): string | TooLong =>
    line.tooLong ? { tooLong: true, photo: line.photo } : line.pieces.join('');
  for await (const physical of physicalLines(chunks)) {
    // One content line may be made of 120,000 physical ones: turns come between those too.
    if (slice.due()) await slice.pause();
    if (current?.softBreak) {
      if (!current.tooLong) {
        const last = current.pieces.length - 1;
        current.pieces[last] = (current.pieces[last] ?? '').slice(0, -1);
        current.length -= 1;
      }
      extend(current, typeof physical === 'string' ? physical.replace(/^[ \t]/, '') : physical);
    } else if (current && typeof physical === 'string' && (physical.startsWith(' ') || physical.startsWith('\t'))) {
      extend(current, physical.slice(1));
    } else {
      if (current) yield finish(current);
      current = startLine(physical);
    }
  }
  if (current) yield finish(current);
}

interface Property {
  name: string;
  params: Map<string, string[]>;
  value: string;
}

/**
 * `[group.]NAME;PARAM=a,b;BARE:value` (parameter values may be quoted and hold `;`, `:` or `,`; a
 * bare parameter, as 2.1 writes `TEL;WORK;VOICE:`, is a TYPE). Null when the line has no colon.
 */
function parseProperty(line: string): Property | null {
  let i = 0;
  let name = '';
  while (i < line.length && line[i] !== ';' && line[i] !== ':') name += line[i++];
  const params = new Map<string, string[]>();
  while (line[i] === ';') {
    i += 1;
    let key = '';
    while (i < line.length && !';:='.includes(line[i] ?? '')) key += line[i++];
    const values: string[] = [];
    if (line[i] === '=') {
      i += 1;
      let value = '';
      let quoted = false;
      for (; i < line.length; i++) {
        const char = line[i] ?? '';
        if (char === '"') quoted = !quoted;
        else if (!quoted && char === ',') {
          values.push(value);
          value = '';
        } else if (!quoted && (char === ';' || char === ':')) break;
        else value += char;
      }
      values.push(value);
    } else {
      values.push(key);
      key = 'type';
    }
    const lower = key.trim().toLowerCase();
    params.set(lower, [...(params.get(lower) ?? []), ...values.map((v) => v.trim())]);
  }
  if (line[i] !== ':') return null;
  const dot = name.lastIndexOf('.');
  return {
    name: name
      .slice(dot + 1)
      .trim()
      .toLowerCase(),
    params,
    value: line.slice(i + 1),
  };
}

const hasParam = (property: Property, name: string, value: string) =>
  (property.params.get(name) ?? []).some((v) => v.toLowerCase() === value);

/** Decodes a quoted-printable value in its declared charset (UTF-8 unless said otherwise). */
function decodeTransfer(property: Property): string {
  if (!hasParam(property, 'encoding', 'quoted-printable')) return property.value;
  const bytes = Buffer.from(decodeQuotedPrintable(property.value), 'latin1');
  const charset = property.params.get('charset')?.[0]?.toLowerCase() ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/**
 * The components of a text value, split at each unescaped `separator` and unescaped: `\\`, `\;`,
 * `\,`, `\:` and `\n` (or `\N`, a line break), whatever the vCard's version, in every text
 * property. Apple escapes the colon of its URLs; Google's `\;` in a note or a title is a semicolon.
 */
function unescapeText(text: string, separator: ';' | null = null): string[] {
  const parts: string[] = [];
  let part = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (char === '\\' && i + 1 < text.length) {
      const next = text[i + 1] ?? '';
      if (next === 'n' || next === 'N') part += '\n';
      else if ('\\;,:'.includes(next)) part += next;
      else part += char + next;
      i += 1;
    } else if (char === separator) {
      parts.push(part);
      part = '';
    } else {
      part += char;
    }
  }
  parts.push(part);
  return parts;
}

/** A photo's bytes: base64 (2.1's BASE64, 3.0's `b`) or a `data:` URI (4.0). A URL is never fetched. */
function photoOf(property: Property | undefined): Buffer | undefined {
  if (!property) return undefined;
  let base64: string | undefined;
  const value = property.value.trim();
  const dataUri = /^data:[^,]*;base64,/i.exec(value);
  if (dataUri) base64 = value.slice(dataUri[0].length);
  else if (hasParam(property, 'encoding', 'b') || hasParam(property, 'encoding', 'base64')) base64 = value;
  if (base64 === undefined || (base64.length * 3) / 4 > PHOTO_MAX_BYTES + 3) return undefined;
  const bytes = Buffer.from(base64, 'base64');
  return bytes.length > 0 && bytes.length <= PHOTO_MAX_BYTES ? bytes : undefined;
}

function personOf(properties: readonly Property[], row: number): RawPerson {
  const all = (name: string) => properties.filter((p) => p.name === name);
  const first = (name: string): Property | undefined => {
    const candidates = all(name);
    return candidates.find((p) => hasParam(p, 'type', 'pref') || p.params.has('pref')) ?? candidates[0];
  };
  const text = (name: string) => {
    const property = first(name);
    return property ? unescapeText(decodeTransfer(property)).join('').trim() : undefined;
  };
  const components = (property: Property | undefined) =>
    property ? unescapeText(decodeTransfer(property), ';').map((part) => part.trim()) : [];

  const name = () => {
    const full = text('fn');
    if (full) return full;
    const [family = '', given = '', additional = ''] = components(first('n'));
    return [given, additional, family].filter(Boolean).join(' ');
  };
  // The LinkedIn profile among the card's addresses (URL or Apple's and Google's X-SOCIALPROFILE), else its first URL.
  const addresses = (found: readonly Property[]) =>
    found.map((p) => unescapeText(decodeTransfer(p)).join('').trim()).filter(Boolean);
  const url = () => {
    const urls = addresses([...all('url'), ...all('x-socialprofile')]);
    return (
      urls.find((address) => canonicalLinkedInUrl(address) !== null) ??
      urls.find((address) => /linkedin\./i.test(address)) ??
      addresses(all('url'))[0]
    );
  };
  /** The properties whose value is not read as plain text; any other is `text(property)`. */
  const readers: Record<string, () => string | undefined> = {
    fn: name,
    // ORG is structured (organisation; unit; ...): the company is its first part.
    org: () => components(first('org'))[0],
    email: () => text('email')?.replace(/^mailto:/i, ''),
    tel: () => text('tel')?.replace(/^tel:/i, ''),
    url,
  };
  return {
    row,
    fields: Object.fromEntries(
      IMPORTABLE_CONTACT_FIELDS.flatMap(({ key, vcard }) => {
        const property = vcard?.toLowerCase();
        return property ? [[key, (readers[property] ?? (() => text(property)))()]] : [];
      }),
    ),
    canonicalUrl: false,
    photo: photoOf(first('photo')),
  };
}

/**
 * Reads every card of a .vcf (vCard 2.1, 3.0 and 4.0 as Google, Apple, Outlook and Android write
 * them) in one pass over its lines, handing each person to `onPerson` as its card ends. A card that
 * cannot be read (a line without a colon, more than 64 KB without its photo) is reported to
 * `onBroken` as an unreadable row; a file cut short in the middle of a card, with no cards, or with
 * more than `IMPORT_MAX_ROWS` cards cannot be imported.
 */
export async function readVCards(
  chunks: AsyncIterable<string>,
  onPerson: (person: RawPerson) => Promise<void>,
  onBroken: (problem: { row: number; message: string }) => void,
  slice: TimeSlice,
): Promise<void> {
  let cards = 0;
  let card: { properties: Property[]; chars: number; problem: string | null } | null = null;
  for await (const line of contentLines(chunks, slice)) {
    if (typeof line === 'string' && /^BEGIN:VCARD\s*$/i.test(line)) {
      if (card) throw new ImportFileError(VCARD_CUT_SHORT_MESSAGE(cards + 1));
      card = { properties: [], chars: 0, problem: null };
      continue;
    }
    if (!card) continue;
    if (typeof line === 'string' && /^END:VCARD\s*$/i.test(line)) {
      cards += 1;
      if (cards > IMPORT_MAX_ROWS) throw new ImportFileError(ROW_CAP_MESSAGE);
      if (card.problem) onBroken({ row: cards, message: card.problem });
      else await onPerson(personOf(card.properties, cards));
      card = null;
      continue;
    }
    if (card.problem) continue;
    if (typeof line !== 'string') {
      // A photo past the upload's size is left out, as an upload of it would be refused; the card stays.
      if (!line.photo) card.problem = VCARD_TOO_LONG_MESSAGE;
      continue;
    }
    // Blank lines end 2.1's base64 photos; they carry nothing.
    if (line.trim() === '') continue;
    const property = parseProperty(line);
    if (!property) {
      card.problem = `This card could not be read (the line "${line.slice(0, 40)}" has no ":").`;
      continue;
    }
    if (property.name !== 'photo') card.chars += line.length;
    if (card.chars > MAX_CARD_CHARS) {
      card.problem = VCARD_TOO_LONG_MESSAGE;
      card.properties = [];
      continue;
    }
    card.properties.push(property);
  }
  if (card) throw new ImportFileError(VCARD_CUT_SHORT_MESSAGE(cards + 1));
  if (cards === 0) throw new ImportFileError(VCARD_NO_CARDS_MESSAGE);
}
