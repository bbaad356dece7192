import type { HiddenToNetworkResponse } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys } from '@/lib/contact-keys';
import { networkKeys } from '@/lib/network-keys';

/**
 * `POST /api/network/hidden`: after a Premium plan ended, the cards hidden past the free allowance
 * (the client never sees them) go into the network instead of staying hidden (issue 26).
 */
export function moveHiddenToNetwork(): Promise<HiddenToNetworkResponse> {
  return api<HiddenToNetworkResponse>('/api/network/hidden', { method: 'POST' });
}

export function useMoveHiddenToNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveHiddenToNetwork,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: networkKeys.all }),
      ]),
  });
}
