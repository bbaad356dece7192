import {
  CONTACT_FIELDS,
  EXPORT_CONTACT_COLUMNS,
  type ExportedNotification,
  type ExportedTier,
  type Interaction,
} from '@tend/contracts';
import { stringify } from 'csv-stringify/sync';
import type { ExportedCard } from '../contacts/contacts.service';
import { neutraliseCell } from './export-format';
import type { Ical } from './ical';

/** Where a contact's photo lies inside the zip. */
export const photoPathOf = (card: ExportedCard) => (card.photoKey ? `photos/${card.contact.id}.webp` : '');

/**
 * Every CSV Tend writes: UTF-8 with a BOM and CRLF line ends, as spreadsheets expect, and RFC 4180
 * quoting: a field with a quote, a comma, a CR or an LF is quoted. csv-stringify quotes only fields
 * that hold its record delimiter, so with CRLF a bare LF (a note's line break) went unquoted and
 * other readers split the row there: `quoted_match` quotes those too. Each text cell that a
 * spreadsheet would run as a formula is neutralised (`neutraliseCell`).
 */
function csvOf(columns: readonly string[], rows: readonly (readonly (string | number | boolean)[])[]): string {
  return stringify(
    rows.map((row) => row.map((cell) => (typeof cell === 'string' ? neutraliseCell(cell) : cell))),
    {
      header: true,
      columns: [...columns],
      bom: true,
      record_delimiter: 'windows',
      quoted_match: /[\r\n]/,
      cast: { boolean: (value) => (value ? 'true' : 'false') },
    },
  );
}

/** `contacts.csv`: every field, the column's name and position and the order in it, on the board or not (the network: no column); board order, then the network. */
export function contactsCsv(cards: readonly ExportedCard[]): string {
  return csvOf(
    EXPORT_CONTACT_COLUMNS,
    cards.map((card) => {
      const c = card.contact;
      return [
        c.id,
        ...CONTACT_FIELDS.map((field) => c[field.key] ?? ''),
        card.column ?? '',
        c.column_order ?? '',
        c.vertical_order,
        c.on_board,
        photoPathOf(card),
        c.created_at,
        c.updated_at,
      ];
    }),
  );
}

export function interactionsCsv(interactions: readonly Interaction[], names: ReadonlyMap<number, string>): string {
  return csvOf(
    [
      'id',
      'contact_id',
      'contact_name',
      'date_contacted',
      'contact_method',
      'notes',
      'next_contact_date',
      'created_at',
      'updated_at',
    ],
    interactions.map((i) => [
      i.id,
      i.contact_id,
      names.get(i.contact_id) ?? '',
      i.date_contacted,
      i.contact_method,
      i.notes,
      i.next_contact_date ?? '',
      i.created_at,
      i.updated_at,
    ]),
  );
}

export function notificationsCsv(notifications: readonly ExportedNotification[]): string {
  return csvOf(
    ['id', 'contact_id', 'interaction_id', 'date', 'title', 'viewed', 'reminded_on'],
    notifications.map((n) => [
      n.id,
      n.contact_id,
      n.interaction_id ?? '',
      n.date,
      n.title,
      n.viewed,
      n.reminded_on ?? '',
    ]),
  );
}

/**
 * The order `contacts.vcf` lists properties in (as vCard files usually do); a field whose property
 * is not here (our own X- ones) follows them in the fields' order.
 */
const VCARD_PROPERTY_ORDER = ['FN', 'ORG', 'TITLE', 'EMAIL', 'TEL', 'URL', 'NOTE'];
const rank = (property: string) => {
  const index = VCARD_PROPERTY_ORDER.indexOf(property);
  return index < 0 ? VCARD_PROPERTY_ORDER.length : index;
};
const VCARD_FIELDS = CONTACT_FIELDS.flatMap((field) => (field.vcard ? [{ key: field.key, property: field.vcard }] : []))
  // Array.prototype.sort is stable: fields of equal rank keep their order.
  .sort((a, b) => rank(a.property) - rank(b.property));

/**
 * A `PHOTO` content line for a `data:` URI, folded at 75 octets (base64 is ASCII). Written here,
 * not by ical.js, which escapes the URI's comma as if it were text (`base64\,`): no longer a URI.
 */
function photoLines(dataUri: string): string {
  const line = `PHOTO:${dataUri}`;
  const lines = [line.slice(0, 75)];
  for (let i = 75; i < line.length; i += 74) lines.push(` ${line.slice(i, i + 74)}`);
  return lines.join('\r\n');
}

/**
 * `contacts.vcf`: one vCard 4.0 per contact, written by ical.js (escaping and line folding), with
 * its photo (`photos`, by contact id: a `data:` URI of a small JPEG, see `vcardPhoto`).
 */
export function contactsVcf(
  ICAL: Ical,
  cards: readonly ExportedCard[],
  photos: ReadonlyMap<number, string> = new Map(),
): string {
  return cards
    .map(({ contact, column }) => {
      const card = new ICAL.Component('vcard');
      card.addPropertyWithValue('version', '4.0');
      for (const { key, property } of VCARD_FIELDS) {
        const value = contact[key];
        if (!value) continue;
        const name = property.toLowerCase();
        if (name === 'org') {
          // ORG is structured (organisation; unit; ...): the company is its first part.
          const org = new ICAL.Property('org');
          org.setValue([value]);
          card.addProperty(org);
        } else if (name === 'tel') {
          // A number as written, not a tel: URI.
          const tel = new ICAL.Property('tel');
          tel.resetType('text');
          tel.setValue(value);
          card.addProperty(tel);
        } else {
          card.addPropertyWithValue(name, value);
        }
      }
      // A person in the network has no column (issue 26): the card says so instead.
      if (column === null) card.addPropertyWithValue('x-tend-network', 'true');
      else card.addPropertyWithValue('x-tend-column', column);
      const text = card.toString();
      const photo = photos.get(contact.id);
      return photo ? text.replace(/\r\nEND:VCARD$/, `\r\n${photoLines(photo)}\r\nEND:VCARD`) : text;
    })
    .join('\r\n')
    .concat(cards.length > 0 ? '\r\n' : '');
}

/** `account.json`: the whole account in one document. */
export function accountJson(input: {
  user: Record<string, unknown>;
  tiers: readonly ExportedTier[];
  cards: readonly ExportedCard[];
  interactions: readonly Interaction[];
  notifications: readonly ExportedNotification[];
  exportedAt: Date;
}): string {
  return JSON.stringify(
    {
      format: 'tend-export',
      version: 1,
      exported_at: input.exportedAt.toISOString(),
      user: input.user,
      tiers: input.tiers,
      contacts: input.cards.map((card) => {
        const c = card.contact;
        return {
          id: c.id,
          ...Object.fromEntries(CONTACT_FIELDS.map((field) => [field.key, c[field.key]])),
          on_board: c.on_board,
          tier_id: c.tier_id,
          tier: card.column,
          column_order: c.column_order,
          vertical_order: c.vertical_order,
          photo: photoPathOf(card) || null,
          created_at: c.created_at,
          updated_at: c.updated_at,
        };
      }),
      interactions: input.interactions.map((i) => ({
        id: i.id,
        contact_id: i.contact_id,
        date_contacted: i.date_contacted,
        contact_method: i.contact_method,
        notes: i.notes,
        next_contact_date: i.next_contact_date,
        created_at: i.created_at,
        updated_at: i.updated_at,
      })),
      notifications: input.notifications,
    },
    null,
    2,
  );
}
