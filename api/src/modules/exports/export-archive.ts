import { EXPORT_CONTACT_COLUMNS } from '@tend/contracts';
import { stringify } from 'csv-stringify/sync';
import type { Contact } from '../contacts/contact.entity';
import type { Interaction } from '../interactions/interaction.entity';
import type { Notification } from '../notifications/notification.entity';
import type { Tier } from '../tiers/tier.entity';
import { DATE_CONNECTED_PROPERTY, neutraliseCell } from './export-format';
import type { Ical } from './ical';

/** Where a contact's photo lies inside the zip. */
export const photoPathOf = (contact: Pick<Contact, 'id' | 'photoKey'>) =>
  contact.photoKey ? `photos/${contact.id}.webp` : '';

const iso = (date: Date | null) => (date ? date.toISOString() : '');

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

/** `contacts.csv`: every field, the column's name and position and the order in it; board order. */
export function contactsCsv(contacts: readonly Contact[]): string {
  return csvOf(
    EXPORT_CONTACT_COLUMNS,
    contacts.map((c) => [
      c.id,
      c.name,
      c.title ?? '',
      c.company ?? '',
      c.linkedIn ?? '',
      c.email ?? '',
      c.phoneNumber ?? '',
      c.connectionDescription ?? '',
      c.dateConnected ?? '',
      c.tier.getEntity().name,
      c.tier.getEntity().position,
      c.verticalOrder,
      photoPathOf(c),
      iso(c.createdAt),
      iso(c.updatedAt),
    ]),
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
      i.contact.id,
      names.get(i.contact.id) ?? '',
      i.dateContacted,
      i.contactMethod,
      i.notes,
      i.nextContactDate ?? '',
      iso(i.createdAt),
      iso(i.updatedAt),
    ]),
  );
}

export function notificationsCsv(notifications: readonly Notification[]): string {
  return csvOf(
    ['id', 'contact_id', 'interaction_id', 'date', 'title', 'viewed', 'reminded_at', 'created_at'],
    notifications.map((n) => [
      n.id,
      n.contact.id,
      n.interaction.id,
      n.date,
      n.title,
      n.viewed,
      iso(n.remindedAt),
      iso(n.createdAt),
    ]),
  );
}

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
  contacts: readonly Contact[],
  photos: ReadonlyMap<number, string> = new Map(),
): string {
  return contacts
    .map((contact) => {
      const card = new ICAL.Component('vcard');
      card.addPropertyWithValue('version', '4.0');
      card.addPropertyWithValue('fn', contact.name);
      if (contact.company) {
        const org = new ICAL.Property('org');
        org.setValue([contact.company]);
        card.addProperty(org);
      }
      if (contact.title) card.addPropertyWithValue('title', contact.title);
      if (contact.email) card.addPropertyWithValue('email', contact.email);
      if (contact.phoneNumber) {
        const tel = new ICAL.Property('tel');
        tel.resetType('text');
        tel.setValue(contact.phoneNumber);
        card.addProperty(tel);
      }
      if (contact.linkedIn) card.addPropertyWithValue('url', contact.linkedIn);
      if (contact.connectionDescription) card.addPropertyWithValue('note', contact.connectionDescription);
      if (contact.dateConnected)
        card.addPropertyWithValue(DATE_CONNECTED_PROPERTY.toLowerCase(), contact.dateConnected);
      card.addPropertyWithValue('x-tend-column', contact.tier.getEntity().name);
      const text = card.toString();
      const photo = photos.get(contact.id);
      return photo ? text.replace(/\r\nEND:VCARD$/, `\r\n${photoLines(photo)}\r\nEND:VCARD`) : text;
    })
    .join('\r\n')
    .concat(contacts.length > 0 ? '\r\n' : '');
}

/** `account.json`: the whole account in one document. */
export function accountJson(input: {
  user: Record<string, unknown>;
  tiers: readonly Tier[];
  contacts: readonly Contact[];
  interactions: readonly Interaction[];
  notifications: readonly Notification[];
  exportedAt: Date;
}): string {
  return JSON.stringify(
    {
      format: 'tend-export',
      version: 1,
      exported_at: input.exportedAt.toISOString(),
      user: input.user,
      tiers: input.tiers.map((t) => ({ id: t.id, name: t.name, position: t.position, created_at: iso(t.createdAt) })),
      contacts: input.contacts.map((c) => ({
        id: c.id,
        name: c.name,
        title: c.title,
        company: c.company,
        linked_in: c.linkedIn,
        email: c.email,
        phone_number: c.phoneNumber,
        connection_description: c.connectionDescription,
        date_connected: c.dateConnected,
        tier_id: c.tier.id,
        tier: c.tier.getEntity().name,
        column_order: c.tier.getEntity().position,
        vertical_order: c.verticalOrder,
        photo: photoPathOf(c) || null,
        created_at: iso(c.createdAt),
        updated_at: iso(c.updatedAt),
      })),
      interactions: input.interactions.map((i) => ({
        id: i.id,
        contact_id: i.contact.id,
        date_contacted: i.dateContacted,
        contact_method: i.contactMethod,
        notes: i.notes,
        next_contact_date: i.nextContactDate,
        created_at: iso(i.createdAt),
        updated_at: iso(i.updatedAt),
      })),
      notifications: input.notifications.map((n) => ({
        id: n.id,
        contact_id: n.contact.id,
        interaction_id: n.interaction.id,
        date: n.date,
        title: n.title,
        viewed: n.viewed,
        reminded_at: n.remindedAt ? iso(n.remindedAt) : null,
        created_at: iso(n.createdAt),
      })),
    },
    null,
    2,
  );
}
