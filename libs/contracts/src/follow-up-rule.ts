// The daily loop's rule and its date arithmetic, without the schema library: the extension's popup
// and the web's screens use these without bundling zod (docs/PERFORMANCE.md). The requests are in
// follow-up.ts, which re-exports everything here.

/**
 * Who is due, decided once (PRODUCT.md, "The daily loop"). Every screen, the bell, the emails and
 * the calendar feed read the date this rule gives; the API stores it with the card whenever one of
 * its inputs changes, so lists never recompute it per row.
 *
 * Dates here are calendar dates (`YYYY-MM-DD`) in the user's own time zone: arithmetic on them is
 * arithmetic on days, so a daylight-saving change never makes a day 23 or 25 hours long.
 */

/** A cadence is 1 to 365 days, or none. */
export const CADENCE_MIN_DAYS = 1;
export const CADENCE_MAX_DAYS = 365;
/** "Upcoming" reaches this many days past today. */
export const UPCOMING_WINDOW_DAYS = 7;
/** How far ahead a Snooze or a schedule may go. */
export const SNOOZE_MAX_DAYS = 365;

/**
 * The cadences of a new account's four columns, by position (New, Colleagues, Friends, Potential
 * Referrals). Columns made before cadences existed keep none, so an upgrade raises no burst of
 * overdue people.
 */
export const DEFAULT_TIER_CADENCES: readonly (number | null)[] = [null, 60, 90, 14];

/** The daily goal in Settings: 1 to 20 follow-ups a day, 3 unless the user picks another. */
export const DAILY_GOAL_MIN = 1;
export const DAILY_GOAL_MAX = 20;
export const DEFAULT_DAILY_GOAL = 3;

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The date `days` calendar days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The latest interaction of a contact: the one with the latest date contacted, then the highest id. */
export interface LatestInteraction {
  dateContacted: string;
  /** Its next-contact date: an explicit date. */
  nextContactDate: string | null;
  /** When it was logged, or when its next-contact date last changed (epoch ms). */
  setAt: number;
}

/**
 * The last Snooze, Reschedule or "Schedule follow-up" of a contact: the date it chose, or null when
 * it cleared the explicit date so that the cadence decides again.
 */
export interface FollowUpSchedule {
  on: string | null;
  /** When it was made (epoch ms). */
  setAt: number;
}

export interface FollowUpInputs {
  /** The cadence of the card's column (null: none). */
  columnCadenceDays: number | null;
  /** The card's own cadence, overriding its column's (null: the column's). */
  contactCadenceDays: number | null;
  latestInteraction: LatestInteraction | null;
  schedule: FollowUpSchedule | null;
  /** The day the card entered its column (its creation, or its last move to another column). */
  columnEnteredOn: string;
  /** A person off the board (in the network only) has no follow-up. */
  onBoard: boolean;
}

/** An interaction as the rule sees it; `id` breaks ties between interactions of the same day. */
export interface InteractionForRule extends LatestInteraction {
  id: number;
}

/** The latest of a contact's interactions: the latest date contacted, then the highest id. */
export function pickLatestInteraction<T extends InteractionForRule>(interactions: readonly T[]): T | null {
  let latest: T | null = null;
  for (const entry of interactions) {
    if (
      latest === null ||
      entry.dateContacted > latest.dateContacted ||
      (entry.dateContacted === latest.dateContacted && entry.id > latest.id)
    )
      latest = entry;
  }
  return latest;
}

export function effectiveCadence(inputs: Pick<FollowUpInputs, 'columnCadenceDays' | 'contactCadenceDays'>) {
  return inputs.contactCadenceDays ?? inputs.columnCadenceDays;
}

/**
 * The contact's next follow-up date, in this order:
 * 1. an explicit date set after the latest interaction: a schedule made after it was logged (a
 *    schedule that cleared the date skips to the cadence), else that interaction's next-contact date;
 * 2. else the last contact + the effective cadence;
 * 3. else, never contacted and a cadence applies: the day the card entered its column + the cadence;
 * 4. else none.
 */
export function nextFollowUpOn(inputs: FollowUpInputs): string | null {
  if (!inputs.onBoard) return null;
  const latest = inputs.latestInteraction;
  const schedule = inputs.schedule;
  const scheduleIsNewer = schedule !== null && (latest === null || schedule.setAt > latest.setAt);
  if (scheduleIsNewer) {
    if (schedule.on !== null) return schedule.on;
  } else if (latest?.nextContactDate) {
    return latest.nextContactDate;
  }
  const cadence = effectiveCadence(inputs);
  if (cadence === null) return null;
  return addDays(latest ? latest.dateContacted : inputs.columnEnteredOn, cadence);
}

export type FollowUpState = 'overdue' | 'due' | 'upcoming';

/** Overdue (before today), due (today), upcoming (within the next seven days), else none. */
export function followUpState(nextOn: string | null, today: string): FollowUpState | null {
  if (nextOn === null) return null;
  const days = daysBetween(today, nextOn);
  if (days < 0) return 'overdue';
  if (days === 0) return 'due';
  return days <= UPCOMING_WINDOW_DAYS ? 'upcoming' : null;
}

/** Whole calendar days a follow-up is late (0 when it is not). */
export function daysOverdue(nextOn: string | null, today: string): number {
  return nextOn === null ? 0 : Math.max(0, daysBetween(nextOn, today));
}

/** Whether a follow-up is due today or late: what Today, the bell and the emails list first. */
export function isDueOrOverdue(nextOn: string | null, today: string): boolean {
  const state = followUpState(nextOn, today);
  return state === 'due' || state === 'overdue';
}
