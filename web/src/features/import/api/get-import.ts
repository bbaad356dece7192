import type { Import } from '@tend/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { importKeys } from './keys';

/** How often an import being read or run is asked about (the progress bar moves at this pace). */
export const IMPORT_POLL_MS = 500;

/** While the server reads the file or runs the import, the import changes; then never again. */
const changing = (run: Import | undefined) => run?.state === 'reading' || run?.state === 'running';

/** `GET /api/imports/{id}`: the preview's counts, then the run's progress and its end. */
export function fetchImport(id: string, { includeIds = false } = {}): Promise<Import> {
  return api<Import>(`/api/imports/${encodeURIComponent(id)}${includeIds ? '?include=ids' : ''}`);
}

export function importQueryOptions(id: string) {
  return queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: () => fetchImport(id),
    // Polls while the job runs; a finished import never changes again.
    refetchInterval: (query) => (changing(query.state.data) ? IMPORT_POLL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: (query) => (changing(query.state.data) ? 0 : Infinity),
  });
}

/** The import `id` (none: nothing is asked). */
export function useImport(id: string | null) {
  return useQuery({ ...importQueryOptions(id ?? ''), enabled: id !== null });
}

/** The import `id` with the ids of the cards it added (`contact_ids`), for the board narrowed to them. */
export function useImportWithIds(id: string | null) {
  return useQuery({
    queryKey: importKeys.withIds(id ?? ''),
    queryFn: () => fetchImport(id ?? '', { includeIds: true }),
    enabled: id !== null,
    refetchInterval: (query) => (changing(query.state.data) ? IMPORT_POLL_MS : false),
    staleTime: (query) => (changing(query.state.data) ? 0 : Infinity),
  });
}
