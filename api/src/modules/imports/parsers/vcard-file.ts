import { decode as decodeQuotedPrintable } from 'quoted-printable';
import { canonicalLinkedInUrl } from '@tend/contracts';
import { ImportFileError } from './import-file-error';
import { DATE_CONNECTED_PROPERTY } from '../../exports/export-format';
import { loadIcal } from '../../exports/ical';
import type { RawPerson } from './raw-person';

export const VCARD_CUT_SHORT_MESSAGE = (card: number) =>
  `Card ${card} has no END:VCARD: the file is cut short. Export it again and retry.`;
export const VCARD_NO_CARDS_MESSAGE = 'This vCard file holds no cards (BEGIN:VCARD ... END:VCARD).';

type JCardProperty = [string, Record<string, string | string[]>, string, ...unknown[]];

export function isVCard(text: string): boolean {
  return /^\s*BEGIN:VCARD\s*$/im.test(text.slice(0, 4096));
}

const QP = /;\s*ENCODING=QUOTED-PRINTABLE/i;

/**
 * vCard 2.1 habits that Outlook (and older phones) still write, made readable for ical.js, which
 * reads 3.0 and 4.0: a quoted-printable value continues on the next line after a soft break
 * (a trailing `=`), and a parameter may be a bare value (`TEL;WORK;VOICE:`), read as `TYPE=WORK`.
 */
function normaliseLegacyLines(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] ?? '';
    const colon = line.indexOf(':');
    if (colon > 0 && QP.test(line.slice(0, colon))) {
      while (line.endsWith('=') && i + 1 < lines.length) {
        line = line.slice(0, -1) + (lines[i + 1] ?? '').replace(/^[ \t]/, '');
        i += 1;
      }
    }
    if (colon > 0 && !/^[ \t]/.test(line)) {
      const head = line.slice(0, colon);
      const parts = head.split(';');
      if (parts.length > 1 && parts.slice(1).some((p) => !p.includes('='))) {
        const fixed = [parts[0], ...parts.slice(1).map((p) => (p.includes('=') ? p : `TYPE=${p}`))].join(';');
        line = fixed + line.slice(colon);
      }
    }
    out.push(line);
  }
  return out;
}

function paramOf(property: JCardProperty, name: string): string[] {
  const value = property[1][name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => String(v));
}

/** Decodes a quoted-printable value in its declared charset (UTF-8 unless said otherwise). */
function decodeValue(property: JCardProperty, value: string): string {
  if (!paramOf(property, 'encoding').some((e) => e.toLowerCase() === 'quoted-printable')) return value;
  const bytes = Buffer.from(decodeQuotedPrintable(value), 'latin1');
  const charset = paramOf(property, 'charset')[0]?.toLowerCase() ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function values(property: JCardProperty): string[] {
  return property
    .slice(3)
    .flatMap((v): unknown[] => (Array.isArray(v) ? (v as unknown[]) : [v]))
    .map((v) => decodeValue(property, typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ''));
}

/** Apple writes `https\://...` (an escaped colon that ical.js leaves as it is). */
function unescapeUri(text: string): string {
  return text.replace(/\\([:,;\\])/g, '$1').trim();
}

function personOf(jcard: unknown, row: number): RawPerson {
  const properties = (Array.isArray(jcard) ? (jcard[1] as JCardProperty[]) : []) ?? [];
  const all = (name: string) => properties.filter((p) => p[0] === name);
  const first = (name: string): JCardProperty | undefined => {
    const candidates = all(name);
    return (
      candidates.find(
        (p) => paramOf(p, 'type').some((t) => t.toLowerCase() === 'pref') || paramOf(p, 'pref').length > 0,
      ) ?? candidates[0]
    );
  };
  const text = (name: string) => {
    const property = first(name);
    return property ? values(property).join(',').trim() : undefined;
  };

  let name = text('fn') ?? '';
  if (!name) {
    const n = first('n');
    if (n) {
      const [family = '', given = '', additional = ''] = values(n);
      name = [given, additional, family]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(' ');
    }
  }
  const org = first('org');
  const company = org ? values(org)[0]?.trim() : undefined;
  const phone = text('tel')?.replace(/^tel:/i, '');
  // The LinkedIn profile among the card's addresses (URL or Apple's and Google's X-SOCIALPROFILE), else its first URL.
  const urls = [...all('url'), ...all('x-socialprofile')].flatMap((p) => values(p).map(unescapeUri)).filter(Boolean);
  const linkedIn =
    urls.find((url) => canonicalLinkedInUrl(url) !== null) ??
    urls.find((url) => /linkedin\./i.test(url)) ??
    all('url').flatMap((p) => values(p).map(unescapeUri))[0];
  return {
    row,
    fields: {
      name,
      title: text('title'),
      company,
      email: text('email')?.replace(/^mailto:/i, ''),
      phone_number: phone,
      linked_in: linkedIn,
      connection_description: text('note'),
      date_connected: text(DATE_CONNECTED_PROPERTY.toLowerCase()),
    },
    canonicalUrl: false,
  };
}

/**
 * Reads every card of a .vcf (vCard 3.0 and 4.0 as Google, Apple and Outlook write them; 2.1's
 * quoted-printable and bare parameters too) with ical.js. A card ical.js cannot read is reported as
 * an unreadable row; a file cut short in the middle of a card answers 400.
 */
export async function parseVCards(
  text: string,
): Promise<{ people: RawPerson[]; broken: { row: number; message: string }[] }> {
  const ICAL = await loadIcal();
  const lines = normaliseLegacyLines(text.split(/\r\n|\n|\r/));
  const cards: string[][] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    if (/^BEGIN:VCARD\s*$/i.test(line)) {
      if (current) throw new ImportFileError(VCARD_CUT_SHORT_MESSAGE(cards.length + 1));
      current = [line];
    } else if (current) {
      // ical.js rejects blank lines inside a card (2.1's base64 photos end with one).
      if (line.trim() !== '') current.push(line);
      if (/^END:VCARD\s*$/i.test(line)) {
        cards.push(current);
        current = null;
      }
    }
  }
  if (current) throw new ImportFileError(VCARD_CUT_SHORT_MESSAGE(cards.length + 1));
  if (cards.length === 0) throw new ImportFileError(VCARD_NO_CARDS_MESSAGE);

  const people: RawPerson[] = [];
  const broken: { row: number; message: string }[] = [];
  cards.forEach((card, index) => {
    const row = index + 1;
    try {
      const parsed: unknown = ICAL.parse(`${card.join('\r\n')}\r\n`);
      const jcard = Array.isArray(parsed) && parsed[0] === 'vcard' ? parsed : (parsed as unknown[])[0];
      people.push(personOf(jcard, row));
    } catch (error) {
      broken.push({
        row,
        message: `This card could not be read (${error instanceof Error ? error.message : 'invalid vCard'}).`,
      });
    }
  });
  return { people, broken };
}
