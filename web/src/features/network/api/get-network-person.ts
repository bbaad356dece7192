import type { Contact } from '@tend/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { networkKeys } from '@/lib/network-keys';

/** `GET /api/contacts/{id}`: one person of the user's (404 for anyone else's). */
export function fetchNetworkPerson(contactId: number, signal?: AbortSignal): Promise<Contact> {
  return api<Contact>(`/api/contacts/${contactId}`, signal ? { signal } : {});
}

/** Under the network's keys, so a move or an edit that refreshes the network refreshes them too. */
export function networkPersonQueryOptions(contactId: number) {
  return queryOptions({
    queryKey: networkKeys.person(contactId),
    queryFn: ({ signal }) => fetchNetworkPerson(contactId, signal),
  });
}

/**
 * The person /network/{id} names, read alone: only asked (`enabled`) when they are not among the
 * rows the list has loaded (someone further down than its first page).
 */
export function useNetworkPerson(contactId: number | null, enabled: boolean) {
  return useQuery({ ...networkPersonQueryOptions(contactId ?? 0), enabled: enabled && contactId !== null });
}
