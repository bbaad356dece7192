import { readStorage, writeStorage } from '@/lib/storage';

/**
 * How far the person got with one import's triage step: how many they put on the board from it,
 * and whether they left the step (Skip or Done). The people put on the board need no keeping: they
 * have left the network, which the step's list reads.
 */
export interface TriageProgress {
  put: number;
  closed: boolean;
}

const NONE: TriageProgress = { put: 0, closed: false };

/**
 * Kept in the browser's local storage per import (the API keeps no triage state), so a reload, or
 * coming back to `/import?id=` later, resumes the step instead of offering everyone again.
 */
const keyOf = (importId: string) => `tend.import-triage.${importId}`;

export function readTriageProgress(importId: string): TriageProgress {
  const raw = readStorage(keyOf(importId));
  if (raw === null) return NONE;
  try {
    const { put, closed } = JSON.parse(raw) as Partial<TriageProgress>;
    return {
      put: typeof put === 'number' && Number.isInteger(put) && put > 0 ? put : 0,
      closed: closed === true,
    };
  } catch {
    // Not ours, or written by hand: start the step afresh.
    return NONE;
  }
}

export function updateTriageProgress(importId: string, changes: Partial<TriageProgress>): void {
  writeStorage(keyOf(importId), JSON.stringify({ ...readTriageProgress(importId), ...changes }));
}
