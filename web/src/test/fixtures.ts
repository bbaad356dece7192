import type { Contact, Interaction, Tier, User } from '@tend/contracts';

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
    reminder_emails: true,
    reminder_period: 'daily',
    reminder_weekday: 1,
    reminder_hour: 8,
    daily_goal: 3,
    open_on: 'board',
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeTier(overrides: Partial<Tier> = {}): Tier {
  return { id: 1, name: 'New', position: 0, user_id: 7, cadence_days: null, ...overrides };
}

/** The four default columns (PRODUCT.md §9). */
export function defaultTiers(): Tier[] {
  return ['New', 'Colleagues', 'Friends', 'Potential Referrals'].map((name, position) =>
    makeTier({ id: position + 1, name, position }),
  );
}

export function makeContact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: 1,
    user_id: 7,
    name: 'Grace Hopper',
    title: 'Rear Admiral',
    company: 'US Navy',
    linked_in: null,
    email: null,
    phone_number: null,
    connection_description: null,
    date_connected: null,
    on_board: true,
    tier_id: 1,
    column_order: 0,
    vertical_order: 0,
    photo_url: null,
    cadence_days: null,
    last_contacted_on: null,
    next_follow_up_on: null,
    created_at: '2024-06-16T10:00:00.000Z',
    updated_at: '2024-06-16T10:00:00.000Z',
    ...overrides,
  };
}

/** An interaction of contact 5 (user 7); tests name the fields they look at. */
export function makeInteraction(overrides: Partial<Interaction> = {}): Interaction {
  return {
    id: 1,
    contact_id: 5,
    user_id: 7,
    date_contacted: '2025-02-03',
    contact_method: 'Email',
    notes: '',
    next_contact_date: null,
    created_at: '2025-02-03T10:00:00Z',
    updated_at: '2025-02-03T10:00:00Z',
    ...overrides,
  };
}
