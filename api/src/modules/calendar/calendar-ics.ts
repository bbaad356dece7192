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
 * date changes instead of adding another. The events are handed to ical.js as jCal (RFC 7265)
 * arrays rather than as its Component objects: the same writer, about three times faster for a
 * feed of thousands of events (docs/PERFORMANCE.md, calendar feed).
 */
export async function buildFeed(rows: readonly FeedEventRow[], options: FeedOptions): Promise<string> {
  const ICAL = await loadIcal();
  const host = new URL(options.appUrl).host;
  // DTSTAMP is a UTC date-time: 2026-11-28T04:15:00Z.
  const stamp = `${options.now.toISOString().slice(0, 19)}Z`;
  const events = rows.map((row) => {
    const day = daysBetween(options.today, row.next_follow_up_on) < 0 ? options.today : row.next_follow_up_on;
    const link = `${options.appUrl}/kanban/${row.id}?tab=follow-up`;
    return [
      'vevent',
      [
        ['uid', {}, 'text', `follow-up-${row.id}@${host}`],
        ['dtstamp', {}, 'date-time', stamp],
        ['dtstart', {}, 'date', day],
        ['dtend', {}, 'date', addDays(day, 1)],
        ['summary', {}, 'text', calendarEventTitle(row.name, row.tier_name)],
        ['description', {}, 'text', `Open in Tend: ${link}`],
        ['url', {}, 'uri', link],
        ['transp', {}, 'text', 'TRANSPARENT'],
      ],
      [],
    ];
  });
  const calendar = [
    'vcalendar',
    [
      ['prodid', {}, 'text', '-//Tend//Follow-ups//EN'],
      ['version', {}, 'text', '2.0'],
      ['calscale', {}, 'text', 'GREGORIAN'],
      ['method', {}, 'text', 'PUBLISH'],
      ['x-wr-calname', {}, 'unknown', CALENDAR_NAME],
    ],
    events,
  ];
  // stringify ends the calendar with its own CRLF (Component.toString did not).
  return ICAL.stringify(calendar);
}
