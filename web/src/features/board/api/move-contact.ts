import type { Contact, MoveContactRequest, MoveContactResponse } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '@/components/ui/toast';
import { api, serverReason } from '@/lib/api-client';
import { contactKeys } from '@/lib/contact-keys';
import { BOARD_MESSAGES } from '../messages';
import { applyMove, mergeContacts, type ContactMove } from '../utils/contact-order';

export interface MoveContactVariables extends ContactMove {
  /** Toasted after a failed move has been rolled back (defaults to a generic message). */
  failureMessage?: string;
  /** Toasted when the server confirms the move (board drags stay quiet). */
  successMessage?: string;
}

const moveMutationKey = [...contactKeys.all, 'move'] as const;

/** `POST /api/contacts/{id}/move {tier_id, index}`: one request, both columns renumbered. */
export function moveContact({ contactId, tierId, index }: MoveContactVariables): Promise<MoveContactResponse> {
  const body: MoveContactRequest = { tier_id: tierId, index };
  return api<MoveContactResponse>(`/api/contacts/${contactId}/move`, { method: 'POST', body });
}

/**
 * Every board move (drag, keyboard drag, "Move to...", the contact card's column selector).
 * Optimistic: the cached list is snapshotted and moved at once, restored with a toast on error, and
 * refetched when the last pending move settles.
 */
export function useMoveContact() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationKey: moveMutationKey,
    mutationFn: moveContact,
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: contactKeys.list });
      const snapshot = queryClient.getQueryData<Contact[]>(contactKeys.list);
      if (snapshot) queryClient.setQueryData<Contact[]>(contactKeys.list, applyMove(snapshot, move));
      return { snapshot };
    },
    onError: (error, move, context) => {
      if (context?.snapshot) queryClient.setQueryData<Contact[]>(contactKeys.list, context.snapshot);
      notify.error(move.failureMessage ?? BOARD_MESSAGES.moveFailed, { detail: serverReason(error) });
    },
    onSuccess: (answer, move) => {
      queryClient.setQueryData<Contact[]>(contactKeys.list, (contacts) =>
        contacts ? mergeContacts(contacts, answer.contacts) : contacts,
      );
      if (move.successMessage) notify.success(move.successMessage);
    },
    onSettled: async () => {
      // Only the last of several quick moves refetches, so an older answer cannot undo a newer move.
      if (queryClient.isMutating({ mutationKey: moveMutationKey }) === 1) {
        await queryClient.invalidateQueries({ queryKey: contactKeys.list });
      }
    },
  });
}
