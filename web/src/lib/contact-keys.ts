/**
 * The query key of the board's contacts (`GET /api/contacts`). The board reads and moves them, the
 * contact feature's mutations (add, edit, photo, delete) update them, and the app refreshes them when
 * an import ends: the one key they share.
 */
export const contactKeys = {
  all: ['contacts'] as const,
  list: ['contacts', 'list'] as const,
};
