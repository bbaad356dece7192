import { IMPORT_MAX_ROWS } from '@tend/contracts';

/** A file that cannot be imported at all: the import ends `failed` with this message, before any preview. */
export class ImportFileError extends Error {}

export const WRONG_TYPE_MESSAGE =
  'This file is not a CSV, a vCard (.vcf) or a LinkedIn data export (.zip). Export your contacts as one of these and try again.';
export const EMPTY_FILE_MESSAGE = 'The file is empty.';
const ROW_CAP = IMPORT_MAX_ROWS.toLocaleString('en-US');
export const ROW_CAP_MESSAGE = `This file has more than ${ROW_CAP} people in it. Tend reads at most ${ROW_CAP} people from one file, because LinkedIn allows at most ${ROW_CAP} connections; split the file into smaller ones and import each.`;
