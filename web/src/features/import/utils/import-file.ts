import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  type Import,
  type ImportField,
  type ImportFormat,
  type ImportMapping,
  type ImportState,
} from '@tend/contracts';
import { IMPORT_MESSAGES } from '../messages';

/** What the file picker offers: LinkedIn's Connections.csv or its whole export ZIP, vCards, any CSV. */
export const IMPORT_FILE_ACCEPT =
  '.csv,.zip,.vcf,.vcard,text/csv,text/vcard,text/x-vcard,application/zip,application/x-zip-compressed';

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  linkedin: 'LinkedIn connections',
  vcard: 'vCard contacts',
  csv: 'CSV file',
};

/** Why a chosen file cannot be sent (checked before the upload), or null when it may go. */
export function fileProblem(file: File | null): string | null {
  if (!file) return IMPORT_MESSAGES.noFile;
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_MESSAGES.tooLarge;
  return null;
}

/** "2.4 MB", "812 KB", "96 bytes". */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return bytes === 1 ? '1 byte' : `${bytes} bytes`;
}

/** A finished import (its counts no longer change). */
export function isFinished(state: ImportState): boolean {
  return state === 'done' || state === 'failed' || state === 'cancelled';
}

/** The mapping in a stable form, so "changed?" compares contents, not key order. */
export function sameMapping(a: ImportMapping | null, b: ImportMapping | null): boolean {
  const entries = (mapping: ImportMapping | null) =>
    IMPORT_FIELDS.map((field) => mapping?.[field] ?? '').join('\u0000');
  return entries(a) === entries(b);
}

/** The mapping without unmatched fields. */
export function cleanMapping(mapping: Partial<Record<ImportField, string>>): ImportMapping {
  const clean: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column) clean[field] = column;
  }
  return clean;
}

/** A person needs a name: Name, or First name / Last name, must be matched to a column. */
export function mappingHasName(mapping: ImportMapping): boolean {
  return !!(mapping.name || mapping.first_name || mapping.last_name);
}

/** How many rows the run will go through, and how far it got (the progress bar's numbers). */
export function progressOf(run: Pick<Import, 'processed' | 'to_process'>): {
  value: number;
  max: number;
  percent: number;
} {
  const max = Math.max(0, run.to_process);
  const value = Math.min(Math.max(0, run.processed), max);
  return { value, max, percent: max === 0 ? 100 : Math.round((value / max) * 100) };
}

/** New people the run would add: all of them, or as many as the free plan has room for. */
export function toAdd(run: Pick<Import, 'new' | 'fits'>): number {
  return Math.min(run.new, run.fits);
}

/**
 * Whether starting would change anything: someone new (on the board as far as the plan has room,
 * everyone else into the network: issue 26, nobody is left out any more), or duplicates to update.
 */
export function hasWork(run: Pick<Import, 'new' | 'duplicates' | 'on_duplicate'>): boolean {
  return run.new > 0 || (run.on_duplicate === 'update' && run.duplicates > 0);
}
