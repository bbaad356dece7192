/**
 * The popup's dates: today in the browser's calendar, the follow-up choices as dates, and where a
 * saved person stands in words. The rule and its words are the contracts' (`followUpState`,
 * `daysBetween`, `followUpWords`); this file only feeds them the browser's today.
 */
import { addDays, daysBetween, followUpState, followUpWords, WORDS, type LinkedInMatchResponse } from '@tend/contracts';
import type { FollowUpChoice, StandingWords } from './popup-views';

/** The browser's calendar date (`YYYY-MM-DD`): the day the person is in when they click. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The same day a month later (the month's last day when it has no such day: 31 Jan -> 28 Feb). */
export function addMonth(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${nextYear}-${pad(nextMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** The date a follow-up choice means; null for "By column" (the cadence decides) or an empty date. */
export function followUpDateFor(choice: FollowUpChoice, today: string, pickedDate: string): string | null {
  switch (choice) {
    case 'week':
      return addDays(today, 7);
    case 'two-weeks':
      return addDays(today, 14);
    case 'month':
      return addMonth(today);
    case 'date':
      return pickedDate || null;
    default:
      return null;
  }
}

/** "Tue 3 Jun" (the year only when it is not this one). */
export function shortDate(date: string, today: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  const sameYear = date.slice(0, 4) === today.slice(0, 4);
  return at.toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: sameYear ? undefined : 'numeric',
    timeZone: 'UTC',
  });
}

/** A follow-up date in words, overdue ones counted in days: "3 days overdue (Tue 3 Jun)". */
export function nextFollowUpWords(next: string | null, today: string): { text: string; overdue: boolean } {
  if (next === null) return { text: WORDS.noFollowUp, overdue: false };
  const days = daysBetween(today, next);
  const words = followUpWords(days);
  return {
    text: days === 0 ? words : `${words} (${shortDate(next, today)})`,
    overdue: followUpState(next, today) === 'overdue',
  };
}

/** Where a saved person stands: column, last contact, next follow-up. */
export function standingOf(
  card: Pick<LinkedInMatchResponse, 'tier_name' | 'last_contacted_on' | 'next_follow_up_on'>,
  today: string,
): StandingWords {
  const next = nextFollowUpWords(card.next_follow_up_on, today);
  return {
    column: card.tier_name,
    lastContact: card.last_contacted_on ? shortDate(card.last_contacted_on, today) : WORDS.never,
    nextFollowUp: next.text,
    overdue: next.overdue,
  };
}
