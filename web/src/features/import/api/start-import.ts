import type { Import } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { importKeys } from './keys';

/**
 * `POST /api/imports/{id}/start` (202) with the destination (issue 26): `tier_id` a column (the new
 * people the plan has room for go on the board there, the rest into the network) or null (everyone
 * into the network). The `import.run` job takes it from here.
 */
export function startImport({ id, tierId }: { id: string; tierId: number | null }): Promise<Import> {
  return api<Import>(`/api/imports/${encodeURIComponent(id)}/start`, { method: 'POST', body: { tier_id: tierId } });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    // The answer says "running": the query starts polling from it.
    onSuccess: (started) => queryClient.setQueryData(importKeys.detail(started.id), started),
  });
}
