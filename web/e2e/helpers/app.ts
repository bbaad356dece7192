import { resolve } from 'node:path';
import { inject } from 'vitest';

/** The running app's address (from the global setup), without a trailing slash. */
export function baseUrl(): string {
  return inject('baseUrl');
}

/** The app's DATA_DIR; its `outbox/` holds every mail the app sent. */
export function dataDir(): string {
  return inject('dataDir');
}

/** The app's database (from the global setup); for set-ups the API cannot make, never for checks. */
export function databaseUrl(): string {
  return inject('databaseUrl');
}

/** The repository root (web/e2e/helpers -> ../../..). */
export const ROOT = resolve(import.meta.dirname, '..', '..', '..');
