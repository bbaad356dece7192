/**
 * Tend's own export format, where the import reads it back: the import's parsers use these names
 * and rules (a one-way dependency, imports -> exports, on this file only).
 */

/**
 * A cell a spreadsheet would run as a formula: it starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return (OWASP, "CSV Injection"), here after any number of single quotes, so that the
 * quote added below can always be told from one the user typed.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/**
 * Every cell of every CSV Tend writes goes through this: a cell that starts like a formula gets a
 * leading single quote, which spreadsheets take as "text, not a formula" (OWASP's advice). Cells
 * that already start with quotes before such a character get one more, so the rule can be undone
 * exactly (`restoreCell`).
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Undoes `neutraliseCell` for a cell of our own `contacts.csv`: a cell is one the export quoted
 * exactly when it is one or more quotes and then a formula's first character (the export never
 * writes such a cell unquoted), so the first quote goes and nothing else changes.
 */
export function restoreCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

/**
 * Columns of `contacts.csv` (`EXPORT_CONTACT_COLUMNS`) that, together, only Tend's own export has:
 * a header with all of them is our export's, whatever columns later versions add.
 */
export const OWN_CSV_COLUMNS: readonly string[] = ['id', 'name', 'tier', 'column_order', 'vertical_order'];

/** Whether a CSV's header is that of Tend's own `contacts.csv` (so its cells were neutralised). */
export function isOwnContactsCsv(header: readonly string[]): boolean {
  return OWN_CSV_COLUMNS.every((column) => header.includes(column));
}
