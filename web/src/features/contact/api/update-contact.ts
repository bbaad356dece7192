import { CONTACT_FIELD_KEYS, type Contact, type ContactFieldKey } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys } from '@/lib/contact-keys';
import { networkKeys } from '@/lib/network-keys';

/** The editable fields of the contact card, as the form holds them (empty string = no value; a date YYYY-MM-DD). */
export type ContactFields = Record<ContactFieldKey, string>;

/** `PATCH /api/contacts/{id}` as the spec's multipart form (`contact[name]`, ..., `contact[id]`). */
export function updateContact({ id, fields }: { id: number; fields: ContactFields }): Promise<Contact> {
  const form = new FormData();
  form.set('contact[id]', String(id));
  for (const key of CONTACT_FIELD_KEYS) form.set(`contact[${key}]`, fields[key]);
  return api<Contact>(`/api/contacts/${id}`, { method: 'PATCH', body: form });
}

/** Puts a contact the server answered into the cached list. */
export function replaceCachedContact(contacts: Contact[] | undefined, updated: Contact): Contact[] | undefined {
  return contacts?.map((contact) => (contact.id === updated.id ? updated : contact));
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (updated) => {
      queryClient.setQueryData<Contact[]>(contactKeys.list, (contacts) => replaceCachedContact(contacts, updated));
      // A person in the network (issue 26) is drawn from the network's pages: they are read again.
      if (!updated.on_board) void queryClient.invalidateQueries({ queryKey: networkKeys.all });
    },
  });
}
