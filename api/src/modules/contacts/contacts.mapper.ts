import type { Contact as ContactResponse } from '@tend/contracts';
import type { Contact } from './contact.entity';
import { readFields } from './contact-field-values';

/**
 * The photo URL's cache-busting part: the whole random name of the file (`photos/<32 hex>.webp`),
 * so a replaced photo always gets a new URL. `contact-queries.ts` builds the same in SQL.
 */
export function photoVersion(photoKey: string): string {
  return photoKey.slice(photoKey.indexOf('/') + 1, photoKey.lastIndexOf('.'));
}

export function photoUrlOf(contactId: number, photoKey: string): string {
  return `/api/contacts/${contactId}/photo?v=${photoVersion(photoKey)}`;
}

/** Needs `tier` loaded (its position is the spec's column_order); a person in the network has neither. */
export function toContactResponse(contact: Contact): ContactResponse {
  const tier = contact.tier?.getEntity() ?? null;
  return {
    id: contact.id,
    user_id: contact.user.id,
    ...readFields(contact),
    on_board: contact.onBoard,
    tier_id: tier?.id ?? null,
    column_order: tier?.position ?? null,
    vertical_order: contact.verticalOrder,
    photo_url: contact.photoKey ? photoUrlOf(contact.id, contact.photoKey) : null,
    cadence_days: contact.cadenceDays,
    last_contacted_on: contact.lastContactedOn,
    next_follow_up_on: contact.nextFollowUpOn,
    created_at: contact.createdAt.toISOString(),
    updated_at: contact.updatedAt.toISOString(),
  };
}
