/** PRODUCT.md §8 texts for contacts, plus the few this build adds where the spec is silent. */
export const CONTACT_MESSAGES = {
  added: 'Contact added.',
  addFailed: 'Error adding contact. Please try again.',
  requiredFields: 'Please fill out all required fields.',
  discarded: 'Contact discarded.',
  saved: 'Contact information saved.',
  saveFailed: 'Contact information could not be saved. Please try again.',
  deleted: 'Contact deleted.',
  deleteFailed: 'Error deleting contact.',
  notFound: 'That contact is not on your board.',
  photoSaved: 'Photo updated.',
  photoFailed: 'The photo could not be saved. Please try again.',
  photoTooLarge: 'Photos must be 5 MB or smaller.',
  photoType: 'Photos must be JPEG, PNG or WebP images.',
  photoTooSmall: 'Choose an image of at least 100 x 100 pixels.',
  photoUnreadable: 'That image could not be opened. Please choose another one.',
  followUpScheduled: (name: string, on: string) => `Follow-up with ${name} scheduled for ${on}.`,
  followUpScheduleFailed: 'The follow-up could not be scheduled. Please try again.',
} as const;

/** The Interaction notes tab: the spec's toasts live in the contracts; these fill its silences. */
export const INTERACTION_MESSAGES = {
  deleted: 'Interaction deleted.',
  deleteFailed: 'The interaction could not be deleted. Please try again.',
  loadFailed: 'Interactions could not be loaded.',
} as const;
