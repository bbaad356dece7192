import { z } from 'zod';
import { isIsoDate } from './dates';
import { NOTES_MAX_LENGTH } from './display';
import { CONTACT_METHODS } from './interactions';
import { CADENCE_MAX_DAYS, CADENCE_MIN_DAYS, SNOOZE_MAX_DAYS } from './follow-up-rule';

export * from './follow-up-rule';

// ── Requests and answers ──────────────────────────────────────────────────────────────────────

export const CADENCE_RANGE_MESSAGE = `Cadence must be a whole number of days from ${CADENCE_MIN_DAYS} to ${CADENCE_MAX_DAYS}.`;

/** A cadence in a request: 1 to 365 days, or null for none. */
export const cadenceDaysSchema = z
  .number({ error: CADENCE_RANGE_MESSAGE })
  .int({ error: CADENCE_RANGE_MESSAGE })
  .min(CADENCE_MIN_DAYS, { error: CADENCE_RANGE_MESSAGE })
  .max(CADENCE_MAX_DAYS, { error: CADENCE_RANGE_MESSAGE })
  .nullable();

const dateField = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD).` })
    .trim()
    .refine(isIsoDate, { error: `${label} must be a date (YYYY-MM-DD).` });

export const SNOOZE_RANGE_MESSAGE = `Snooze until a date after today, at most ${SNOOZE_MAX_DAYS} days ahead.`;
export const FOLLOW_UP_DATE_RANGE_MESSAGE = `Follow-up date must be today or later, at most ${SNOOZE_MAX_DAYS} days ahead.`;

/**
 * `POST /api/contacts/{id}/snooze`: `{ until }` (a date after today) or `{ days }` (1 to 365), exactly
 * one of them. One object rather than a union, so a bad value gets its own message ("days: 0" says
 * the range) rather than the union's.
 */
export const snoozeRequestSchema = z
  .strictObject({
    until: dateField('Snooze date').optional(),
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
export const followUpDateSchema = dateField('Follow-up date').nullable();
