import { z } from 'zod';

/** Every 4xx answer from the API has this shape; the web client shows `errors[0]` or all of them. */
export const errorResponseSchema = z.object({ errors: z.array(z.string()) });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const INVALID_EMAIL_MESSAGE = 'Invalid email address.';
export const EMAIL_MAX_LENGTH = 254;

/** Word runs split on single dots or hyphens ("first-last.name" -> first, last, name); null if a run is empty. */
function wordRuns(text: string): string[] | null {
  const runs = text.split(/[.-]/);
  return runs.every((run) => /^\w+$/.test(run)) ? runs : null;
}

/**
 * The spec's email rule: a word-like local part with optional dots or hyphens, '@', a domain,
 * and an ending of 2 to 3 characters. Written out by hand in linear time: the spec's own pattern,
 * `/^\w+([.-]?\w+)*@\w+([.-]?\w+)*(\.\w{2,3})+$/`, backtracks exponentially (one
 * `'a'.repeat(40) + '!'` blocks the event loop for minutes). `common.spec.ts` checks that both
 * accept and refuse exactly the same strings.
 *
 * Read as runs of `\w` separated by single '.' or '-': the local part is one or more runs; the
 * domain is two or more runs whose last separator is a '.' and whose last run has 2 or 3 characters
 * (any earlier ".xx" endings are ordinary runs).
 */
export function matchesEmailRule(text: string): boolean {
  const at = text.indexOf('@');
  if (at < 0 || text.indexOf('@', at + 1) >= 0) return false;
  const domain = text.slice(at + 1);
  const domainRuns = wordRuns(domain);
  const ending = domainRuns?.at(-1);
  return (
    wordRuns(text.slice(0, at)) !== null &&
    domainRuns !== null &&
    domainRuns.length >= 2 &&
    ending !== undefined &&
    ending.length >= 2 &&
    ending.length <= 3 &&
    domain.charAt(domain.length - ending.length - 1) === '.'
  );
}

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: INVALID_EMAIL_MESSAGE })
  .refine(matchesEmailRule, { error: INVALID_EMAIL_MESSAGE });

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && matchesEmailRule(value.trim());
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
