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
import type { NewCard } from '../../contacts/contacts.service';
import { parseCsv } from './csv-file';
import { EMPTY_FILE_MESSAGE, ImportFileError } from './import-file-error';
import { isZip, readConnectionsFromZip } from './linkedin-zip';
import type { RawPerson } from './raw-person';
import { decodeText } from './text';
import { isVCard, parseVCards } from './vcard-file';

/** One readable person of a file: the card to make, and the keys it is known by on a board. */
export interface ImportCard {
  row: number;
  card: NewCard;
  /** `li:<canonical LinkedIn URL>` and/or `em:<email>`; a `/pub/` address has no LinkedIn key. */
  keys: string[];
}

export interface ReadFile {
  format: ImportFormat;
  columns: string[] | null;
  mapping: ImportMapping | null;
  total: number;
  cards: ImportCard[];
  errors: { row: number; message: string }[];
}

/** The keys a card is recognised by: its canonical LinkedIn URL and its email, lower-cased. */
export function cardKeys(card: { linked_in?: string | null; email?: string | null }): string[] {
  const keys: string[] = [];
  const url = card.linked_in ? canonicalLinkedInUrl(card.linked_in) : null;
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
  return { row: person.row, card, keys: cardKeys(card) };
}

/**
 * Reads an uploaded file whatever it is (by its bytes, not its name): LinkedIn's data-export ZIP
 * (only its Connections.csv), a vCard file, or a CSV (LinkedIn's Connections.csv or any CSV with
 * a header). Throws `ImportFileError` for a file that cannot be imported at all.
 */
export async function readImportFile(data: Buffer, mapping?: ImportMapping): Promise<ReadFile> {
  if (data.length === 0) throw new ImportFileError(EMPTY_FILE_MESSAGE);
  const bytes = isZip(data) ? await readConnectionsFromZip(data) : data;
  const text = decodeText(bytes);
  if (text.trim() === '') throw new ImportFileError(EMPTY_FILE_MESSAGE);

  let format: ImportFormat;
  let columns: string[] | null = null;
  let usedMapping: ImportMapping | null = null;
  let people: RawPerson[];
  const errors: { row: number; message: string }[] = [];
  if (!isZip(data) && isVCard(text)) {
    const parsed = await parseVCards(text);
    format = 'vcard';
    people = parsed.people;
    // Cards ical.js could not read count among the file's people, as unreadable rows.
    errors.push(...parsed.broken);
  } else {
    const parsed = await parseCsv(text, mapping);
    if (isZip(data) && parsed.format !== 'linkedin') {
      throw new ImportFileError(
        'The Connections.csv in this ZIP does not have LinkedIn’s header (First Name, Last Name, URL, …).',
      );
    }
    format = parsed.format;
    columns = parsed.columns;
    usedMapping = parsed.mapping;
    people = parsed.people;
  }

  const unreadableCards = errors.length;
  const cards: ImportCard[] = [];
  const noName =
    format === 'csv' && usedMapping && !usedMapping.name && !usedMapping.first_name && !usedMapping.last_name;
  for (const person of people) {
    if (noName) {
      errors.push({ row: person.row, message: 'No column is mapped to the name: choose the column that holds it.' });
      continue;
    }
    const result = toImportCard(person);
    if ('card' in result) cards.push(result);
    else errors.push(result);
  }
  errors.sort((a, b) => a.row - b.row);
  return { format, columns, mapping: usedMapping, total: people.length + unreadableCards, cards, errors };
}
