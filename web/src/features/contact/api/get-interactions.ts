import type { Interaction } from '@tend/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { interactionKeys } from './keys';

/** `GET /api/interactions?contact_id=N`: one contact's interactions, newest first. */
export function fetchContactInteractions(contactId: number): Promise<Interaction[]> {
  return api<Interaction[]>(`/api/interactions?contact_id=${contactId}`);
}

export const contactInteractionsQueryOptions = (contactId: number) =>
  queryOptions({
    queryKey: interactionKeys.forContact(contactId),
    queryFn: () => fetchContactInteractions(contactId),
  });

/** The spec loads interactions in full when the card opens; the tab and the timeline share them. */
export function useContactInteractions(contactId: number) {
  return useQuery(contactInteractionsQueryOptions(contactId));
}

/** Newest first, as the API lists them: by date contacted, then by id (PRODUCT.md §4). */
export function newestFirst(a: Interaction, b: Interaction): number {
  if (a.date_contacted !== b.date_contacted) return a.date_contacted < b.date_contacted ? 1 : -1;
  return b.id - a.id;
}
