import { z } from 'zod';

/**
 * The private calendar feed (`/calendar/{token}.ics`): one all-day event per contact whose follow-up
 * falls in the next `CALENDAR_FEED_DAYS` days, and the overdue ones placed on today.
 */
export const CALENDAR_FEED_DAYS = 90;

/** `GET`, `POST /api/calendar-feed`: the feed's secret address, or null while the user has none. */
export const calendarFeedResponseSchema = z.object({ url: z.string().nullable() });
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponseSchema>;

/** "Follow up: Ada Lovelace (Potential Referrals)". */
export const calendarEventTitle = (contactName: string, columnName: string) =>
  `Follow up: ${contactName} (${columnName})`;

/** The feed's own name in calendar apps. */
export const CALENDAR_NAME = 'Tend follow-ups';
