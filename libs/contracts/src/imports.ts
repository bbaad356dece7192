import { z } from 'zod';
import { CONTACT_FIELDS, IMPORTABLE_CONTACT_FIELDS, type ImportableContactField } from './contact-fields';

/**
 * Imports and exports: `POST /api/imports` (multipart `file`, `tier_id`, optional `on_duplicate`
 * and `mapping`) stores the file and answers the import while it is `reading`; a job reads it and
 * makes the preview without writing any card (poll `GET /api/imports/{id}` until it is no longer
 * `reading`); `POST /api/imports/{id}/start` runs it (202); `GET /api/imports/{id}` reports it
 * (`?include=ids` adds the ids of the cards it added); `POST /api/imports/{id}/cancel` stops it.
 * `POST /api/exports` builds a zip of everything (202); `GET /api/exports/{id}` reports it and, once
 * ready, gives a single-use download link that expires.
 */

/** Files up to this size are read; a larger one answers 400. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** A LinkedIn data-export ZIP may unpack its `Connections.csv` to at most this many bytes (a zip bomb answers 400). */
export const IMPORT_ZIP_MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
/**
 * People read from one file at most: LinkedIn lets a member have at most 30,000 connections, so no
 * export of theirs holds more; a larger file is refused rather than read without end.
 */
export const IMPORT_MAX_ROWS = 30_000;
/** Rows written to the board per batch (one board write each). */
export const IMPORT_BATCH_SIZE = 1_000;
/** At most this many row problems are listed (`unreadable` counts them all). */
export const IMPORT_MAX_LISTED_ERRORS = 100;

export const IMPORT_FORMATS = ['linkedin', 'vcard', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * `reading`: the file is being read (the preview's counts are not known yet); `failed` before any
 * preview (nothing to process): the file could not be read, and `message` says why.
 */
export const IMPORT_STATES = ['reading', 'preview', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export const ON_DUPLICATE = ['skip', 'update'] as const;
export type OnDuplicate = (typeof ON_DUPLICATE)[number];

/**
 * The card fields a generic CSV's columns can be mapped to: the name, or a first and a last name to
 * join, then every other field an import fills (contact-fields.ts).
 */
export type ImportField = 'first_name' | 'last_name' | ImportableContactField['key'];
export const IMPORT_FIELDS = [
  'name',
  'first_name',
  'last_name',
  ...IMPORTABLE_CONTACT_FIELDS.map((field) => field.key).filter((key) => key !== 'name'),
] as [ImportField, ...ImportField[]];

/** What the screen shows for each field in the column mapping. */
export const IMPORT_FIELD_LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  ...Object.fromEntries(IMPORTABLE_CONTACT_FIELDS.map((field) => [field.key, field.label])),
} as Record<ImportField, string>;

/** A generic CSV's mapping: field -> the header of the column that holds it (each field at most once). */
export const importMappingSchema = z.partialRecord(z.enum(IMPORT_FIELDS), z.string().min(1).max(200));
export type ImportMapping = z.infer<typeof importMappingSchema>;

const DESTINATION_MESSAGE = 'Choose the column to import into (tier_id).';

/** An import's destination as multipart sends it: a column's id, or `network` (everyone into the network). */
const importDestinationSchema = z.unknown().transform((value, ctx): number | null => {
  if (value === 'network') return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isInteger(n) || n <= 0) {
    ctx.addIssue({ code: 'custom', message: DESTINATION_MESSAGE });
    return z.NEVER;
  }
  return n;
});

/**
 * The multipart fields of `POST /api/imports` besides `file` (all arrive as strings). `tier_id` is
 * the destination so far (a column, or `network`); the preview's choice is sent again with start.
 */
export const createImportRequestSchema = z.strictObject({
  tier_id: importDestinationSchema,
  on_duplicate: z
    .enum(ON_DUPLICATE, { error: 'Choose "skip" or "update" for on_duplicate.' })
    .optional()
    .default('skip'),
  mapping: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The mapping must be a JSON object of field to column name.' });
        return z.NEVER;
      }
      const result = importMappingSchema.safeParse(parsed);
      if (!result.success) {
        ctx.addIssue({
          code: 'custom',
          message: `The mapping must map fields (${IMPORT_FIELDS.join(', ')}) to column names.`,
        });
        return z.NEVER;
      }
      return result.data;
    }),
});
export type CreateImportRequest = z.infer<typeof createImportRequestSchema>;

/**
 * `POST /api/imports/{id}/start`'s JSON body (optional; issue 26): the destination chosen at the
 * preview. A column: the first `fits` new people go on the board in that column, all the rest into
 * the network (nobody is left out). null: everyone into the network. Left out: as uploaded.
 */
export const startImportRequestSchema = z.strictObject({
  tier_id: z
    .number({ error: 'Choose the column to import into (tier_id), or null for the network only.' })
    .int({ error: 'Choose the column to import into (tier_id), or null for the network only.' })
    .positive({ error: 'Choose the column to import into (tier_id), or null for the network only.' })
    .nullable()
    .optional(),
});
export type StartImportRequest = z.infer<typeof startImportRequestSchema>;

export const importRowErrorSchema = z.object({
  /** The row's number among the file's people (1 = the first person; a vCard's cards count the same way). */
  row: z.number().int(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importSchema = z.object({
  id: z.string(),
  state: z.enum(IMPORT_STATES),
  format: z.enum(IMPORT_FORMATS),
  file_name: z.string(),
  /** The destination: a column (the board's room, the rest into the network), or null (the network only). */
  tier_id: z.number().nullable(),
  on_duplicate: z.enum(ON_DUPLICATE),
  /** People in the file (readable or not). */
  total: z.number().int(),
  /** Readable people not yet on the board. */
  new: z.number().int(),
  /** Readable people already the user's, on the board or in the network (same canonical LinkedIn URL or email), or twice in the file. */
  duplicates: z.number().int(),
  unreadable: z.number().int(),
  /** How many of the new people the board has room for (all of them on an unlimited plan); the rest can go into the network. */
  fits: z.number().int(),
  /** Cards the plan holds (null: unlimited). */
  card_limit: z.number().int().nullable(),
  errors: z.array(importRowErrorSchema),
  /** A generic CSV's header and the mapping used (guessed from the header unless one was sent); null otherwise. */
  columns: z.array(z.string()).nullable(),
  mapping: importMappingSchema.nullable(),
  /** Rows handled so far (the progress bar: processed / total readable rows). */
  processed: z.number().int(),
  /** Readable rows the run goes through (new + duplicates). */
  to_process: z.number().int(),
  /** New people the run added: on the board and into the network. */
  imported: z.number().int(),
  /** Of `imported`, the people the run put into the network (beyond the board's room, or the network only). */
  to_network: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** New people left out because the free plan's allowance was reached (0 since issue 26: the rest go into the network). */
  over_limit: z.number().int(),
  limit_reached: z.boolean(),
  /** Where a failed run stopped: the row (as in `errors`) of the first person not imported. */
  stopped_at_row: z.number().int().nullable(),
  /** One sentence about how it ended (failure, cancel, the free plan's limit); null while all is well. */
  message: z.string().nullable(),
  /**
   * The ids of the people this import added, board and network (for the board's "what came in"
   * filter; the triage step reads `GET /api/network?import_id=`), only when asked for with
   * `?include=ids` (null otherwise: `imported` counts them; a poll need not carry them).
   */
  contact_ids: z.array(z.number()).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

export const EXPORT_STATES = ['pending', 'ready', 'failed', 'downloaded', 'expired'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** Hours a ready export can be downloaded (once). */
export const EXPORT_TTL_HOURS = 24;

export const exportSchema = z.object({
  id: z.string(),
  state: z.enum(EXPORT_STATES),
  /** While ready: the single-use link (same-origin, needs the owner's session). */
  download_url: z.string().nullable(),
  size: z.number().int().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type Export = z.infer<typeof exportSchema>;

/** The files every export zip holds (plus `photos/<contact id>.webp`). */
export const EXPORT_FILES = [
  'contacts.csv',
  'interactions.csv',
  'notifications.csv',
  'contacts.vcf',
  'account.json',
] as const;

/** A column as an export holds it (`account.json`). */
export interface ExportedTier {
  id: number;
  name: string;
  position: number;
  /** How often its cards are due, in days (the daily loop's cadence); null: no cadence. */
  cadence_days: number | null;
  created_at: string;
}

/**
 * A card's follow-up as an export holds it (`account.json`, `notifications.csv`): the bell's view of
 * the daily loop's rule, one per card with a date (its id is the card's).
 */
export interface ExportedNotification {
  id: number;
  contact_id: number;
  /** The card's latest interaction, or null. */
  interaction_id: number | null;
  date: string;
  title: string;
  viewed: boolean;
  /** The follow-up date a reminder email covered, or null. */
  reminded_on: string | null;
}

/** The columns of an export's `contacts.csv`, in order (the import reads them back). */
export const EXPORT_CONTACT_COLUMNS: readonly string[] = [
  'id',
  ...CONTACT_FIELDS.map((field) => field.csvHeader),
  'tier',
  'column_order',
  'vertical_order',
  /** true: a card on the board; false: in the network (its column is empty). An export before issue 26 has no such column: all on the board. */
  'on_board',
  'photo',
  'created_at',
  'updated_at',
];
