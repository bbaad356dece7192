/** One contact's interactions (`GET /api/interactions?contact_id=N`), loaded when its card opens. */
export const interactionKeys = {
  all: ['interactions'] as const,
  forContact: (contactId: number) => ['interactions', 'contact', contactId] as const,
};
