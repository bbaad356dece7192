import type { Tier } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '@/components/ui/toast';
import { api, readErrorMessage } from '@/lib/api-client';
import { BOARD_MESSAGES } from '../messages';
import { boardKeys } from './keys';

/** `POST /api/tiers {}`: 201 with a 'New Column' at the last position + 1. */
export function createTier(): Promise<Tier> {
  return api<Tier>('/api/tiers', { method: 'POST', body: {} });
}

export function useCreateTier() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createTier,
    onError: (error) => notify.error(readErrorMessage(error, BOARD_MESSAGES.columnCreateFailed)),
    onSuccess: (created) => {
      notify.success(BOARD_MESSAGES.columnCreated);
      queryClient.setQueryData<Tier[]>(boardKeys.tiers, (tiers) => (tiers ? [...tiers, created] : tiers));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardKeys.tiers }),
  });
}
