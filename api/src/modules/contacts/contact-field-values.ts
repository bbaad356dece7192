import {
  camelCase,
  canonicalLinkedInUrl,
  CONTACT_FIELDS,
  type CamelCase,
  type Contact as ContactResponse,
  type ContactFieldKey,
  contactSearchText,
} from '@tend/contracts';

/**
 * The `Contact` entity's property for each contact field (contact-fields.ts in the contracts): the
 * field's key in camelCase. The entity implements this, so a field without its column fails to compile.
 */
export type ContactFieldProperties = { [K in ContactFieldKey as CamelCase<K>]: string | null } & { name: string };

/** A card's field values as the API answers them (`toContactResponse`, the export). */
export type ContactFieldValues = Pick<ContactResponse, ContactFieldKey>;

/** The values of every field of a card, in the fields' order. */
export function readFields(card: ContactFieldProperties): ContactFieldValues {
  return Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field.key, card[camelCase(field.key)]]),
  ) as ContactFieldValues;
}

/** A LinkedIn address's duplicate key (`contacts.linked_in_key`): its canonical form, or null. */
export function linkedInKey(linkedIn: string | null | undefined): string | null {
  return linkedIn ? canonicalLinkedInUrl(linkedIn) : null;
}

/**
 * Sets the fields that are given (a field left out, undefined, keeps its value), and the network
 * search's folded text and the LinkedIn duplicate key from them (the one place an entity's fields
 * are written).
 */
export function writeFields(
  card: ContactFieldProperties & { searchText: string; linkedInKey: string | null },
  fields: Partial<Record<ContactFieldKey, string | null>>,
): void {
  const properties = card as unknown as Record<CamelCase<ContactFieldKey>, string | null>;
  for (const { key } of CONTACT_FIELDS) {
    const value = fields[key];
    if (value !== undefined) properties[camelCase(key)] = value;
  }
  card.searchText = contactSearchText(card);
  card.linkedInKey = linkedInKey(card.linkedIn);
}
