import type { Tier, UpdateTierRequest } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '@/components/ui/toast';
import { api, serverReason } from '@/lib/api-client';
import { BOARD_MESSAGES } from '../messages';
import { boardKeys } from './keys';

/** `PATCH /api/tiers/{id} {name}` (422 for the first column, 400 for an empty name). */
export function renameTier({ id, name }: { id: number; name: string }): Promise<Tier> {
  const body: UpdateTierRequest = { name };
  return api<Tier>(`/api/tiers/${id}`, { method: 'PATCH', body });
}

/** Optimistic: the header shows the new name at once and goes back to the old one on failure. */
export function useRenameTier() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: renameTier,
    onMutate: async ({ id, name }) => {
      await queryClient.cancelQueries({ queryKey: boardKeys.tiers });
      const snapshot = queryClient.getQueryData<Tier[]>(boardKeys.tiers);
      queryClient.setQueryData<Tier[]>(boardKeys.tiers, (tiers) =>
        tiers?.map((tier) => (tier.id === id ? { ...tier, name } : tier)),
      );
      return { snapshot };
    },
    onError: (error, _variables, context) => {
      if (context?.snapshot) queryClient.setQueryData(boardKeys.tiers, context.snapshot);
      notify.error(BOARD_MESSAGES.columnUpdateFailed, { detail: serverReason(error) });
    },
    onSuccess: (saved) => {
      notify.success(BOARD_MESSAGES.columnUpdated);
      queryClient.setQueryData<Tier[]>(boardKeys.tiers, (tiers) =>
        tiers?.map((tier) => (tier.id === saved.id ? saved : tier)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardKeys.tiers }),
  });
}
