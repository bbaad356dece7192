import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, matchesEmailRule, NAME_EMPTY_MESSAGE } from './common';

import { CONTACT_LIMITS, INVALID_URL_MESSAGE } from './contact-rules';

/** "Looks like a URL": http(s) with a host; a bare "linkedin.com/in/x" gets https:// added. */
export function normalizeUrl(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return null;
    return url.toString();
  } catch {
    return null;
  }
}

export const contactSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  name: z.string(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  linked_in: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  connection_description: z.string().nullable(),
  date_connected: z.string().nullable(),
  tier_id: z.number(),
  column_order: z.number(),
  vertical_order: z.number(),
  photo_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** Optional text: empty or blank becomes null (multipart sends every field as a string). */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()));

const linkedInSchema = z
  .string()
  .max(CONTACT_LIMITS.linkedIn, { error: `LinkedIn URL must be at most ${CONTACT_LIMITS.linkedIn} characters.` })
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v.trim() === '') return null;
    const url = normalizeUrl(v);
    if (!url) {
      ctx.addIssue({ code: 'custom', message: INVALID_URL_MESSAGE });
      return z.NEVER;
    }
    return url;
  });

const contactEmailSchema = z
  .string()
  .max(CONTACT_LIMITS.email)
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v.trim() === '') return null;
    if (!matchesEmailRule(v.trim())) {
      ctx.addIssue({ code: 'custom', message: INVALID_EMAIL_MESSAGE });
      return z.NEVER;
    }
    return v.trim().toLowerCase();
  });

const dateConnectedSchema = z
  .string()
  .nullable()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v.trim() === '') return null;
    // The spec's client sends dates whose first 10 characters are YYYY-MM-DD.
    const day = v.trim().slice(0, 10);
    const parsed = new Date(`${day}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(day) ||
      Number.isNaN(parsed.getTime()) ||
      parsed.toISOString().slice(0, 10) !== day
    ) {
      ctx.addIssue({ code: 'custom', message: 'Date connected must be a date (YYYY-MM-DD).' });
      return z.NEVER;
    }
    return day;
  });

/** Integers arrive as numbers (JSON) or strings (multipart). */
const optionalInt = (label: string) =>
  z
    .union([z.number(), z.string()])
    .nullable()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return undefined;
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isInteger(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number.` });
        return z.NEVER;
      }
      return n;
    });

const contactFields = {
  name: z
    .string({ error: NAME_EMPTY_MESSAGE })
    .trim()
    .min(1, { error: NAME_EMPTY_MESSAGE })
    .max(CONTACT_LIMITS.name, { error: `Name must be at most ${CONTACT_LIMITS.name} characters.` }),
  title: optionalText(CONTACT_LIMITS.title, 'Title'),
  company: optionalText(CONTACT_LIMITS.company, 'Company'),
  linked_in: linkedInSchema,
  email: contactEmailSchema,
  phone_number: optionalText(CONTACT_LIMITS.phoneNumber, 'Phone number'),
  connection_description: optionalText(CONTACT_LIMITS.connectionDescription, 'Connection description'),
  date_connected: dateConnectedSchema,
  tier_id: optionalInt('tier_id'),
  column_order: optionalInt('column_order'),
  vertical_order: optionalInt('vertical_order'),
  user_id: optionalInt('user_id'),
};

export const createContactRequestSchema = z.strictObject(contactFields);
export type CreateContactRequest = z.infer<typeof createContactRequestSchema>;

export const updateContactRequestSchema = z.strictObject({
  ...contactFields,
  name: contactFields.name.optional(),
  id: optionalInt('id'),
});
export type UpdateContactRequest = z.infer<typeof updateContactRequestSchema>;

export const moveContactRequestSchema = z.strictObject({
  tier_id: z.number({ error: 'tier_id is required.' }).int().positive(),
  index: z.number({ error: 'index is required.' }).int().min(0, { error: 'index must be 0 or more.' }),
});
export type MoveContactRequest = z.infer<typeof moveContactRequestSchema>;

/** The contacts of both columns a move touched, with their new orders. */
export const moveContactResponseSchema = z.object({ contacts: z.array(contactSchema) });
export type MoveContactResponse = z.infer<typeof moveContactResponseSchema>;

/**
 * `GET /api/contacts/by-linkedin?url=<canonical LinkedIn URL>`: 200 with this when that profile is
 * already on the signed-in user's board (compared by `canonicalLinkedInUrl`), 404 otherwise.
 */
export const linkedInMatchResponseSchema = z.object({ id: z.number(), name: z.string() });
export type LinkedInMatchResponse = z.infer<typeof linkedInMatchResponseSchema>;

/**
 * `POST /api/contacts` answers 409 with this when the canonical LinkedIn URL is already on the
 * board: the usual `{errors}` plus the id of the card that has it.
 */
export const duplicateContactResponseSchema = z.object({ errors: z.array(z.string()), contact_id: z.number() });
export type DuplicateContactResponse = z.infer<typeof duplicateContactResponseSchema>;

export const PHOTO_MIN_CROP_PX = 100;
