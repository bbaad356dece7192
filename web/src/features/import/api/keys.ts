/** The one key factory for import queries; every import mutation writes or invalidates these. */
export const importKeys = {
  all: ['imports'] as const,
  detail: (id: string) => ['imports', id] as const,
  /** The import with the ids of the cards it added (`?include=ids`). */
  withIds: (id: string) => ['imports', id, 'ids'] as const,
};
