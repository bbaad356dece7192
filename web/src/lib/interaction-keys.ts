/**
 * One contact's interactions (`GET /api/interactions?contact_id=N`): the Interaction notes tab, the
 * timeline and the draft's "Notes used" read this one query, and a Done from the Today page or the
 * bell (which logs an interaction) invalidates it: the one key they all share.
 */
export const interactionKeys = {
  all: ['interactions'] as const,
  forContact: (contactId: number) => ['interactions', 'contact', contactId] as const,
};
