import { BULK_MAX_IDS, type NetworkPage } from '@tend/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { networkKeys, type NetworkFilter } from '@/lib/network-keys';

/** People per page: a screenful and a half of rows, one request per long scroll. */
export const NETWORK_PAGE_SIZE = 100;

function networkPath(filter: NetworkFilter, cursor: string | null, limit: number): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'company', 'title', 'import_id'] as const) {
    const value = filter[key]?.trim();
    if (value) params.set(key, value);
  }
  params.set('sort', filter.sort);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return `/api/network?${params.toString()}`;
}

/** `GET /api/network`: one page of the people not on the board. */
export function fetchNetworkPage(
  filter: NetworkFilter,
  cursor: string | null,
  limit = NETWORK_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<NetworkPage> {
  return api<NetworkPage>(networkPath(filter, cursor, limit), signal ? { signal } : {});
}

/**
 * The network's pages for a filter. A new search keeps the last answer on screen
 * (`placeholderData`) until its own arrives, so the list never blanks between keystrokes.
 */
export function useNetwork(filter: NetworkFilter) {
  return useInfiniteQuery({
    queryKey: networkKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchNetworkPage(filter, pageParam, NETWORK_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

/**
 * "Select all N matching": the ids of everyone the filter matches, paged through at the largest
 * page, up to what one bulk move takes (`BULK_MAX_IDS`).
 */
export async function fetchMatchingIds(filter: NetworkFilter, max = BULK_MAX_IDS): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await fetchNetworkPage(filter, cursor, 200);
    for (const person of page.items) if (ids.length < max) ids.push(person.id);
    cursor = page.next_cursor;
  } while (cursor && ids.length < max);
  return ids;
}
