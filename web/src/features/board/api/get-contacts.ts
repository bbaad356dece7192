import type { Contact } from '@tend/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys } from '@/lib/contact-keys';

/** `GET /api/contacts`: every visible contact (a free plan sees its newest, up to the allowance). */
export function fetchContacts(): Promise<Contact[]> {
  return api<Contact[]>('/api/contacts');
}

export const contactsQueryOptions = queryOptions({
  queryKey: contactKeys.list,
  queryFn: fetchContacts,
});

export function useContacts() {
  return useQuery(contactsQueryOptions);
}
