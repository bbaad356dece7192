import type { Contact, CreateContactRequest } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys } from '@/lib/contact-keys';

/** `POST /api/contacts`: 201 with the contact at the top of its tier; 403 when a free plan is full. */
export function createContact(body: CreateContactRequest): Promise<Contact> {
  return api<Contact>('/api/contacts', { method: 'POST', body });
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: (created) => {
      queryClient.setQueryData<Contact[]>(contactKeys.list, (contacts) =>
        contacts ? [created, ...contacts.filter((contact) => contact.id !== created.id)] : contacts,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.list }),
  });
}
