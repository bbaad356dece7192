import {
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  IMPORTABLE_CONTACT_FIELDS,
  type ImportField,
  type ImportMapping,
} from '@tend/contracts';
import { CsvError, parse } from 'csv-parse';
import type { TimeSlice } from '../../../infra/time/time-slice';
import { isOwnContactsCsv, restoreCell } from '../../exports/export-format';
import { ImportFileError, ROW_CAP_MESSAGE } from './import-file-error';
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

/**
 * Text handed to csv-parse at a time: its work grows with the records in it, and 256 characters
 * hold at most 128 (rows of one letter), a few milliseconds even when each costs an Error (below).
 */
const PIECE_CHARS = 256;
/** The longest row read (its fields together); a longer one stops the file, as a broken quote does. */
const MAX_ROW_CHARS = 64 * 1024;

export interface CsvReading {
  format: 'linkedin' | 'csv';
  columns: string[] | null;
  mapping: ImportMapping | null;
}

/** What a CSV reader tells as it reads: the header once it is known (before any person), then each person. */
export interface CsvEvents {
  header(reading: CsvReading): void;
  person(person: RawPerson): Promise<void>;
}

/** csv-parse's stream, fed a piece at a time; each record goes to `onRecord` as the piece is parsed. */
class PieceParser {
  private readonly parser: ReturnType<typeof parse>;
  // The first error also reaches the write that caused it; this keeps later ones from going unheard.
  private error: unknown = null;

  constructor(onRecord: (record: string[], endLine: number) => void, fromLine = 1) {
    this.parser = parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_ROW_CHARS,
      from_line: fromLine,
      on_record: (record: string[], context) => {
        onRecord(record, context.lines);
        return null;
      },
    });
    this.parser.on('error', (error) => (this.error ??= error));
  }

  /**
   * Parses `text` (at most `PIECE_CHARS` long); answers the parse error it met, if any. A record
   * whose number of fields differs from the first record's makes csv-parse build an Error that
   * `relax_column_count` then drops; a row of a ragged file cost 60 µs, mostly its stack trace. The
   * piece is parsed in this call (nothing is buffered: each write waits for the last), so no stack
   * is captured while it runs, and none of it is ever seen.
   */
  write(text: string): Promise<unknown> {
    return new Promise((resolve) => {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      try {
        this.parser.write(text, resolve);
      } finally {
        Error.stackTraceLimit = limit;
      }
    });
  }

  /** The end of the text (a quote still open is an error then). */
  end(): Promise<unknown> {
    return new Promise((resolve) => {
      this.parser.once('finish', () => resolve(this.error));
      this.parser.once('error', resolve);
      this.parser.end();
    });
  }

  destroy(): void {
    this.parser.destroy();
  }
}

/** The header's row: LinkedIn's after its Notes lines, or the first; and the line it starts on. */
interface FoundHeader {
  record: string[];
  linkedIn: boolean;
  startLine: number;
}

/**
 * Reads records until the header is known: LinkedIn's header, wherever it comes among the first
 * eight records after LinkedIn's "Notes:" lines, or else the first record. The text it took is
 * kept in `taken`, to be read again from the header's line.
 */
async function findHeader(
  chunks: AsyncIterator<string>,
  taken: string[],
  slice: TimeSlice,
): Promise<FoundHeader | null> {
  const records: { record: string[]; endLine: number }[] = [];
  let found: FoundHeader | null = null;
  const decide = (index: number, linkedIn: boolean) => {
    const record = records[index]?.record ?? [];
    found = { record, linkedIn, startLine: index === 0 ? 1 : (records[index - 1]?.endLine ?? 0) + 1 };
  };
  const probe = new PieceParser((record, endLine) => {
    if (found) return;
    records.push({ record, endLine });
    if (isLinkedInHeader(record)) decide(records.length - 1, true);
    else {
      // LinkedIn puts a few "Notes:" lines before its header; any other CSV starts with its header.
      const notes = /^notes:?$/i.test((records[0]?.record[0] ?? '').trim());
      if (!notes || records.length >= 8) decide(0, false);
    }
  });
  try {
    while (!found) {
      const next = await chunks.next();
      if (next.done) {
        const error = await probe.end();
        if (!found && error) failParse(error, 0);
        break;
      }
      taken.push(next.value);
      for (let offset = 0; offset < next.value.length && !found; offset += PIECE_CHARS) {
        const error = await probe.write(next.value.slice(offset, offset + PIECE_CHARS));
        // An error after the header is met again, with its row, when the people are read.
        if (error && !found) failParse(error, 0);
        if (slice.due()) await slice.pause();
      }
    }
  } finally {
    probe.destroy();
  }
  if (found) return found;
  if (records.length === 0) return null;
  decide(0, false);
  return found;
}

/** A parse error as the sentence the import fails with; `people`: how many were read before it. */
function failParse(error: unknown, people: number): never {
  if (error instanceof CsvError) {
    throw new ImportFileError(
      `Row ${people + 1} could not be read: ${describeCsvError(error)}. Nothing was imported; fix the file and try again.`,
    );
  }
  throw error;
}

/**
 * Reads a CSV with csv-parse's stream, a piece at a time (quoted fields with commas and line
 * breaks, a BOM), handing each person on as it comes. A LinkedIn `Connections.csv` is recognised
 * by its header, wherever it starts after LinkedIn's "Notes:" lines; any other CSV takes its first
 * row as the header and maps columns to fields by `mapping`, or by names guessed from the header.
 * Our own export's cells are read back as they were before the export neutralised them. More than
 * `IMPORT_MAX_ROWS` people stop the file.
 *
 * The people are read by a second parser that starts at the header's line: csv-parse compares
 * every record's number of fields with the first one it reads, and builds an Error for each that
 * differs, which made every row of a LinkedIn export (whose first record is "Notes:") cost six
 * times what it needs.
 */
export async function readCsv(
  chunks: AsyncIterable<string>,
  requested: ImportMapping | undefined,
  events: CsvEvents,
  slice: TimeSlice,
): Promise<CsvReading> {
  const source = chunks[Symbol.asyncIterator]();
  const taken: string[] = [];
  const found = await findHeader(source, taken, slice);
  if (!found) throw new ImportFileError(EMPTY_CSV_MESSAGE);

  const header = found.record.map((cell) => cell.trim());
  let reading: CsvReading;
  let person: (record: string[], row: number) => RawPerson;
  if (found.linkedIn) {
    reading = { format: 'linkedin', columns: null, mapping: null };
    person = linkedInPerson;
  } else {
    assertHeader(header);
    const mapping = requested ?? guessMapping(header);
    for (const column of Object.values(mapping)) {
      if (!header.includes(column)) throw new ImportFileError(MAPPING_UNKNOWN_COLUMN_MESSAGE(column));
    }
    const ownExport = isOwnContactsCsv(header);
    const indexes: Partial<Record<ImportField, number>> = Object.fromEntries(
      Object.entries(mapping).map(([field, column]) => [field, header.indexOf(column)]),
    );
    reading = { format: 'csv', columns: header, mapping };
    // A Tend export since issue 26 says who was in the network; before it, everyone was on the board.
    const onBoardIndex = ownExport ? header.indexOf('on_board') : -1;
    person = (record, row) => {
      const found = genericPerson(record, indexes, row, ownExport);
      return onBoardIndex >= 0 && record[onBoardIndex]?.trim().toLowerCase() === 'false'
        ? { ...found, toNetwork: true }
        : found;
    };
  }
  events.header(reading);

  // People seen by the parser (the row a parse error names), and those waiting to be handed on.
  let seen = 0;
  let handed = 0;
  let headerRead = false;
  const waiting: string[][] = [];
  const parser = new PieceParser((record) => {
    if (!headerRead) headerRead = true;
    else if (seen <= IMPORT_MAX_ROWS) {
      seen += 1;
      if (seen <= IMPORT_MAX_ROWS) waiting.push(record);
    }
  }, found.startLine);
  // Cheap work only in the parser's turn (counting); the people are handed on between pieces.
  const handOn = async () => {
    if (seen > IMPORT_MAX_ROWS) throw new ImportFileError(ROW_CAP_MESSAGE);
    for (const record of waiting.splice(0)) {
      await events.person(person(record, ++handed));
      if (slice.due()) await slice.pause();
    }
  };
  const rest = (async function* () {
    yield* taken;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  })();
  try {
    for await (const text of rest) {
      for (let offset = 0; offset < text.length; offset += PIECE_CHARS) {
        const error = await parser.write(text.slice(offset, offset + PIECE_CHARS));
        if (error) failParse(error, seen);
        await handOn();
      }
    }
    const error = await parser.end();
    if (error) failParse(error, seen);
    await handOn();
  } finally {
    parser.destroy();
  }
  return reading;
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
  ownExport: boolean,
): RawPerson {
  const cell = (field: ImportField): string | undefined => {
    const index = indexes[field];
    const value = index === undefined || index < 0 ? undefined : record[index];
    return value !== undefined && ownExport ? restoreCell(value) : value;
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
