import { z } from 'zod';
import { isoDateSchema } from './dates';
import { NOTES_MAX_LENGTH } from './display';

/** The spec's seven contact methods, exactly as written there (case included). */
export const CONTACT_METHODS = [
  'LinkedIn message',
  'Virtual call',
  'Email',
  'Phone call',
  'Slack',
  'Discord',
  'Other (add in notes)',
] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

export const interactionSchema = z.object({
  id: z.number(),
  contact_id: z.number(),
  user_id: z.number(),
  date_contacted: z.string(),
  contact_method: z.enum(CONTACT_METHODS),
  notes: z.string(),
  next_contact_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Interaction = z.infer<typeof interactionSchema>;

const contactMethodSchema = z.enum(CONTACT_METHODS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'Contact method is required.'
      : `Contact method must be one of: ${CONTACT_METHODS.join(', ')}.`,
});

const notesSchema = z
  .string()
  .max(NOTES_MAX_LENGTH, { error: `Notes must be at most ${NOTES_MAX_LENGTH} characters.` })
  .nullable()
  .transform((v) => v ?? '');

/** `null` or an empty string clears the next-contact date. */
const nextContactDateSchema = z
  .union([z.literal(''), isoDateSchema('Next contact date')])
  .nullable()
  .transform((v) => (v === '' || v === null ? null : v));

/**
 * `POST /api/interactions`. The date rules that need the user's "today" (contacted not after it,
 * next contact not before it) are checked by the API, which knows the user's time zone.
 */
export const createInteractionRequestSchema = z.strictObject({
  contact_id: z.number({ error: 'contact_id is required.' }).int().positive(),
  date_contacted: isoDateSchema('Date contacted'),
  contact_method: contactMethodSchema,
  notes: notesSchema.optional().transform((v) => v ?? ''),
  next_contact_date: nextContactDateSchema.optional().transform((v) => v ?? null),
  /** The spec's client sends it; it must be the signed-in user's id. */
  user_id: z.number().int().positive().optional(),
});
export type CreateInteractionRequest = z.infer<typeof createInteractionRequestSchema>;

/** `PATCH /api/interactions/{id}`: the same fields, each optional; an `id` must equal the path's. */
export const updateInteractionRequestSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  contact_id: z.number().int().positive().optional(),
  date_contacted: isoDateSchema('Date contacted').optional(),
  contact_method: contactMethodSchema.optional(),
  notes: notesSchema.optional(),
  next_contact_date: nextContactDateSchema.optional(),
  user_id: z.number().int().positive().optional(),
});
export type UpdateInteractionRequest = z.infer<typeof updateInteractionRequestSchema>;

export const listInteractionsQuerySchema = z.strictObject({
  contact_id: z.coerce.number({ error: 'contact_id must be a number.' }).int().positive().optional(),
});

export const DATE_CONTACTED_IN_FUTURE_MESSAGE = 'Date contacted cannot be after today.';
export const NEXT_CONTACT_IN_PAST_MESSAGE = 'Next contact date cannot be before today.';

// The spec's toasts and confirmations for the Interaction notes tab.
export const INTERACTION_SAVED_MESSAGE = 'Interaction saved.';
export const interactionNotSavedMessage = (firstError: string) =>
  `Interaction could not be saved. Error: ${firstError}`;
export const interactionSaveExceptionMessage = (detail: string) => `Error during interaction save: ${detail}`;
