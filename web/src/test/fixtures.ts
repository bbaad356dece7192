import type { User } from '@tend/contracts';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    email_verified: true,
    desired_email: null,
    plan: 'free',
    free_trial: false,
    premium_expiry_date: null,
    payment_issue: false,
    stripe_id: null,
    time_zone: 'Europe/London',
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
