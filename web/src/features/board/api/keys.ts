/** The board's query keys (tiers); its contacts' key is shared with the contact feature (`@/lib/contact-keys`). */
export const boardKeys = {
  tiers: ['tiers'] as const,
};
