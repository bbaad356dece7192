import type { Contact } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys } from '@/lib/contact-keys';
import { networkKeys } from '@/lib/network-keys';
import { replaceCachedContact } from './update-contact';

/** `PATCH /api/contacts/{id}` multipart with `contact[id]` and the cropped PNG as `contact[photo]`. */
export function uploadContactPhoto({ id, photo }: { id: number; photo: Blob }): Promise<Contact> {
  const form = new FormData();
  form.set('contact[id]', String(id));
  form.set('contact[photo]', photo, 'photo.png');
  return api<Contact>(`/api/contacts/${id}`, { method: 'PATCH', body: form });
}

export function useUploadContactPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadContactPhoto,
    onSuccess: (updated) => {
      queryClient.setQueryData<Contact[]>(contactKeys.list, (contacts) => replaceCachedContact(contacts, updated));
      if (!updated.on_board) void queryClient.invalidateQueries({ queryKey: networkKeys.all });
    },
  });
}
