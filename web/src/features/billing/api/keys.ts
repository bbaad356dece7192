export const billingKeys = {
  all: ['billing'] as const,
  customer: () => [...billingKeys.all, 'customer'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
};
