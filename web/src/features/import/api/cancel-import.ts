import type { Import } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { importKeys } from './keys';

/** `POST /api/imports/{id}/cancel`: the batches already written stay; the answer's counts are final. */
export function cancelImport(id: string): Promise<Import> {
  return api<Import>(`/api/imports/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
}

export function useCancelImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelImport,
    onSuccess: (cancelled) => queryClient.setQueryData(importKeys.detail(cancelled.id), cancelled),
  });
}
