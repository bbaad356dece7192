import type { Contact } from '@tend/contracts';
import { formatLongDate } from '@/lib/dates';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Long English date ("June 16, 2024"). A calendar day (the first 10 characters of
 * `date_connected`) is read as that day in the viewer's zone, never shifted by UTC.
 */
export function formatDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = DAY.exec(value.slice(0, 10));
  if (match && (value.length === 10 || !value.includes('T'))) {
    const [, year, month, day] = match;
    return formatLongDate(new Date(Number(year), Number(month) - 1, Number(day)));
  }
  return formatLongDate(value);
}

/**
 * The timeline's first event is dated by `date_connected`; without one, by the earlier of the card's
 * creation and its oldest interaction (`YYYY-MM-DD`), so "First connected" never comes after an
 * interaction (a card made in November with notes logged from January would read November, January).
 */
export function firstConnectedDate(
  contact: Pick<Contact, 'date_connected' | 'created_at'>,
  oldestInteractionOn: string | null = null,
): string | null {
  if (contact.date_connected) return formatDay(contact.date_connected.slice(0, 10));
  const created = localDay(contact.created_at);
  if (oldestInteractionOn && (created === null || oldestInteractionOn < created)) return formatDay(oldestInteractionOn);
  return formatDay(contact.created_at);
}

/** The calendar day (`YYYY-MM-DD`) of a timestamp in the viewer's zone, as `formatDay` shows it. */
function localDay(value: string): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
