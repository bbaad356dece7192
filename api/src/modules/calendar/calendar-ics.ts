import { calendarEventTitle, CALENDAR_NAME, daysBetween, addDays } from '@tend/contracts';
import { loadIcal } from '../exports/ical';
import type { FeedEventRow } from './calendar.queries';

export interface FeedOptions {
  /** The user's local today: overdue follow-ups are placed on it. */
  today: string;
  appUrl: string;
  /** Stamps every event (RFC 5545 DTSTAMP): when the feed was built. */
  now: Date;
}

/**
 * The feed as RFC 5545 text, written by ical.js (it folds lines at 75 octets, escapes text values
 * and ends lines with CRLF). Each contact's event keeps one UID, so calendar apps move it when the
 * date changes instead of adding another.
 */
export async function buildFeed(rows: readonly FeedEventRow[], options: FeedOptions): Promise<string> {
  const ICAL = await loadIcal();
  const host = new URL(options.appUrl).host;
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', '-//Tend//Follow-ups//EN');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('x-wr-calname', CALENDAR_NAME);
  const stamp = ICAL.Time.fromJSDate(options.now, true);
  for (const row of rows) {
    const day = daysBetween(options.today, row.next_follow_up_on) < 0 ? options.today : row.next_follow_up_on;
    const link = `${options.appUrl}/kanban/${row.id}?tab=follow-up`;
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', `follow-up-${row.id}@${host}`);
    event.addPropertyWithValue('dtstamp', stamp);
    event.addPropertyWithValue('dtstart', ICAL.Time.fromDateString(day));
    event.addPropertyWithValue('dtend', ICAL.Time.fromDateString(addDays(day, 1)));
    event.addPropertyWithValue('summary', calendarEventTitle(row.name, row.tier_name));
    event.addPropertyWithValue('description', `Open in Tend: ${link}`);
    event.addPropertyWithValue('url', link);
    event.addPropertyWithValue('transp', 'TRANSPARENT');
    calendar.addSubcomponent(event);
  }
  return calendar.toString() + '\r\n';
}
