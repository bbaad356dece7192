import type { Import as ImportResponse } from '@tend/contracts';
import type { ImportRun } from './import-run.entity';

/** The only way an import leaves the API (its stored rows never do); the added cards' ids only when asked for. */
export function toImportResponse(
  run: ImportRun,
  cardLimit: number | null,
  { includeIds = false } = {},
): ImportResponse {
  return {
    id: run.id,
    state: run.state,
    format: run.format,
    file_name: run.fileName,
    tier_id: run.tierId,
    on_duplicate: run.onDuplicate,
    total: run.total,
    new: run.newCount,
    duplicates: run.duplicates,
    unreadable: run.unreadable,
    fits: run.fits,
    card_limit: cardLimit,
    errors: run.errors,
    columns: run.columns,
    mapping: run.mapping,
    processed: run.position,
    to_process: run.toProcess,
    imported: run.imported,
    to_network: run.toNetwork,
    updated: run.updated,
    skipped: run.skipped,
    over_limit: run.overLimit,
    limit_reached: run.limitReached,
    stopped_at_row: run.stoppedAtRow,
    message: run.message,
    contact_ids: includeIds ? run.contactIds : null,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}
