/**
 * Tend's own export format, where the import reads it back: the import's parsers use these names
 * (a one-way dependency, imports -> exports, on this file only).
 */

/** Our own export's vCard property for the date a connection was made (vCard has none). */
export const DATE_CONNECTED_PROPERTY = 'X-TEND-DATE-CONNECTED';
