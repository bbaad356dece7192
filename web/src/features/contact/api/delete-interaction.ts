import type { Interaction } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshFollowUps } from '@/lib/follow-ups';
import { interactionKeys } from './keys';

/** `DELETE /api/interactions/{id}`: 204; the contact's next follow-up is recomputed without it. */
export function deleteInteraction({ id }: { id: number; contactId: number }): Promise<void> {
  return api<void>(`/api/interactions/${id}`, { method: 'DELETE' });
}

export function useDeleteInteraction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInteraction,
    onSuccess: (_result, { id, contactId }) => {
      queryClient.setQueryData<Interaction[]>(interactionKeys.forContact(contactId), (list) =>
        list?.filter((interaction) => interaction.id !== id),
      );
    },
    onSettled: (_result, _error, { contactId }) => refreshFollowUps(queryClient, contactId),
  });
}
