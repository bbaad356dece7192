import type { ConnectExtensionResponse } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/extension-tokens`: the user approved; the answer holds the token, shown this once. */
export function useConnectExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (extensionId: string) =>
      api<ConnectExtensionResponse>('/api/extension-tokens', { method: 'POST', body: { extension_id: extensionId } }),
    // Settings' list of connected extensions is read again next time.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['extension-tokens'] }),
  });
}

/**
 * `DELETE /api/extension-tokens/:id`: a token the extension never received is revoked at once, so
 * no unused connection is left behind (Settings would list it as 'Not used yet').
 */
export function revokeUndeliveredToken(id: number): Promise<void> {
  return api<void>(`/api/extension-tokens/${id}`, { method: 'DELETE' });
}
