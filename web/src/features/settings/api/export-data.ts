import type { Export } from '@tend/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often a pending export is asked about. */
export const EXPORT_POLL_MS = 1000;

export const exportKeys = {
  all: ['exports'] as const,
  detail: (id: string) => ['exports', id] as const,
};

/** `POST /api/exports` (202): the `export.build` job writes the zip; asking again while one builds answers that one. */
export function requestExport(): Promise<Export> {
  return api<Export>('/api/exports', { method: 'POST' });
}

/** `GET /api/exports/{id}`: pending, then ready with its single-use download link. */
export function fetchExport(id: string): Promise<Export> {
  return api<Export>(`/api/exports/${encodeURIComponent(id)}`);
}

export function exportQueryOptions(id: string) {
  return queryOptions({
    queryKey: exportKeys.detail(id),
    queryFn: () => fetchExport(id),
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? EXPORT_POLL_MS : false),
    // A ready link is used once: asking again on focus would only show what this page already knows.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export function useExport(id: string | null) {
  return useQuery({ ...exportQueryOptions(id ?? ''), enabled: id !== null });
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestExport,
    onSuccess: (requested) => queryClient.setQueryData(exportKeys.detail(requested.id), requested),
  });
}
