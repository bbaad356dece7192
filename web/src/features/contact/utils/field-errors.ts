import { INVALID_URL_MESSAGE, NAME_EMPTY_MESSAGE } from '@tend/contracts';
import type { z } from 'zod';

/** The first message per top-level field of a failed contract parse. */
export function fieldErrors<K extends string>(error: z.ZodError): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) errors[key as K] = issue.message;
  }
  return errors;
}

/** Server messages that belong to one field (the rest are shown above the form). */
export function fieldForServerMessage(message: string): 'name' | 'linked_in' | 'email' | null {
  if (message === NAME_EMPTY_MESSAGE) return 'name';
  if (message === INVALID_URL_MESSAGE) return 'linked_in';
  if (message === 'Invalid email address.') return 'email';
  return null;
}
