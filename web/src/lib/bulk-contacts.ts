import type { BulkContactsRequest, BulkContactsResponse } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { contactKeys } from './contact-keys';
import { networkKeys } from './network-keys';

/**
 * `POST /api/contacts/bulk`: people between the board and the network, all or nothing. Shared by the
 * network screen (Add to board), the board (Move to network) and the import's triage step, so it
 * lives here rather than in one of those features.
 */
export function bulkMoveContacts(request: BulkContactsRequest): Promise<BulkContactsResponse> {
  return api<BulkContactsResponse>('/api/contacts/bulk', { method: 'POST', body: request });
}

export function useBulkMoveContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkMoveContacts,
    // Both lists change: the board gains or loses cards, the network the other way round.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: networkKeys.all }),
      ]),
  });
}
