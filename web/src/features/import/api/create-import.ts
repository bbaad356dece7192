import type { Import, ImportMapping, OnDuplicate } from '@tend/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchImport } from './get-import';
import { importKeys } from './keys';

export interface CreateImportInput {
  file: File;
  tierId: number;
  onDuplicate: OnDuplicate;
  /** A generic CSV's columns as the person matched them (none: the server guesses from the header). */
  mapping?: ImportMapping;
}

/** How often a file being read is asked about: a small file is read in a moment. */
export const READING_POLL_MS = 250;

/** The server read the file and cannot import it (the import ended before any preview): why. */
export class ImportFileRefused extends Error {
  constructor(readonly errors: string[]) {
    super(errors[0]);
    this.name = 'ImportFileRefused';
  }
}

/**
 * `POST /api/imports` (multipart) stores the file and answers at once while the server reads it;
 * this then asks until the preview is ready (no card is written). A file that cannot be imported
 * rejects with `ImportFileRefused`, as an unreadable upload's 400 does.
 */
export async function createImport({ file, tierId, onDuplicate, mapping }: CreateImportInput): Promise<Import> {
  const form = new FormData();
  form.append('tier_id', String(tierId));
  form.append('on_duplicate', onDuplicate);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  let run = await api<Import>('/api/imports', { method: 'POST', body: form });
  while (run.state === 'reading') {
    await new Promise((resolve) => setTimeout(resolve, READING_POLL_MS));
    run = await fetchImport(run.id);
  }
  if (run.state === 'failed') throw new ImportFileRefused([run.message ?? 'This file could not be read.']);
  return run;
}

export function useCreateImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createImport,
    onSuccess: (created) => queryClient.setQueryData(importKeys.detail(created.id), created),
  });
}
