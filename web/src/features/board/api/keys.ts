/** The board's query keys (tiers); contacts have their own factory in the contact feature. */
export const boardKeys = {
  tiers: ['tiers'] as const,
};
