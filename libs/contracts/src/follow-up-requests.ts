import { z } from 'zod';
import { isIsoDate } from './dates';
import {
  CADENCE_MAX_DAYS,
  CADENCE_MIN_DAYS,
  CADENCE_RANGE_MESSAGE,
  SNOOZE_MAX_DAYS,
  SNOOZE_RANGE_MESSAGE,
} from './follow-up';
import { NOTES_MAX_LENGTH } from './display';
import { CONTACT_METHODS } from './interactions';

// The daily loop's request schemas, apart from its rule (follow-up.ts): the board draws its due
// chips with the rule's date functions, and a module that also built zod schemas took zod (~23 KiB
// gzipped) into the board's first load with it (docs/PERFORMANCE.md, the board's first-load JavaScript).

/** A cadence in a request: 1 to 365 days, or null for none. */
export const cadenceDaysSchema = z
  .number({ error: CADENCE_RANGE_MESSAGE })
  .int({ error: CADENCE_RANGE_MESSAGE })
  .min(CADENCE_MIN_DAYS, { error: CADENCE_RANGE_MESSAGE })
  .max(CADENCE_MAX_DAYS, { error: CADENCE_RANGE_MESSAGE })
  .nullable();

const dateFieldSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD).` })
    .trim()
    .refine(isIsoDate, { error: `${label} must be a date (YYYY-MM-DD).` });

/**
 * `POST /api/contacts/{id}/snooze`: `{ until }` (a date after today) or `{ days }` (1 to 365), exactly
 * one of them. One object rather than a union, so a bad value gets its own message ("days: 0" says
 * the range) rather than the union's.
 */
export const snoozeRequestSchema = z
  .strictObject({
    until: dateFieldSchema('Snooze date').optional(),
    days: z
      .number({ error: SNOOZE_RANGE_MESSAGE })
      .int({ error: SNOOZE_RANGE_MESSAGE })
      .min(1, { error: SNOOZE_RANGE_MESSAGE })
      .max(SNOOZE_MAX_DAYS, { error: SNOOZE_RANGE_MESSAGE })
      .optional(),
  })
  .refine((body) => (body.until === undefined) !== (body.days === undefined), {
    error: 'Snooze needs either until (a date) or days (1 to 365).',
  });
export type SnoozeRequest = z.infer<typeof snoozeRequestSchema>;

/** `POST /api/contacts/{id}/done`: logs an interaction dated today. */
export const doneRequestSchema = z.strictObject({
  method: z.enum(CONTACT_METHODS, { error: `Method must be one of: ${CONTACT_METHODS.join(', ')}.` }).optional(),
  note: z
    .string({ error: 'Note must be text.' })
    .max(NOTES_MAX_LENGTH, { error: `Notes must be at most ${NOTES_MAX_LENGTH} characters.` })
    .optional(),
});
export type DoneRequest = z.infer<typeof doneRequestSchema>;

/** `next_follow_up_on` in `PATCH /api/contacts/{id}`: a date today or later, or null to clear it. */
export const followUpDateSchema = dateFieldSchema('Follow-up date').nullable();
