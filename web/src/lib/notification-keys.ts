/**
 * The notifications query's key. The server keeps notifications with interactions (PRODUCT.md §4),
 * so the contact card invalidates this after a save as the bell reads it: the one key both share.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
};

/**
 * `GET /api/today`: the Today page's lists, which read the same rule as the bell; every change to
 * who is due invalidates both (`follow-ups.ts`). Kept beside the bell's key: alone, this module
 * was a chunk too small to compress.
 */
export const todayKeys = {
  all: ['today'] as const,
};
