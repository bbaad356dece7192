import type { NetworkPage } from '@tend/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { networkKeys, type NetworkFilter } from '@/lib/network-keys';

/** People per page of the triage list ("Show more" asks for the next). */
export const TRIAGE_PAGE_SIZE = 200;

/**
 * `GET /api/network?import_id=`: the people an import brought in who are still in the network (the
 * triage step after an import), narrowed by a search and the company and title filters. Under the
 * network's keys, so a move to the board (lib/bulk-contacts.ts) refreshes it.
 */
export function useImportedPeople(filter: NetworkFilter) {
  return useInfiniteQuery({
    queryKey: networkKeys.list(filter),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      for (const key of ['q', 'company', 'title', 'import_id'] as const) {
        const value = filter[key]?.trim();
        if (value) params.set(key, value);
      }
      params.set('sort', filter.sort);
      if (pageParam) params.set('cursor', pageParam);
      params.set('limit', String(TRIAGE_PAGE_SIZE));
      return api<NetworkPage>(`/api/network?${params.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}
