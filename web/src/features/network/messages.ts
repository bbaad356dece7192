import { boardRoomMessage, peopleCount } from '@tend/contracts';

/** The network screen's own texts (issue 26); the product's names come from words.ts. */
export const NETWORK_MESSAGES = {
  loading: 'Loading your network',
  loadFailed: 'We could not load your network. Please try again.',
  searching: 'Searching…',
  sortLabel: 'Sort by',
  importLink: 'Import contacts',
  selectedCount: (count: number) => `${count.toLocaleString('en-US')} selected`,
  selectAllMatching: (count: number) => `Select all ${count.toLocaleString('en-US')} matching`,
  selectAllCapped: (max: number) =>
    `the first ${max.toLocaleString('en-US')} are selected (one move takes at most ${max})`,
  clearSelection: 'Clear selection',
  selectPerson: (name: string) => `Select ${name}`,
  connectedOn: (day: string) => `Connected ${day}`,
  added: (count: number, column: string) => `${peopleCount(count)} added to ${column}.`,
  addFailed: 'They could not be added to your board. Please try again.',
  roomLine: (fits: number, asked: number) =>
    fits >= asked
      ? `All ${asked.toLocaleString('en-US')} fit on your board (free plan).`
      : `${fits.toLocaleString('en-US')} of ${asked.toLocaleString('en-US')} fit on your board (free plan).`,
  boardFull: boardRoomMessage(0, 1),
  addCount: (count: number) => `Add ${peopleCount(count)}`,
  upgradeForRest: (rest: number) => `Upgrade to Premium to add the other ${rest.toLocaleString('en-US')}`,
  moreLoading: 'Loading more people',
  clearSearch: 'Clear the search',
  selectionBar: 'Selection',
  /** /network/{id} while that person is read. */
  opening: 'Opening',
  personNotFound: 'That person is not in your network.',
  personLoadFailed: 'We could not open that person. Please try again.',
} as const;

export const SORT_LABELS = {
  connected_desc: 'Connected: newest first',
  connected_asc: 'Connected: oldest first',
  name_asc: 'Name: A to Z',
  name_desc: 'Name: Z to A',
} as const;
