import { WORDS, IMPORT_MAX_BYTES } from '@tend/contracts';

/** The import screen's own texts (the spec is silent on imports; the API's messages are shown as sent). */
export const IMPORT_MESSAGES = {
  noFile: 'Choose a file to import.',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files and import each.`,
  notReadable: 'We could not read this file. Please check it and try again.',
  reading: 'Reading your file… A large file takes a few seconds.',
  notStarted: 'The import could not be started. Please try again.',
  notCancelled: WORDS.importNotCanceled,
  notFound: 'This import is no longer available. Choose the file again to import it.',
  noName: 'Match a column to Name, or to First name and Last name, so each person has a name.',
} as const;

/** "1 person" / "3 people". */
export function people(count: number): string {
  return count === 1 ? '1 person' : `${count.toLocaleString('en-US')} people`;
}

/** "1 row" / "3 rows". */
export function rows(count: number): string {
  return count === 1 ? '1 row' : `${count.toLocaleString('en-US')} rows`;
}

/** The triage step after an import (issue 26). */
export const TRIAGE_MESSAGES = {
  heading: 'Choose who goes on your board',
  lead: 'Everyone from this file is in your network. Pick the people worth keeping warm and put them on your board; the others stay in your network, where you can find them any time.',
  search: 'Search',
  company: 'Company',
  title: 'Title',
  intoColumn: 'Into column',
  listLabel: 'People from this import in your network',
  loading: 'Loading the people you imported',
  loadFailed: 'We could not load the people you imported.',
  noMatch: 'Nobody from this import matches these filters.',
  nobodyLeft: 'Everyone from this import is on your board.',
  showMore: 'Show more',
  selected: (count: number) => `${count.toLocaleString('en-US')} selected`,
  shown: (count: number) => `${people(count)} in your network from this import`,
  skip: 'Skip: keep them in my network',
  done: 'Done',
  putButton: (count: number) => `Put ${count.toLocaleString('en-US')} on the board`,
  put: (count: number, column: string) => `${people(count)} put on your board in ${column}.`,
  putSoFar: (count: number) => `${people(count)} from this import put on your board so far.`,
  putFailed: 'They could not be put on your board.',
} as const;

/** The import's destination at the preview (issue 26): a column for the board's part, or the network. */
export const DESTINATION_MESSAGES = {
  legend: 'Where they go',
  hint: 'Everyone not on your board goes into your network, where you can search for them and put them on the board later.',
  board: (count: number) => `On your board: all ${people(count)}`,
  boardSplit: (fits: number, rest: number) =>
    `On your board: the first ${fits.toLocaleString('en-US')}, the other ${rest.toLocaleString('en-US')} into your network`,
  networkOnly: (count: number) => `all ${people(count)} into your network, none on the board yet`,
  allToNetwork: 'Into your network',
  splitDetail: (fits: number, column: string) =>
    `${fits.toLocaleString('en-US')} to ${column}, the rest to your network`,
} as const;
