import { z } from 'zod';

/** Every 4xx answer from the API has this shape; the web client shows `errors[0]` or all of them. */
export const errorResponseSchema = z.object({ errors: z.array(z.string()) });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * The spec's email rule: a word-like local part with optional dots or hyphens, '@', a domain,
 * and an ending of 2 to 3 characters.
 */
export const EMAIL_PATTERN = /^\w+([.-]?\w+)*@\w+([.-]?\w+)*(\.\w{2,3})+$/;
export const INVALID_EMAIL_MESSAGE = 'Invalid email address.';
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: INVALID_EMAIL_MESSAGE })
  .regex(EMAIL_PATTERN, { error: INVALID_EMAIL_MESSAGE });

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value.trim());
}

/** Ids travel as positive integers; path params arrive as strings and are coerced. */
export const idSchema = z.coerce
  .number({ error: 'Id must be a number.' })
  .int({ error: 'Id must be a whole number.' })
  .positive({ error: 'Id must be positive.' });

export const NAME_EMPTY_MESSAGE = 'Name cannot be empty.';

/** Shared by every schema that names a person. */
export const personNameSchema = z
  .string({ error: NAME_EMPTY_MESSAGE })
  .trim()
  .min(1, { error: NAME_EMPTY_MESSAGE })
  .max(120, { error: 'Name must be at most 120 characters.' });
