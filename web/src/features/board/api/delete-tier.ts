import type { Tier } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '@/components/ui/toast';
import { api, serverReason } from '@/lib/api-client';
import { BOARD_MESSAGES } from '../messages';
import { boardKeys } from './keys';

/** `DELETE /api/tiers/{id}`: 204; 422 when the column holds contacts or is the first one. */
export function deleteTier({ id }: { id: number; name: string }): Promise<void> {
  return api<void>(`/api/tiers/${id}`, { method: 'DELETE' });
}

export function useDeleteTier() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: deleteTier,
    onError: (error) => notify.error(BOARD_MESSAGES.columnDeleteFailed, { detail: serverReason(error) }),
    onSuccess: (_result, { id, name }) => {
      notify.success(BOARD_MESSAGES.columnDeleted(name));
      queryClient.setQueryData<Tier[]>(boardKeys.tiers, (tiers) => tiers?.filter((tier) => tier.id !== id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardKeys.tiers }),
  });
}
