import type { Import } from '@tend/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { importKeys } from './keys';

/** How often a running import is asked about (the progress bar moves at this pace). */
export const IMPORT_POLL_MS = 500;

/** `GET /api/imports/{id}`: the preview's counts, then the run's progress and its end. */
export function fetchImport(id: string): Promise<Import> {
  return api<Import>(`/api/imports/${encodeURIComponent(id)}`);
}

export function importQueryOptions(id: string) {
  return queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: () => fetchImport(id),
    // Polls while the job runs; a finished import never changes again.
    refetchInterval: (query) => (query.state.data?.state === 'running' ? IMPORT_POLL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: (query) => (query.state.data?.state === 'running' ? 0 : Infinity),
  });
}

/** The import `id` (none: nothing is asked). */
export function useImport(id: string | null) {
  return useQuery({ ...importQueryOptions(id ?? ''), enabled: id !== null });
}
