import type { Import, ImportMapping, OnDuplicate } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { importKeys } from './keys';

export interface CreateImportInput {
  file: File;
  tierId: number;
  onDuplicate: OnDuplicate;
  /** A generic CSV's columns as the person matched them (none: the server guesses from the header). */
  mapping?: ImportMapping;
}

/** `POST /api/imports` (multipart): reads the file and answers the preview; no card is written. */
export function createImport({ file, tierId, onDuplicate, mapping }: CreateImportInput): Promise<Import> {
  const form = new FormData();
  form.append('tier_id', String(tierId));
  form.append('on_duplicate', onDuplicate);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return api<Import>('/api/imports', { method: 'POST', body: form });
}

export function useCreateImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createImport,
    onSuccess: (created) => queryClient.setQueryData(importKeys.detail(created.id), created),
  });
}
