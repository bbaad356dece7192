/** The one key factory for import queries; every import mutation writes or invalidates these. */
export const importKeys = {
  all: ['imports'] as const,
  detail: (id: string) => ['imports', id] as const,
};
