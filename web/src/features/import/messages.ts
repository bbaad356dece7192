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
