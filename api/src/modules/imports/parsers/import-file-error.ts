/** A file that cannot be imported at all: the API answers 400 with this message and writes nothing. */
export class ImportFileError extends Error {}

export const WRONG_TYPE_MESSAGE =
  'This file is not a CSV, a vCard (.vcf) or a LinkedIn data export (.zip). Export your contacts as one of these and try again.';
export const EMPTY_FILE_MESSAGE = 'The file is empty.';
