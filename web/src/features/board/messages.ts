/** PRODUCT.md §8 texts for columns, plus the few this build adds where the spec is silent. */
export const BOARD_MESSAGES = {
  columnCreated: 'New column created.',
  columnCreateFailed: 'The column could not be created. Please try again.',
  columnUpdated: 'Column updated successfully.',
  columnUpdateFailed: 'Column update failed. Please try again.',
  moveFailed: 'The card could not be moved, so it is back where it was. Please try again.',
  columnNameEmpty: 'Column name cannot be empty.',
  columnDeleted: (name: string) => `${name} column deleted.`,
  columnDeleteFailed: 'Error deleting or updating column.',
  columnMustBeEmpty: 'Column must be empty to delete',
  deleteColumn: 'Delete column',
  dragInstructions:
    'To move this contact card, press Space to pick it up. Use the arrow keys to move it up and down its column or to the next column, press Space again to drop it, or Escape to cancel. Press Enter to open the contact.',
  planKept: (limit: number) => `You are on the free plan. Your ${limit} newest contacts stay on your board.`,
  planKeepFailed: 'We could not update your plan. Please try again.',
  movedToNetwork: (name: string) => `${name} is in your network now. Their notes and timeline stay.`,
  movedManyToNetwork: (count: number) =>
    `${count === 1 ? '1 person' : `${count} people`} moved to your network. Their notes and timeline stay.`,
  makeRoomTitle: 'Make room on your board',
  makeRoomLead:
    'Choose people to move to your network instead of deleting them: they keep their notes and timeline, and you can put them back on the board later.',
  loadingCards: 'Loading your cards',
  makeRoomChoice: 'Move people to your network',
  moveHiddenChoice: 'Move the rest to your network',
  moveHiddenTitle: 'Move the rest to your network?',
  moveHiddenLead: (limit: number) =>
    `You stay on the free plan with your ${limit} newest contacts on your board. The others move to your network with their notes and timeline, instead of staying hidden, and you can put anyone back on the board later.`,
  hiddenMoved: (moved: number, limit: number) =>
    `${moved === 1 ? '1 person' : `${moved} people`} moved to your network. Your ${limit} newest contacts stay on your board.`,
  moveToNetworkFailed: 'The card could not be moved to your network. Please try again.',
  cadenceSaved: (name: string, days: number | null) =>
    days === null ? `${name}: no follow-up cadence.` : `${name}: follow up ${cadenceWords(days)}.`,
  cadenceFailed: 'The cadence could not be saved. Please try again.',
  followUpScheduled: (name: string, on: string) => `Follow-up with ${name} scheduled for ${on}.`,
  followUpScheduleFailed: 'The follow-up could not be scheduled. Please try again.',
} as const;

/** A cadence as words: "every 14 days", "every day"; null: "no cadence". */
export function cadenceWords(days: number | null): string {
  if (days === null) return 'no cadence';
  return days === 1 ? 'every day' : `every ${days} days`;
}

/** The cadences a column's menu offers; any other (1 to 365) is typed as "Custom". */
export const CADENCE_CHOICES = [7, 14, 30, 60, 90] as const;
