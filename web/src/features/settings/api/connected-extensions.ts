import type { ConnectedExtension } from '@tend/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const connectedExtensionKeys = { all: ['extension-tokens'] as const };

/** `GET /api/extension-tokens`: the extensions connected to this account, the newest first. */
export function useConnectedExtensions() {
  return useQuery({
    queryKey: connectedExtensionKeys.all,
    queryFn: () => api<ConnectedExtension[]>('/api/extension-tokens'),
  });
}

/** `DELETE /api/extension-tokens/:id`: the extension's token stops working at once. */
export function useDisconnectExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/extension-tokens/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.setQueryData<ConnectedExtension[]>(connectedExtensionKeys.all, (list) =>
        list?.filter((extension) => extension.id !== id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectedExtensionKeys.all }),
  });
}
