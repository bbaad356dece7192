import type { NetworkSort } from '@tend/contracts';

/** What one network list asks for (the search, the sort, and the triage step's import). */
export interface NetworkFilter {
  q?: string | undefined;
  company?: string | undefined;
  title?: string | undefined;
  import_id?: string | undefined;
  sort: NetworkSort;
}

/**
 * The query keys of the network (`GET /api/network`, issue 26). The network screen and the import's
 * triage step read them; a move between the board and the network (lib/bulk-contacts.ts) refreshes
 * them all, with the board's contacts.
 */
export const networkKeys = {
  all: ['network'] as const,
  list: (filter: NetworkFilter) => ['network', 'list', filter] as const,
  ids: (filter: NetworkFilter) => ['network', 'ids', filter] as const,
  /** One person read alone (`GET /api/contacts/{id}`): /network/{id} for someone past the loaded rows. */
  person: (contactId: number) => ['network', 'person', contactId] as const,
};
