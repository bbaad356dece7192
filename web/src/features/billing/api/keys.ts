export const billingKeys = {
  all: ['billing'] as const,
  customer: () => [...billingKeys.all, 'customer'] as const,
};
