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

/** The timeline's first event is dated by `date_connected`, else the card's creation (PRODUCT.md §4). */
export function firstConnectedDate(contact: Pick<Contact, 'date_connected' | 'created_at'>): string | null {
  return formatDay(contact.date_connected ? contact.date_connected.slice(0, 10) : contact.created_at);
}
