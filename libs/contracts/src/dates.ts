import { z } from 'zod';

/** A calendar date as the API carries it: `YYYY-MM-DD`, a real day of the Gregorian calendar. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** One formatter per time zone: making one costs far more than using it (hundreds of µs). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date at `at` in an IANA time zone ("today" for a user is `localDate(user.time_zone)`). */
export function localDate(timeZone: string, at: Date = new Date()): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD. An unknown zone throws here, and is not kept.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** A required `YYYY-MM-DD` field with the given label in its messages. */
export const isoDateSchema = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .refine(isIsoDate, { error: `${label} must be a date (YYYY-MM-DD).` });
