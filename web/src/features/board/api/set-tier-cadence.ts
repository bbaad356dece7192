import type { Tier, UpdateTierRequest } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '@/components/ui/toast';
import { api, serverReason } from '@/lib/api-client';
import { refreshFollowUps } from '@/lib/follow-ups';
import { BOARD_MESSAGES } from '../messages';
import { boardKeys } from './keys';

/** `PATCH /api/tiers/{id} {cadence_days}`: 1 to 365 days, or null for none. */
export function setTierCadence({ id, cadenceDays }: { id: number; cadenceDays: number | null }): Promise<Tier> {
  const body: UpdateTierRequest = { cadence_days: cadenceDays };
  return api<Tier>(`/api/tiers/${id}`, { method: 'PATCH', body });
}

/**
 * Optimistic on the column (its menu shows the new cadence at once); the server recomputes every
 * card of the column, so the cards' chips, the Today page and the bell are refreshed after.
 */
export function useSetTierCadence() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: setTierCadence,
    onMutate: async ({ id, cadenceDays }) => {
      await queryClient.cancelQueries({ queryKey: boardKeys.tiers });
      const snapshot = queryClient.getQueryData<Tier[]>(boardKeys.tiers);
      queryClient.setQueryData<Tier[]>(boardKeys.tiers, (tiers) =>
        tiers?.map((tier) => (tier.id === id ? { ...tier, cadence_days: cadenceDays } : tier)),
      );
      return { snapshot };
    },
    onError: (error, _variables, context) => {
      if (context?.snapshot) queryClient.setQueryData(boardKeys.tiers, context.snapshot);
      notify.error(BOARD_MESSAGES.cadenceFailed, { detail: serverReason(error) });
    },
    onSuccess: (saved) => {
      notify.success(BOARD_MESSAGES.cadenceSaved(saved.name, saved.cadence_days));
      queryClient.setQueryData<Tier[]>(boardKeys.tiers, (tiers) =>
        tiers?.map((tier) => (tier.id === saved.id ? saved : tier)),
      );
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: boardKeys.tiers }), refreshFollowUps(queryClient)]),
  });
}
