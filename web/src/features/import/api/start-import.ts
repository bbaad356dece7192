import type { Import } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { importKeys } from './keys';

/** `POST /api/imports/{id}/start` (202): the `import.run` job takes it from here. */
export function startImport(id: string): Promise<Import> {
  return api<Import>(`/api/imports/${encodeURIComponent(id)}/start`, { method: 'POST' });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    // The answer says "running": the query starts polling from it.
    onSuccess: (started) => queryClient.setQueryData(importKeys.detail(started.id), started),
  });
}
