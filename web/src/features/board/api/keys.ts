export const boardKeys = {
  tiers: ['tiers'] as const,
};
