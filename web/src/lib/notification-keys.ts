/**
 * The notifications query's key. The server keeps notifications with interactions (PRODUCT.md §4),
 * so the contact card invalidates this after a save as the bell reads it: the one key both share.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
};
