import { describe, expect, it } from 'vitest';
import { localDate } from './dates';
import {
  addDays,
  daysBetween,
  daysOverdue,
  followUpState,
  nextFollowUpOn,
  pickLatestInteraction,
  type FollowUpInputs,
} from './follow-up';
import { doneRequestSchema, snoozeRequestSchema } from './follow-up-requests';

const at = (iso: string) => Date.parse(iso);

const card = (overrides: Partial<FollowUpInputs> = {}): FollowUpInputs => ({
  columnCadenceDays: null,
  contactCadenceDays: null,
  latestInteraction: null,
  schedule: null,
  columnEnteredOn: '2026-11-01',
  onBoard: true,
  ...overrides,
});

describe('nextFollowUpOn: the rule, as a table', () => {
  const call = { dateContacted: '2026-11-10', nextContactDate: null, setAt: at('2026-11-10T12:00:00Z') };
  const cases: [string, FollowUpInputs, string | null][] = [
    ['no cadence, never contacted, nothing scheduled: none', card(), null],
    [
      'never contacted: the day it entered its column + the column cadence',
      card({ columnCadenceDays: 14 }),
      '2026-11-15',
    ],
    [
      'the contact’s own cadence overrides its column’s',
      card({ columnCadenceDays: 14, contactCadenceDays: 3 }),
      '2026-11-04',
    ],
    ['a contact cadence applies in a column without one', card({ contactCadenceDays: 30 }), '2026-12-01'],
    [
      'contacted: the last contact + the cadence',
      card({ columnCadenceDays: 14, latestInteraction: call }),
      '2026-11-24',
    ],
    ['contacted, no cadence, no next date: none', card({ latestInteraction: call }), null],
    [
      'the latest interaction’s next-contact date is explicit and beats the cadence',
      card({ columnCadenceDays: 14, latestInteraction: { ...call, nextContactDate: '2026-12-25' } }),
      '2026-12-25',
    ],
    [
      'a snooze made after the latest interaction wins',
      card({
        columnCadenceDays: 14,
        latestInteraction: { ...call, nextContactDate: '2026-11-20' },
        schedule: { on: '2026-11-27', setAt: at('2026-11-21T09:00:00Z') },
      }),
      '2026-11-27',
    ],
    [
      'an interaction logged after a snooze resets it (its own date, else the cadence)',
      card({
        columnCadenceDays: 14,
        latestInteraction: { ...call, setAt: at('2026-11-22T09:00:00Z') },
        schedule: { on: '2026-12-31', setAt: at('2026-11-21T09:00:00Z') },
      }),
      '2026-11-24',
    ],
    [
      'a schedule that cleared the date lets the cadence decide, even over the interaction’s date',
      card({
        columnCadenceDays: 14,
        latestInteraction: { ...call, nextContactDate: '2027-01-05' },
        schedule: { on: null, setAt: at('2026-11-21T09:00:00Z') },
      }),
      '2026-11-24',
    ],
    [
      'a cleared schedule without a cadence: none',
      card({ latestInteraction: call, schedule: { on: null, setAt: at('2026-11-21T09:00:00Z') } }),
      null,
    ],
    [
      '“Schedule follow-up” on a card with no interactions',
      card({ schedule: { on: '2026-11-30', setAt: at('2026-11-20T09:00:00Z') } }),
      '2026-11-30',
    ],
    [
      '“Schedule follow-up” on a contacted card without a cadence or a next-contact date',
      card({ latestInteraction: call, schedule: { on: '2026-11-30', setAt: at('2026-11-20T09:00:00Z') } }),
      '2026-11-30',
    ],
    [
      'off the board: no follow-up, whatever else',
      card({ onBoard: false, columnCadenceDays: 14, schedule: { on: '2026-11-30', setAt: 1 } }),
      null,
    ],
  ];
  it.each(cases)('%s', (_label, inputs, expected) => {
    expect(nextFollowUpOn(inputs)).toBe(expected);
  });

  it('a move recomputes the cadence rules with the new column, and an explicit date stays', () => {
    const before = card({ columnCadenceDays: null, columnEnteredOn: '2026-11-01' });
    expect(nextFollowUpOn(before)).toBeNull();
    // Moved to Potential Referrals (14 days) on the 20th: it entered that column then.
    expect(nextFollowUpOn({ ...before, columnCadenceDays: 14, columnEnteredOn: '2026-11-20' })).toBe('2026-12-04');
    const contacted = card({ columnCadenceDays: 90, latestInteraction: call });
    expect(nextFollowUpOn(contacted)).toBe('2027-02-08');
    expect(nextFollowUpOn({ ...contacted, columnCadenceDays: 14, columnEnteredOn: '2026-11-20' })).toBe('2026-11-24');
    const scheduled = card({ columnCadenceDays: 90, schedule: { on: '2026-12-02', setAt: 5 } });
    expect(nextFollowUpOn({ ...scheduled, columnCadenceDays: 14, columnEnteredOn: '2026-11-20' })).toBe('2026-12-02');
  });
});

describe('pickLatestInteraction', () => {
  const older = {
    id: 9,
    dateContacted: '2026-10-01',
    nextContactDate: '2026-10-15',
    setAt: at('2026-11-25T10:00:00Z'),
  };
  const latest = {
    id: 4,
    dateContacted: '2026-11-10',
    nextContactDate: '2026-12-01',
    setAt: at('2026-11-10T10:00:00Z'),
  };

  it('an interaction logged later but dated earlier than the latest changes nothing', () => {
    expect(pickLatestInteraction([latest, older])).toBe(latest);
    const inputs = card({ columnCadenceDays: 14, latestInteraction: pickLatestInteraction([latest, older]) });
    expect(nextFollowUpOn(inputs)).toBe('2026-12-01');
  });

  it('two on the same day: the one logged last (highest id) is the latest', () => {
    const sameDay = { ...latest, id: 12, nextContactDate: null };
    expect(pickLatestInteraction([latest, sameDay])).toBe(sameDay);
  });

  it('deleting the latest interaction makes the one before it decide; a snooze made since stays', () => {
    expect(pickLatestInteraction([])).toBeNull();
    const remaining = pickLatestInteraction([older]);
    expect(nextFollowUpOn(card({ columnCadenceDays: 14, latestInteraction: remaining }))).toBe('2026-10-15');
    const snoozed = card({
      columnCadenceDays: 14,
      latestInteraction: remaining,
      schedule: { on: '2026-12-09', setAt: at('2026-11-26T08:00:00Z') },
    });
    expect(nextFollowUpOn(snoozed)).toBe('2026-12-09');
  });
});

describe('followUpState and days overdue', () => {
  it.each([
    ['2026-11-20', 'overdue', 7],
    ['2026-11-26', 'overdue', 1],
    ['2026-11-27', 'due', 0],
    ['2026-11-28', 'upcoming', 0],
    ['2026-12-04', 'upcoming', 0],
    ['2026-12-05', null, 0],
  ] as const)('next %s, today 2026-11-27: %s, %i days overdue', (next, state, late) => {
    expect(followUpState(next, '2026-11-27')).toBe(state);
    expect(daysOverdue(next, '2026-11-27')).toBe(late);
  });

  it('no date: no state', () => {
    expect(followUpState(null, '2026-11-27')).toBeNull();
    expect(daysOverdue(null, '2026-11-27')).toBe(0);
  });

  it('at the same instant, Auckland and Los Angeles are on different days', () => {
    const instant = new Date('2026-11-27T20:30:00Z');
    const auckland = localDate('Pacific/Auckland', instant);
    const losAngeles = localDate('America/Los_Angeles', instant);
    expect([auckland, losAngeles]).toEqual(['2026-11-28', '2026-11-27']);
    expect(followUpState('2026-11-27', auckland)).toBe('overdue');
    expect(followUpState('2026-11-27', losAngeles)).toBe('due');
  });

  it('counts calendar days across daylight-saving changes (no 23- or 25-hour days)', () => {
    // The US springs forward on 2026-03-08 and falls back on 2026-11-01; Europe on 03-29 and 10-25.
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2);
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 60)).toBe('2026-12-23');
    // Local "today" on each side of the change, read at 08:00 local both days.
    const before = localDate('America/Los_Angeles', new Date('2026-03-07T16:00:00Z'));
    const after = localDate('America/Los_Angeles', new Date('2026-03-09T15:00:00Z'));
    expect(daysOverdue(before, after)).toBe(2);
  });

  it('a cadence counted over a daylight-saving change is due on the same weekday, in each user’s own calendar', () => {
    // Auckland leaves daylight saving on 2026-04-05 (UTC+13 to UTC+12); a 7-day cadence from the
    // 3rd is due on the 10th, whatever the clocks did in between.
    const next = nextFollowUpOn(
      card({
        columnCadenceDays: 7,
        latestInteraction: { dateContacted: '2026-04-03', nextContactDate: null, setAt: at('2026-04-03T01:00:00Z') },
      }),
    );
    expect(next).toBe('2026-04-10');
    // 00:30 on the 10th in Auckland is still the 9th in Los Angeles: due for one, upcoming for the other.
    const instant = new Date('2026-04-09T12:30:00Z');
    expect(followUpState(next, localDate('Pacific/Auckland', instant))).toBe('due');
    expect(followUpState(next, localDate('America/Los_Angeles', instant))).toBe('upcoming');
    // A day later in Auckland it is one day overdue, not 23 or 25 hours' worth of a day.
    expect(daysOverdue(next, localDate('Pacific/Auckland', new Date('2026-04-10T12:30:00Z')))).toBe(1);
  });

  it('crosses years and leap days', () => {
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
  });
});

describe('request schemas', () => {
  it('snooze takes a date or 1 to 365 days, nothing else', () => {
    expect(snoozeRequestSchema.safeParse({ until: '2026-12-01' }).success).toBe(true);
    expect(snoozeRequestSchema.safeParse({ days: 7 }).success).toBe(true);
    for (const bad of [
      { days: 0 },
      { days: 366 },
      { days: 1.5 },
      { until: '2026-02-30' },
      {},
      { until: '2026-12-01', days: 2 },
    ])
      expect(snoozeRequestSchema.safeParse(bad).success).toBe(false);
  });

  it('done takes an optional known method and a note of at most 1000 characters', () => {
    expect(doneRequestSchema.safeParse({}).success).toBe(true);
    expect(doneRequestSchema.safeParse({ method: 'Email', note: 'Sent the deck' }).success).toBe(true);
    expect(doneRequestSchema.safeParse({ method: 'Carrier pigeon' }).success).toBe(false);
    expect(doneRequestSchema.safeParse({ note: 'x'.repeat(1001) }).success).toBe(false);
    expect(doneRequestSchema.safeParse({ extra: 1 }).success).toBe(false);
  });
});
