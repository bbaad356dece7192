import {
  canonicalLinkedInUrl,
  CONTACT_FIELD_KEYS,
  createContactRequestSchema,
  IMPORTABLE_CONTACT_FIELDS,
  type ContactFieldKey,
  type ImportFormat,
  type ImportMapping,
} from '@tend/contracts';
import { describeIssues } from '../../../infra/http/zod-validation.pipe';
import type { TimeSlice } from '../../../infra/time/time-slice';
import type { NewCard } from '../../contacts/contacts.service';
import { readCsv } from './csv-file';
import { EMPTY_FILE_MESSAGE, ImportFileError } from './import-file-error';
import { isZip, readConnectionsFromZip } from './linkedin-zip';
import type { RawPerson } from './raw-person';
import { textChunks } from './text';
import { isVCard, readVCards } from './vcard-file';

/** One readable person of a file: the card to make, and the keys it is known by on a board. */
export interface ImportCard {
  row: number;
  card: NewCard;
  /** `li:<canonical LinkedIn URL>` and/or `em:<email>`; a `/pub/` address has no LinkedIn key. */
  keys: string[];
  /** The photo a vCard embeds, unchecked (the reader checks it like an upload). */
  photo?: Buffer;
}

/** A row of the file that is not imported, and why. */
export interface RowProblem {
  row: number;
  message: string;
}

/** What reading a file found, besides its people. */
export interface FileReading {
  format: ImportFormat;
  /** A generic CSV's header and the mapping used (guessed unless one was given); null otherwise. */
  columns: string[] | null;
  mapping: ImportMapping | null;
  /** People in the file, readable or not. */
  total: number;
}

/** Where a file's people go as they are read, in the file's order. */
export interface PeopleSink {
  card(card: ImportCard): Promise<void>;
  problem(problem: RowProblem): void;
}

/**
 * The keys a person is recognised by: their canonical LinkedIn URL and their email, lower-cased.
 * A stored person passes the stored canonical form (`linkedInKey`), a file's person its address.
 */
export function cardKeys(
  card: { linked_in?: string | null; email?: string | null } | { linkedInKey: string | null; email: string | null },
): string[] {
  const keys: string[] = [];
  const url = 'linkedInKey' in card ? card.linkedInKey : card.linked_in ? canonicalLinkedInUrl(card.linked_in) : null;
  if (url) keys.push(`li:${url}`);
  if (card.email) keys.push(`em:${card.email.trim().toLowerCase()}`);
  return keys;
}

const blankToUndefined = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value;

/** Applies the card rules of `POST /api/contacts` (name required, lengths, the email rule, a URL). */
export function toImportCard(person: RawPerson): ImportCard | { row: number; message: string } {
  const fields = person.fields;
  const input: Record<string, string | undefined> = Object.fromEntries(
    IMPORTABLE_CONTACT_FIELDS.map((field) => [field.key, blankToUndefined(fields[field.key])]),
  );
  input['name'] = fields.name ?? '';
  let linkedIn = input['linked_in']?.trim();
  if (linkedIn && person.canonicalUrl) linkedIn = canonicalLinkedInUrl(linkedIn) ?? linkedIn;
  input['linked_in'] = linkedIn;
  const result = createContactRequestSchema.safeParse(input);
  if (!result.success) return { row: person.row, message: describeIssues(result.error).join(' ') };
  const parsed: Partial<Record<ContactFieldKey, unknown>> = result.data;
  // Fields the file left out are left out of the card (an update then keeps what the card has).
  const card = Object.fromEntries(
    CONTACT_FIELD_KEYS.flatMap((key) =>
      parsed[key] === undefined || parsed[key] === null ? [] : [[key, parsed[key]]],
    ),
  ) as NewCard;
  if (person.toNetwork) card.toNetwork = true;
  return { row: person.row, card, keys: cardKeys(card) };
}

const ZIP_NOT_LINKEDIN_MESSAGE =
  'The Connections.csv in this ZIP does not have LinkedIn’s header (First Name, Last Name, URL, …).';

/** Text looked at to tell a vCard from a CSV. */
const SNIFF_CHARS = 4096;

/**
 * Reads an uploaded file whatever it is (by its bytes, not its name): LinkedIn's data-export ZIP
 * (only its Connections.csv), a vCard file, or a CSV (LinkedIn's Connections.csv or any CSV with
 * a header), handing each person to `sink` as it is read, row rules applied. The work is cut in
 * slices (`slice`) so that the event loop is never held for long, whatever the file's shape.
 * Throws `ImportFileError` for a file that cannot be imported at all.
 */
export async function readImportFile(
  data: Buffer,
  mapping: ImportMapping | undefined,
  sink: PeopleSink,
  slice: TimeSlice,
): Promise<FileReading> {
  if (data.length === 0) throw new ImportFileError(EMPTY_FILE_MESSAGE);
  const zip = isZip(data);
  const text = textChunks(zip ? await readConnectionsFromZip(data) : data, slice);
  const head: string[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < SNIFF_CHARS) {
    const next = await text.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const start = head.join('');
  if (ended && start.trim() === '') throw new ImportFileError(EMPTY_FILE_MESSAGE);
  const chunks = (async function* () {
    yield start;
    yield* text;
  })();

  let total = 0;
  let noName = false;
  const person = async (raw: RawPerson) => {
    total += 1;
    if (noName) {
      sink.problem({ row: raw.row, message: 'No column is mapped to the name: choose the column that holds it.' });
      return;
    }
    const result = toImportCard(raw);
    if ('card' in result) await sink.card(raw.photo ? { ...result, photo: raw.photo } : result);
    else sink.problem(result);
  };

  if (!zip && isVCard(start)) {
    const broken = (problem: RowProblem) => {
      total += 1;
      sink.problem(problem);
    };
    await readVCards(chunks, person, broken, slice);
    return { format: 'vcard', columns: null, mapping: null, total };
  }
  const csv = await readCsv(
    chunks,
    mapping,
    {
      header: (reading) => {
        if (zip && reading.format !== 'linkedin') throw new ImportFileError(ZIP_NOT_LINKEDIN_MESSAGE);
        noName =
          reading.format === 'csv' &&
          !reading.mapping?.name &&
          !reading.mapping?.first_name &&
          !reading.mapping?.last_name;
      },
      person,
    },
    slice,
  );
  return { ...csv, total };
}
