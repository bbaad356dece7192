/** The one key factory for contact queries; every contact mutation updates or invalidates these. */
export const contactKeys = {
  all: ['contacts'] as const,
  list: ['contacts', 'list'] as const,
};
