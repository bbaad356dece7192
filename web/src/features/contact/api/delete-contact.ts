import type { Contact } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '@/components/ui/toast';
import { api, readErrorMessage } from '@/lib/api-client';
import { contactKeys } from '@/lib/contact-keys';
import { networkKeys } from '@/lib/network-keys';
import { CONTACT_MESSAGES } from '../messages';

/** `DELETE /api/contacts/{id}`: 204. */
export function deleteContact(id: number): Promise<void> {
  return api<void>(`/api/contacts/${id}`, { method: 'DELETE' });
}

/** Toasts here, not in the caller: the card modal that asked may be gone by the time the answer comes. */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: deleteContact,
    onError: (error) => notify.error(readErrorMessage(error, CONTACT_MESSAGES.deleteFailed)),
    onSuccess: (_result, id) => {
      notify.success(CONTACT_MESSAGES.deleted);
      queryClient.setQueryData<Contact[]>(contactKeys.list, (contacts) =>
        contacts?.filter((contact) => contact.id !== id),
      );
    },
    // The person may have been in the network (issue 26): its pages are read again too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.list }),
        queryClient.invalidateQueries({ queryKey: networkKeys.all }),
      ]),
  });
}
