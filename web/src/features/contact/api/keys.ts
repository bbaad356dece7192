/** The one key factory for contact queries; every contact mutation updates or invalidates these. */
export const contactKeys = {
  all: ['contacts'] as const,
  list: ['contacts', 'list'] as const,
};

/** One contact's interactions (`GET /api/interactions?contact_id=N`), loaded when its card opens. */
export const interactionKeys = {
  all: ['interactions'] as const,
  forContact: (contactId: number) => ['interactions', 'contact', contactId] as const,
};
