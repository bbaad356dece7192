import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, matchesEmailRule, NAME_EMPTY_MESSAGE } from './common';
import { CONTACT_FIELDS, type ContactField, type ContactFieldKind } from './contact-fields';
import { INVALID_URL_MESSAGE } from './contact-rules';
import { isIsoDate } from './dates';
import { NOTES_MAX_LENGTH } from './display';
import { CADENCE_RANGE_MESSAGE } from './follow-up';
import { cadenceDaysSchema, followUpDateSchema } from './follow-up-requests';
import { CONTACT_METHODS, type ContactMethod } from './interactions';

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

/** A field's value in a response: the name always, any other field or null. */
type ResponseFieldSchemas = {
  [F in ContactField as F['key']]: F['kind'] extends 'name' ? z.ZodString : z.ZodNullable<z.ZodString>;
};

function responseFieldSchemas(): ResponseFieldSchemas {
  return Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field.key, field.kind === 'name' ? z.string() : z.string().nullable()]),
  ) as ResponseFieldSchemas;
}

export const contactSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  .../* @__PURE__ */ responseFieldSchemas(),
  /** On the board (a card in a column) or in the network (no column: `tier_id` and `column_order` null). */
  on_board: z.boolean(),
  tier_id: z.number().nullable(),
  column_order: z.number().nullable(),
  vertical_order: z.number(),
  photo_url: z.string().nullable(),
  /** The card's own cadence in days, overriding its column's (null: the column's). */
  cadence_days: z.number().nullable(),
  /** The latest date contacted of its interactions (`YYYY-MM-DD`), or null. */
  last_contacted_on: z.string().nullable(),
  /** When it is next due, by the daily loop's rule (`YYYY-MM-DD`, the user's own calendar), or null. */
  next_follow_up_on: z.string().nullable(),
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

/** A URL, with https:// added to a bare `linkedin.com/in/x`. */
const urlSchema = (max: number, label: string) =>
  z
    .string()
    .max(max, { error: `${label} must be at most ${max} characters.` })
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

const contactEmailSchema = (max: number) =>
  z
    .string()
    .max(max)
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

const dateSchema = (label: string) =>
  z
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
        ctx.addIssue({ code: 'custom', message: `${label} must be a date (YYYY-MM-DD).` });
        return z.NEVER;
      }
      return day;
    });

const nameSchema = (max: number, label: string) =>
  z
    .string({ error: NAME_EMPTY_MESSAGE })
    .trim()
    .min(1, { error: NAME_EMPTY_MESSAGE })
    .max(max, { error: `${label} must be at most ${max} characters.` });

/** A field's request schema by its kind: the name is required; every other field may be left out, or emptied (null). */
type RequestSchemaOf<K extends ContactFieldKind> = K extends 'name'
  ? ReturnType<typeof nameSchema>
  : K extends 'url'
    ? ReturnType<typeof urlSchema>
    : K extends 'email'
      ? ReturnType<typeof contactEmailSchema>
      : K extends 'date'
        ? ReturnType<typeof dateSchema>
        : ReturnType<typeof optionalText>;
type RequestFieldSchemas = { [F in ContactField as F['key']]: RequestSchemaOf<F['kind']> };

function requestFieldSchema(field: ContactField) {
  const max = field.maxLength ?? 0;
  switch (field.kind) {
    case 'name':
      return nameSchema(max, field.label);
    case 'url':
      return urlSchema(max, field.label);
    case 'email':
      return contactEmailSchema(max);
    case 'date':
      return dateSchema(field.label);
    default:
      return optionalText(max, field.label);
  }
}

function requestFieldSchemas(): RequestFieldSchemas {
  return Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field.key, requestFieldSchema(field)]),
  ) as unknown as RequestFieldSchemas;
}

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
  .../* @__PURE__ */ requestFieldSchemas(),
  tier_id: optionalInt('tier_id'),
  column_order: optionalInt('column_order'),
  vertical_order: optionalInt('vertical_order'),
  user_id: optionalInt('user_id'),
};

/** The first interaction's method when none is given: a save from LinkedIn follows a LinkedIn message. */
export const FIRST_INTERACTION_DEFAULT_METHOD: ContactMethod = 'LinkedIn message';

/**
 * `first_interaction` of `POST /api/contacts`: what just happened with the person, logged with the
 * card in the same transaction (the extension's "Save with a note"). Dated the user's today unless
 * `date_contacted` says otherwise (not after today: the API checks, it knows the user's time zone).
 */
export const firstInteractionSchema = z.strictObject({
  contact_method: z
    .enum(CONTACT_METHODS, { error: `Contact method must be one of: ${CONTACT_METHODS.join(', ')}.` })
    .optional()
    .transform((v) => v ?? FIRST_INTERACTION_DEFAULT_METHOD),
  notes: z
    .string({ error: 'Notes must be text.' })
    .max(NOTES_MAX_LENGTH, { error: `Notes must be at most ${NOTES_MAX_LENGTH} characters.` })
    .optional()
    .transform((v) => v?.trim() ?? ''),
  date_contacted: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
    .refine((v) => v === undefined || isIsoDate(v), { error: 'Date contacted must be a date (YYYY-MM-DD).' }),
});
export type FirstInteraction = z.infer<typeof firstInteractionSchema>;

export const createContactRequestSchema = z.strictObject({
  ...contactFields,
  /** false: into the network (no column, never refused by the free plan's allowance); default true. */
  on_board: z
    .union([z.boolean(), z.enum(['true', 'false'])], {
      error: 'Say whether they go on the board: on_board is true or false.',
    })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === 'true')),
  first_interaction: firstInteractionSchema.optional(),
  /**
   * The first follow-up as an explicit date (today to a year ahead); left out or empty, the column's
   * cadence decides (the daily loop's rule, as for any new card).
   */
  next_follow_up_on: z
    .string()
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? undefined : v.trim()))
    .refine((v) => v === undefined || isIsoDate(v), { error: 'Follow-up date must be a date (YYYY-MM-DD).' }),
});
export type CreateContactRequest = z.infer<typeof createContactRequestSchema>;

/** A cadence from JSON (a number) or multipart (a string); '' or null: the column's. */
const contactCadenceSchema = z
  .union([z.number(), z.string()], { error: CADENCE_RANGE_MESSAGE })
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : Number(v)))
  .pipe(cadenceDaysSchema.optional());

export const updateContactRequestSchema = z.strictObject({
  ...contactFields,
  name: contactFields.name.optional(),
  id: optionalInt('id'),
  cadence_days: contactCadenceSchema,
  /** "Schedule follow-up" and "Reschedule": a date today or later; null lets the cadence decide again. */
  next_follow_up_on: followUpDateSchema.optional(),
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
 * already the signed-in user's, on the board or in the network (`on_board` says which; compared by
 * `canonicalLinkedInUrl`), 404 otherwise. It carries the card's column and follow-up state, so the
 * extension's popup shows where the person stands (column, last contact, next follow-up) from the
 * one request it makes anyway.
 */
export const linkedInMatchResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  on_board: z.boolean(),
  tier_id: z.number().nullable(),
  /** The column's name (null off the board). */
  tier_name: z.string().nullable(),
  last_contacted_on: z.string().nullable(),
  next_follow_up_on: z.string().nullable(),
});
export type LinkedInMatchResponse = z.infer<typeof linkedInMatchResponseSchema>;

/**
 * `POST /api/contacts` answers 409 with this when the canonical LinkedIn URL or the email (case
 * folded) is already someone's, on the board or in the network: the usual `{errors}` (saying
 * which) plus the id of the person who has it.
 */
export const duplicateContactResponseSchema = z.object({ errors: z.array(z.string()), contact_id: z.number() });
export type DuplicateContactResponse = z.infer<typeof duplicateContactResponseSchema>;

export const PHOTO_MIN_CROP_PX = 100;
