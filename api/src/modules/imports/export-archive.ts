import {
  CONTACT_FIELDS,
  EXPORT_CONTACT_COLUMNS,
  type ExportedNotification,
  type ExportedTier,
  type Interaction,
} from '@tend/contracts';
import { stringify } from 'csv-stringify/sync';
import type { ExportedCard } from '../contacts/contacts.service';
import type { Ical } from './parsers/ical';

/** Where a contact's photo lies inside the zip. */
export const photoPathOf = (card: ExportedCard) => (card.photoKey ? `photos/${card.contact.id}.webp` : '');

/** `contacts.csv`: every field, the column's name and position and the order in it; board order. */
export function contactsCsv(cards: readonly ExportedCard[]): string {
  return stringify(
    cards.map((card) => {
      const c = card.contact;
      return [
        c.id,
        ...CONTACT_FIELDS.map((field) => c[field.key] ?? ''),
        card.column,
        c.column_order,
        c.vertical_order,
        photoPathOf(card),
        c.created_at,
        c.updated_at,
      ];
    }),
    { header: true, columns: [...EXPORT_CONTACT_COLUMNS], bom: true, record_delimiter: 'windows' },
  );
}

export function interactionsCsv(interactions: readonly Interaction[], names: ReadonlyMap<number, string>): string {
  return stringify(
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
    {
      header: true,
      columns: [
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
      bom: true,
      record_delimiter: 'windows',
    },
  );
}

export function notificationsCsv(notifications: readonly ExportedNotification[]): string {
  return stringify(
    notifications.map((n) => [
      n.id,
      n.contact_id,
      n.interaction_id,
      n.date,
      n.title,
      n.viewed,
      n.reminded_at ?? '',
      n.created_at,
    ]),
    {
      header: true,
      columns: ['id', 'contact_id', 'interaction_id', 'date', 'title', 'viewed', 'reminded_at', 'created_at'],
      bom: true,
      record_delimiter: 'windows',
      cast: { boolean: (value) => (value ? 'true' : 'false') },
    },
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

/** `contacts.vcf`: one vCard 4.0 per contact, written by ical.js (escaping and line folding). */
export function contactsVcf(ICAL: Ical, cards: readonly ExportedCard[]): string {
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
      card.addPropertyWithValue('x-tend-column', column);
      return card.toString();
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
