import { Readable } from 'node:stream';
import { IMPORT_FIELDS, IMPORTABLE_CONTACT_FIELDS, type ImportField, type ImportMapping } from '@tend/contracts';
import { CsvError, parse } from 'csv-parse';
import { ImportFileError } from './import-file-error';
import type { RawPerson } from './raw-person';

/** LinkedIn's `Connections.csv` header, exactly as LinkedIn writes it (after a few "Notes:" lines). */
export const LINKEDIN_HEADER = [
  'First Name',
  'Last Name',
  'URL',
  'Email Address',
  'Company',
  'Position',
  'Connected On',
];

export const NO_HEADER_MESSAGE =
  'The first row of this CSV holds data, not column names. Add a header row (such as Name, Email, Company) and try again.';
export const EMPTY_CSV_MESSAGE = 'This CSV has no header row and no people in it.';
export const DUPLICATE_HEADER_MESSAGE = (name: string) =>
  `The column name "${name}" appears twice in the header. Give each column its own name and try again.`;
export const MAPPING_UNKNOWN_COLUMN_MESSAGE = (name: string) =>
  `The mapping names a column "${name}" the file does not have.`;

const LINKEDIN_MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/** LinkedIn's `07 Mar 2023` (also `7 March 2023`) as `2023-03-07`; anything else unchanged (the row rules judge it). */
export function linkedInDate(text: string): string {
  const match = /^(\d{1,2})[\s-]+([A-Za-z]{3,9})[\s-]+(\d{4})$/.exec(text.trim());
  const month = match ? LINKEDIN_MONTHS[(match[2] ?? '').slice(0, 3).toLowerCase()] : undefined;
  if (!match || !month) return text;
  return `${match[3]}-${month}-${(match[1] ?? '').padStart(2, '0')}`;
}

function normaliseHeader(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Header names (normalised: lower case, words only) each field is guessed from, best first: ours
 * (an export's `contacts.csv`), then LinkedIn's, Google Contacts' (old and new) and Outlook's, as
 * each field lists them (contact-fields.ts); a first and a last name are joined into the name.
 */
const GUESSES = Object.fromEntries([
  ['first_name', ['first name', 'given name', 'firstname', 'first', 'forename']],
  ['last_name', ['last name', 'family name', 'surname', 'lastname', 'last']],
  ...IMPORTABLE_CONTACT_FIELDS.map((field) => [field.key, [normaliseHeader(field.csvHeader), ...field.importHeaders]]),
]) as Record<ImportField, readonly string[]>;

/** The mapping a screen starts from: for each field, the first header that names it (each column used once). */
export function guessMapping(columns: readonly string[]): ImportMapping {
  const normalised = columns.map(normaliseHeader);
  const used = new Set<number>();
  const mapping: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    for (const guess of GUESSES[field]) {
      const index = normalised.findIndex((name, i) => name === guess && !used.has(i));
      if (index >= 0) {
        used.add(index);
        mapping[field] = columns[index];
        break;
      }
    }
  }
  // A full name column makes first/last redundant only when both exist; keep them for fallback.
  return mapping;
}

const LOOKS_LIKE_DATA = [
  /@[^@\s]+\.[a-z]{2,}/i, // an email address
  /^(https?:\/\/|www\.)/i, // a URL
  /^\+?[\d\s().-]{7,}$/, // a phone number
  /^\d{4}-\d{2}-\d{2}/, // a date
];

function assertHeader(header: readonly string[]): void {
  const names = header.map((cell) => cell.trim());
  if (names.every((name) => name === '')) throw new ImportFileError(NO_HEADER_MESSAGE);
  if (names.some((name) => LOOKS_LIKE_DATA.some((pattern) => pattern.test(name)))) {
    throw new ImportFileError(NO_HEADER_MESSAGE);
  }
  const seen = new Set<string>();
  for (const name of names) {
    if (name === '') continue;
    if (seen.has(name)) throw new ImportFileError(DUPLICATE_HEADER_MESSAGE(name));
    seen.add(name);
  }
}

function describeCsvError(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is never closed';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quote is followed by text before the next comma';
    case 'INVALID_OPENING_QUOTE':
      return 'a field has a quote in the middle without being quoted';
    case 'CSV_MAX_RECORD_SIZE':
      return 'a field is far too long';
    default:
      return 'it is not valid CSV';
  }
}

const isLinkedInHeader = (record: readonly string[]) =>
  LINKEDIN_HEADER.every((name, i) => (record[i] ?? '').trim().toLowerCase() === name.toLowerCase());

export interface ParsedCsv {
  format: 'linkedin' | 'csv';
  columns: string[] | null;
  mapping: ImportMapping | null;
  people: RawPerson[];
}

/**
 * Reads a CSV with csv-parse (streaming; quoted fields with commas and line breaks, a BOM). A
 * LinkedIn `Connections.csv` is recognised by its header, wherever it starts after LinkedIn's
 * "Notes:" lines; any other CSV takes its first row as the header and maps columns to fields by
 * `mapping`, or by names guessed from the header.
 */
export async function parseCsv(text: string, requested?: ImportMapping): Promise<ParsedCsv> {
  let header: string[] | null = null;
  let linkedIn = false;
  const before: string[][] = [];
  const people: RawPerson[] = [];
  let mapping: ImportMapping | null = null;
  let indexes: Partial<Record<ImportField, number>> = {};

  const takeHeader = () => {
    header = (before.shift() ?? []).map((cell) => cell.trim());
    assertHeader(header);
    mapping = requested ?? guessMapping(header);
    for (const column of Object.values(mapping)) {
      if (!header.includes(column)) throw new ImportFileError(MAPPING_UNKNOWN_COLUMN_MESSAGE(column));
    }
    const names = header;
    indexes = Object.fromEntries(Object.entries(mapping).map(([field, column]) => [field, names.indexOf(column)]));
    for (const pending of before) people.push(genericPerson(pending, indexes, people.length + 1));
    before.length = 0;
  };
  // Each record is handled as the parser reads it (and none is passed on), so a parse error
  // knows exactly how many people came before it.
  const onRecord = (record: string[]): null => {
    if (header) {
      people.push(
        linkedIn ? linkedInPerson(record, people.length + 1) : genericPerson(record, indexes, people.length + 1),
      );
    } else if (isLinkedInHeader(record)) {
      header = record.map((cell) => cell.trim());
      linkedIn = true;
    } else {
      before.push(record);
      // LinkedIn puts a few "Notes:" lines before its header; any other CSV starts with its header.
      const notes = /^notes:?$/i.test((before[0]?.[0] ?? '').trim());
      if (!notes || before.length >= 8) takeHeader();
    }
    return null;
  };
  const parser = Readable.from([text]).pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 1_000_000,
      on_record: onRecord,
    }),
  );
  try {
    for await (const _ of parser as AsyncIterable<never>) {
      // on_record keeps everything
    }
  } catch (error) {
    if (error instanceof CsvError) {
      throw new ImportFileError(
        `Row ${people.length + 1} could not be read: ${describeCsvError(error)}. Nothing was imported; fix the file and try again.`,
      );
    }
    // An error thrown by on_record (a bad header) comes back wrapped by the stream.
    throw error;
  }
  if (!header) {
    if (before.length === 0) throw new ImportFileError(EMPTY_CSV_MESSAGE);
    takeHeader();
  }
  return linkedIn
    ? { format: 'linkedin', columns: null, mapping: null, people }
    : { format: 'csv', columns: header, mapping, people };
}

function linkedInPerson(record: readonly string[], row: number): RawPerson {
  const [first = '', last = '', url = '', email = '', company = '', position = '', connectedOn = ''] = record;
  return {
    row,
    fields: {
      name: [first.trim(), last.trim()].filter(Boolean).join(' '),
      linked_in: url,
      email,
      company,
      title: position,
      date_connected: linkedInDate(connectedOn),
    },
    canonicalUrl: true,
  };
}

function genericPerson(
  record: readonly string[],
  indexes: Partial<Record<ImportField, number>>,
  row: number,
): RawPerson {
  const cell = (field: ImportField): string | undefined => {
    const index = indexes[field];
    return index === undefined || index < 0 ? undefined : record[index];
  };
  const first = cell('first_name')?.trim() ?? '';
  const last = cell('last_name')?.trim() ?? '';
  const full = cell('name')?.trim() ?? '';
  const fields: RawPerson['fields'] = Object.fromEntries(
    IMPORTABLE_CONTACT_FIELDS.map(({ key, kind }) => {
      const text = cell(key);
      // Dates may come as LinkedIn writes them (`07 Mar 2023`).
      return [key, kind === 'date' && text !== undefined ? linkedInDate(text) : text];
    }),
  );
  fields.name = full || [first, last].filter(Boolean).join(' ');
  return { row, fields, canonicalUrl: false };
}
