import {
  CADENCE_RANGE_MESSAGE,
  DEFAULT_TIER_CADENCES,
  FOLLOW_UP_DATE_RANGE_MESSAGE,
  SNOOZE_RANGE_MESSAGE,
  type Contact,
  type Interaction,
  type Notification,
  type Tier,
  type TodayResponse,
  type User,
} from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import { Clock } from '../src/infra/time/clock';
import type { ApiClient } from './helpers/api-client';
import { UNTHROTTLED_SIGNUPS, useTestApp } from './helpers/test-app';

const app = useTestApp(UNTHROTTLED_SIGNUPS, { resetClock: true });

/** 2026-06-01 11:30 UTC: 1 June for a user in UTC. */
const INSTANT = new Date('2026-06-01T11:30:00Z');
const DAY_MS = 86_400_000;

const setNow = (at: Date) => app.running.app.get(Clock).set(at);

interface Person {
  client: ApiClient;
  userId: number;
  /** Columns by name: New (no cadence), Colleagues (60), Friends (90), Potential Referrals (14). */
  tiers: Record<string, Tier>;
}

async function person(timeZone = 'UTC', plan: 'free' | 'premium' = 'premium'): Promise<Person> {
  const { client, userId } = await app.member({ timeZone, plan, prefix: 'loop' });
  const tiers = (await client.get('/api/tiers')).body as Tier[];
  return { client, userId, tiers: Object.fromEntries(tiers.map((tier) => [tier.name, tier])) };
}

async function card(who: Person, name: string, column = 'New'): Promise<Contact> {
  const res = await who.client.post('/api/contacts', { name, tier_id: who.tiers[column]?.id });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Contact;
}

async function cardNow(who: Person, id: number): Promise<Contact> {
  const all = (await who.client.get('/api/contacts')).body as Contact[];
  const found = all.find((c) => c.id === id);
  if (!found) throw new Error(`card ${id} is not on the board`);
  return found;
}

async function log(who: Person, body: Record<string, unknown>): Promise<Interaction> {
  const res = await who.client.post('/api/interactions', { contact_method: 'Email', ...body });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Interaction;
}

async function interactionsOf(who: Person, contactId: number): Promise<Interaction[]> {
  return (await who.client.get(`/api/interactions?contact_id=${contactId}`)).body as Interaction[];
}

/** The follow-up state of a card as the board shows it. */
const dates = (c: Contact) => ({ last: c.last_contacted_on, next: c.next_follow_up_on });

describe('cadences', () => {
  it('gives new accounts the default cadences and recomputes a column’s cards when its cadence changes', async () => {
    setNow(INSTANT);
    const ada = await person();
    expect(Object.values(ada.tiers).map((t) => t.cadence_days)).toEqual([...DEFAULT_TIER_CADENCES]);
    const referral = await card(ada, 'Grace', 'Potential Referrals');
    const fresh = await card(ada, 'Ada', 'New');
    // A new card enters its column today: the cadence counts from there.
    expect(dates(referral)).toEqual({ last: null, next: '2026-06-15' });
    expect(dates(fresh)).toEqual({ last: null, next: null });

    const newColumn = ada.tiers['New'] as Tier;
    const set = await ada.client.patch(`/api/tiers/${newColumn.id}`, { cadence_days: 7 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: newColumn.id, name: 'New', cadence_days: 7 });
    expect(dates(await cardNow(ada, fresh.id))).toEqual({ last: null, next: '2026-06-08' });
    expect((await ada.client.get('/api/tiers')).body[0]).toMatchObject({ cadence_days: 7 });

    // Out of range or not a whole number: 400, nothing changed.
    for (const bad of [0, 366, 1.5, '7', -3]) {
      const res = await ada.client.patch(`/api/tiers/${newColumn.id}`, { cadence_days: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.errors).toEqual([CADENCE_RANGE_MESSAGE]);
    }
    expect(dates(await cardNow(ada, fresh.id))).toEqual({ last: null, next: '2026-06-08' });

    // Someone else's column: 404, and theirs is left alone.
    const other = await person();
    expect((await other.client.patch(`/api/tiers/${newColumn.id}`, { cadence_days: 30 })).status).toBe(404);
    expect(dates(await cardNow(ada, fresh.id))).toEqual({ last: null, next: '2026-06-08' });

    // No cadence: nobody in the column is due.
    expect((await ada.client.patch(`/api/tiers/${newColumn.id}`, { cadence_days: null })).body.cadence_days).toBe(null);
    expect(dates(await cardNow(ada, fresh.id))).toEqual({ last: null, next: null });
    expect(dates(await cardNow(ada, referral.id))).toEqual({ last: null, next: '2026-06-15' });
  });

  it('lets a card override its column’s cadence and schedule an explicit date (PATCH), refusing bad input', async () => {
    setNow(INSTANT);
    const who = await person();
    const grace = await card(who, 'Grace', 'Potential Referrals');
    const patch = (body: Record<string, unknown>) => who.client.patch(`/api/contacts/${grace.id}`, body);

    let res = await patch({ cadence_days: 30 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cadence_days: 30, next_follow_up_on: '2026-07-01' });
    res = await patch({ next_follow_up_on: '2026-06-05' });
    expect(res.body).toMatchObject({ cadence_days: 30, next_follow_up_on: '2026-06-05' });
    // Today is allowed ("Schedule follow-up" for today).
    expect((await patch({ next_follow_up_on: '2026-06-01' })).body.next_follow_up_on).toBe('2026-06-01');
    await patch({ next_follow_up_on: '2026-06-05' });

    const before = await cardNow(who, grace.id);
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ next_follow_up_on: '2026-05-31' }, FOLLOW_UP_DATE_RANGE_MESSAGE],
      [{ next_follow_up_on: '2027-06-02' }, FOLLOW_UP_DATE_RANGE_MESSAGE],
      [{ next_follow_up_on: '2026-02-30' }, 'Follow-up date must be a date (YYYY-MM-DD).'],
      [{ next_follow_up_on: 'soon' }, 'Follow-up date must be a date (YYYY-MM-DD).'],
      [{ cadence_days: 0 }, CADENCE_RANGE_MESSAGE],
      [{ cadence_days: 366 }, CADENCE_RANGE_MESSAGE],
      [{ cadence_days: 'weekly' }, CADENCE_RANGE_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const bad = await patch(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.errors[0]).toMatch(message);
    }
    expect(await cardNow(who, grace.id)).toEqual(before);
    // The last day allowed: a year ahead.
    expect((await patch({ next_follow_up_on: '2027-06-01' })).status).toBe(200);

    // Clearing the explicit date lets the card's cadence decide again; clearing its cadence, the column's.
    expect((await patch({ next_follow_up_on: null })).body.next_follow_up_on).toBe('2026-07-01');
    expect((await patch({ cadence_days: null })).body).toMatchObject({
      cadence_days: null,
      next_follow_up_on: '2026-06-15',
    });

    const stranger = await person();
    const theirs = await stranger.client.patch(`/api/contacts/${grace.id}`, { next_follow_up_on: '2026-06-02' });
    expect(theirs.status).toBe(404);
    expect(theirs.body.errors).toEqual(['Contact not found.']);
    expect((await cardNow(who, grace.id)).next_follow_up_on).toBe('2026-06-15');
  });
});

describe('the rule through the routes', () => {
  it('resets on logging; an interaction dated earlier than the latest changes nothing; deleting the latest falls back', async () => {
    setNow(INSTANT);
    const who = await person();
    const grace = await card(who, 'Grace', 'Potential Referrals');
    await log(who, { contact_id: grace.id, date_contacted: '2026-05-30' });
    expect(dates(await cardNow(who, grace.id))).toEqual({ last: '2026-05-30', next: '2026-06-13' });
    // Logged today but dated before the latest: the latest still decides.
    await log(who, { contact_id: grace.id, date_contacted: '2026-05-20', next_contact_date: '2026-06-03' });
    expect(dates(await cardNow(who, grace.id))).toEqual({ last: '2026-05-30', next: '2026-06-13' });
    // A new latest with its own next-contact date: that date.
    const latest = await log(who, {
      contact_id: grace.id,
      date_contacted: '2026-06-01',
      next_contact_date: '2026-06-20',
    });
    expect(dates(await cardNow(who, grace.id))).toEqual({ last: '2026-06-01', next: '2026-06-20' });
    // Editing its date to before the others makes the 30 May one the latest again.
    await who.client.patch(`/api/interactions/${latest.id}`, { date_contacted: '2026-05-01' });
    expect(dates(await cardNow(who, grace.id))).toEqual({ last: '2026-05-30', next: '2026-06-13' });
    await who.client.patch(`/api/interactions/${latest.id}`, { date_contacted: '2026-06-01' });
    expect((await who.client.delete(`/api/interactions/${latest.id}`)).status).toBe(204);
    expect(dates(await cardNow(who, grace.id))).toEqual({ last: '2026-05-30', next: '2026-06-13' });
  });

  it('schedules a contacted card with no date (no cadence, no next-contact date): the explicit date, until the next log', async () => {
    setNow(INSTANT);
    const who = await person();
    const grace = await card(who, 'Grace');
    await log(who, { contact_id: grace.id, date_contacted: '2026-05-30' });
    expect(dates(await cardNow(who, grace.id))).toEqual({ last: '2026-05-30', next: null });
    const res = await who.client.patch(`/api/contacts/${grace.id}`, { next_follow_up_on: '2026-06-10' });
    expect(res.status).toBe(200);
    expect(dates(res.body as Contact)).toEqual({ last: '2026-05-30', next: '2026-06-10' });
    setNow(new Date(INSTANT.getTime() + DAY_MS));
    await log(who, { contact_id: grace.id, date_contacted: '2026-06-02' });
    expect(dates(await cardNow(who, grace.id))).toEqual({ last: '2026-06-02', next: null });
  });

  it('recomputes a moved card by its new column’s cadence, but keeps an explicit date', async () => {
    setNow(INSTANT);
    const who = await person();
    const ada = await card(who, 'Ada', 'New');
    const grace = await card(who, 'Grace', 'New');
    await log(who, { contact_id: grace.id, date_contacted: '2026-05-25', next_contact_date: '2026-06-10' });
    setNow(new Date(INSTANT.getTime() + 2 * DAY_MS));
    const colleagues = who.tiers['Colleagues'] as Tier;
    const moved = await who.client.post(`/api/contacts/${ada.id}/move`, { tier_id: colleagues.id, index: 0 });
    expect(moved.status).toBe(200);
    // Never contacted: the day it entered the new column (3 June) + 60 days, in the move's answer too.
    const answered = (moved.body.contacts as Contact[]).find((c) => c.id === ada.id);
    expect(answered?.next_follow_up_on).toBe('2026-08-02');
    expect(dates(await cardNow(who, ada.id))).toEqual({ last: null, next: '2026-08-02' });
    // Grace has an explicit date: it stays, whichever way she moves (the spec client's PATCH too).
    await who.client.patch(`/api/contacts/${grace.id}`, { tier_id: colleagues.id });
    expect(dates(await cardNow(who, grace.id))).toEqual({ last: '2026-05-25', next: '2026-06-10' });
    // Back to a column without a cadence: Ada is not due any more.
    await who.client.post(`/api/contacts/${ada.id}/move`, { tier_id: who.tiers['New']?.id, index: 0 });
    expect(dates(await cardNow(who, ada.id))).toEqual({ last: null, next: null });
  });
});

describe('a new card with its first note and follow-up (one request)', () => {
  it('logs the first note and sets the first follow-up by the rule, in the same request as the card', async () => {
    setNow(INSTANT);
    const who = await person();
    const column = who.tiers['Potential Referrals'] as Tier;
    const create = (body: Record<string, unknown>) => who.client.post('/api/contacts', { tier_id: column.id, ...body });

    // A note alone: dated today, method LinkedIn; the column's cadence counts from it.
    let res = await create({ name: 'Note only', first_interaction: { notes: ' Asked about the role. ' } });
    expect(res.status).toBe(201);
    expect(dates(res.body as Contact)).toEqual({ last: '2026-06-01', next: '2026-06-15' });
    expect(await interactionsOf(who, (res.body as Contact).id)).toMatchObject([
      { date_contacted: '2026-06-01', contact_method: 'LinkedIn message', notes: 'Asked about the role.' },
    ]);

    // A note and a date: the date is the note's next-contact date, and the card is due then.
    res = await create({
      name: 'Note and date',
      first_interaction: { notes: 'Met at the meetup.', contact_method: 'Virtual call' },
      next_follow_up_on: '2026-06-08',
    });
    expect(dates(res.body as Contact)).toEqual({ last: '2026-06-01', next: '2026-06-08' });
    expect(await interactionsOf(who, (res.body as Contact).id)).toMatchObject([
      { contact_method: 'Virtual call', next_contact_date: '2026-06-08' },
    ]);

    // A date alone: a schedule; no interaction is logged.
    res = await create({ name: 'Date only', next_follow_up_on: '2026-07-01' });
    const dateOnly = res.body as Contact;
    expect(dates(dateOnly)).toEqual({ last: null, next: '2026-07-01' });
    expect(await interactionsOf(who, dateOnly.id)).toEqual([]);
    // ...which the next logged contact replaces, as a Snooze is.
    expect((await who.client.post(`/api/contacts/${dateOnly.id}/done`, {})).body.next_follow_up_on).toBe('2026-06-15');

    // Neither: the column's cadence from today (as before).
    expect(dates((await create({ name: 'Neither' })).body as Contact)).toEqual({ last: null, next: '2026-06-15' });

    // Bad input: 400 and no card.
    const count = async () => ((await who.client.get('/api/contacts')).body as Contact[]).length;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ next_follow_up_on: '2026-05-31' }, FOLLOW_UP_DATE_RANGE_MESSAGE],
      [{ next_follow_up_on: '2027-06-02' }, FOLLOW_UP_DATE_RANGE_MESSAGE],
      [{ next_follow_up_on: 'next week' }, 'Follow-up date must be a date (YYYY-MM-DD).'],
      [{ first_interaction: { notes: 'x'.repeat(1001) } }, 'Notes must be at most 1000 characters.'],
      [{ first_interaction: { contact_method: 'Fax' } }, 'Contact method must be one of'],
      [{ first_interaction: { date_contacted: '2026-06-02' } }, 'Date contacted cannot be after today.'],
      [{ first_interaction: { notes: 'x', user_id: 1 } }, 'Unknown field "user_id".'],
    ];
    for (const [body, message] of cases) {
      const bad = await create({ name: 'Refused', ...body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(String(bad.body.errors[0]), JSON.stringify(body)).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it('makes neither the card nor its note when the free plan is full', async () => {
    setNow(INSTANT);
    const who = await person('UTC', 'free');
    for (let i = 0; i < 25; i += 1) await card(who, `Card ${i}`);
    const refused = await who.client.post('/api/contacts', {
      name: 'One too many',
      first_interaction: { notes: 'Hello' },
      next_follow_up_on: '2026-06-08',
    });
    expect(refused.status).toBe(403);
    const [row] = await app.db.query<{ count: string }>('select count(*) from interactions where user_id = $1', [
      who.userId,
    ]);
    expect(Number(row?.count)).toBe(0);
  });
});

describe('Done', () => {
  it('logs an interaction dated today with the last method used, and resets by the rule', async () => {
    setNow(INSTANT);
    const who = await person();
    const grace = await card(who, 'Grace', 'Potential Referrals');
    await log(who, { contact_id: grace.id, date_contacted: '2026-05-01', contact_method: 'Slack' });
    expect((await cardNow(who, grace.id)).next_follow_up_on).toBe('2026-05-15');

    const done = await who.client.post(`/api/contacts/${grace.id}/done`, {});
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: grace.id, last_contacted_on: '2026-06-01', next_follow_up_on: '2026-06-15' });
    const [logged] = await interactionsOf(who, grace.id);
    expect(logged).toMatchObject({
      date_contacted: '2026-06-01',
      contact_method: 'Slack',
      notes: '',
      next_contact_date: null,
    });

    // The method and note given; a card never contacted and without them gets 'Other (add in notes)'.
    await who.client.post(`/api/contacts/${grace.id}/done`, { method: 'LinkedIn message', note: 'Sent the draft.' });
    expect((await interactionsOf(who, grace.id))[0]).toMatchObject({
      contact_method: 'LinkedIn message',
      notes: 'Sent the draft.',
    });
    const ada = await card(who, 'Ada', 'New');
    expect((await who.client.post(`/api/contacts/${ada.id}/done`, {})).body).toMatchObject({
      last_contacted_on: '2026-06-01',
      next_follow_up_on: null,
    });
    expect((await interactionsOf(who, ada.id))[0]?.contact_method).toBe('Other (add in notes)');
  });

  it('refuses bad input and someone else’s card, logging nothing', async () => {
    setNow(INSTANT);
    const who = await person();
    const grace = await card(who, 'Grace', 'Potential Referrals');
    for (const body of [{ method: 'Fax' }, { note: 'x'.repeat(1001) }, { note: 5 }, { when: 'today' }]) {
      const res = await who.client.post(`/api/contacts/${grace.id}/done`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toHaveLength(1);
    }
    expect((await who.client.post('/api/contacts/abc/done', {})).status).toBe(400);
    const stranger = await person();
    const theirs = await stranger.client.post(`/api/contacts/${grace.id}/done`, {});
    expect(theirs.status).toBe(404);
    expect(theirs.body.errors).toEqual(['Contact not found.']);
    expect(await interactionsOf(who, grace.id)).toEqual([]);
    expect(dates(await cardNow(who, grace.id))).toEqual({ last: null, next: '2026-06-15' });
  });
});

describe('Snooze', () => {
  it('sets an explicit later date by days or until a date; the next logged contact resets it', async () => {
    setNow(INSTANT);
    const who = await person();
    const grace = await card(who, 'Grace', 'Potential Referrals');
    const snooze = (body: Record<string, unknown>) => who.client.post(`/api/contacts/${grace.id}/snooze`, body);

    let res = await snooze({ days: 7 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: grace.id, next_follow_up_on: '2026-06-08', last_contacted_on: null });
    res = await snooze({ until: '2026-06-20' });
    expect(res.body.next_follow_up_on).toBe('2026-06-20');
    expect(await interactionsOf(who, grace.id)).toEqual([]);

    const before = await cardNow(who, grace.id);
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ days: 0 }, SNOOZE_RANGE_MESSAGE],
      [{ days: 366 }, SNOOZE_RANGE_MESSAGE],
      [{ days: 1.5 }, SNOOZE_RANGE_MESSAGE],
      [{ until: '2026-06-01' }, SNOOZE_RANGE_MESSAGE],
      [{ until: '2026-05-01' }, SNOOZE_RANGE_MESSAGE],
      [{ until: '2027-06-02' }, SNOOZE_RANGE_MESSAGE],
      [{ until: '2026-13-01' }, 'Snooze date must be a date (YYYY-MM-DD).'],
      [{}, /Snooze needs either until/],
      [{ days: 2, until: '2026-06-03' }, /Snooze needs either until/],
    ];
    for (const [body, message] of cases) {
      const bad = await snooze(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.errors[0]).toMatch(message);
    }
    expect(await cardNow(who, grace.id)).toEqual(before);

    const stranger = await person();
    expect((await stranger.client.post(`/api/contacts/${grace.id}/snooze`, { days: 2 })).status).toBe(404);
    expect(await cardNow(who, grace.id)).toEqual(before);

    // Logging afterwards is newer than the snooze: the cadence counts from that contact.
    setNow(new Date(INSTANT.getTime() + DAY_MS));
    expect((await who.client.post(`/api/contacts/${grace.id}/done`, {})).body.next_follow_up_on).toBe('2026-06-16');
    // And a snooze after that wins again.
    expect((await snooze({ days: 2 })).body.next_follow_up_on).toBe('2026-06-04');
  });

  it('counts days in each user’s own calendar: Auckland and Los Angeles at the same instant', async () => {
    // 13:00 UTC on 1 June: already 2 June 01:00 in Auckland, still 1 June 06:00 in Los Angeles.
    setNow(new Date('2026-06-01T13:00:00Z'));
    const kiwi = await person('Pacific/Auckland');
    const angeleno = await person('America/Los_Angeles');
    const k = await card(kiwi, 'Kiri', 'Potential Referrals');
    const a = await card(angeleno, 'Ana', 'Potential Referrals');
    expect(k.next_follow_up_on).toBe('2026-06-16');
    expect(a.next_follow_up_on).toBe('2026-06-15');
    expect((await kiwi.client.post(`/api/contacts/${k.id}/snooze`, { days: 1 })).body.next_follow_up_on).toBe(
      '2026-06-03',
    );
    expect((await angeleno.client.post(`/api/contacts/${a.id}/snooze`, { days: 1 })).body.next_follow_up_on).toBe(
      '2026-06-02',
    );
    // "Tomorrow" for Los Angeles is today in Auckland: not a valid snooze there.
    expect((await kiwi.client.post(`/api/contacts/${k.id}/snooze`, { until: '2026-06-02' })).status).toBe(400);
    expect((await angeleno.client.post(`/api/contacts/${a.id}/snooze`, { until: '2026-06-02' })).status).toBe(200);
    // One day later at the same instant both are due on their own today.
    setNow(new Date('2026-06-02T13:00:00Z'));
    const kToday = (await kiwi.client.get('/api/today')).body as TodayResponse;
    const aToday = (await angeleno.client.get('/api/today')).body as TodayResponse;
    expect(kToday.due.map((c) => [c.name, c.next_follow_up_on])).toEqual([['Kiri', '2026-06-03']]);
    expect(aToday.due.map((c) => [c.name, c.next_follow_up_on])).toEqual([['Ana', '2026-06-02']]);
  });
});

describe('Today', () => {
  it('lists overdue (oldest first), due and upcoming people of the visible board, with the goal and today’s count', async () => {
    setNow(INSTANT);
    const who = await person();
    const names = ['Late 5', 'Late 2', 'Due', 'Soon', 'Later', 'Never'];
    const made = Object.fromEntries(
      await Promise.all(names.map(async (name) => [name, await card(who, name, 'New')] as const)),
    );
    const id = (name: string) => (made[name] as Contact).id;
    // Dates set through the rule's own inputs: logged interactions with next-contact dates.
    setNow(new Date('2026-05-20T10:00:00Z'));
    await log(who, { contact_id: id('Late 5'), date_contacted: '2026-05-19', next_contact_date: '2026-05-27' });
    await log(who, {
      contact_id: id('Late 2'),
      date_contacted: '2026-05-19',
      next_contact_date: '2026-05-30',
      notes: '\n  Asked about the Berlin role.  \nSecond line.',
    });
    setNow(INSTANT);
    await who.client.patch(`/api/contacts/${id('Due')}`, { next_follow_up_on: '2026-06-01' });
    await who.client.post(`/api/contacts/${id('Soon')}/snooze`, { days: 3 });
    await who.client.post(`/api/contacts/${id('Later')}/snooze`, { days: 30 });

    const res = await who.client.get('/api/today');
    expect(res.status).toBe(200);
    const today = res.body as TodayResponse;
    expect(today.overdue.map((c) => [c.name, c.days_overdue, c.next_follow_up_on])).toEqual([
      ['Late 5', 5, '2026-05-27'],
      ['Late 2', 2, '2026-05-30'],
    ]);
    expect(today.due.map((c) => [c.name, c.days_overdue])).toEqual([['Due', 0]]);
    expect(today.upcoming.map((c) => [c.name, c.next_follow_up_on])).toEqual([['Soon', '2026-06-04']]);
    expect(today.overdue[1]).toMatchObject({
      id: id('Late 2'),
      tier_name: 'New',
      last_note: 'Asked about the Berlin role.',
      last_contacted_on: '2026-05-19',
      title: null,
      photo_url: null,
    });
    expect(today.overdue[0]?.last_note).toBe(null);
    expect(today).toMatchObject({ goal: 3, done_today: 0 });

    // Done on one: it leaves the lists and counts towards the goal; the goal is the user's setting.
    await who.client.post(`/api/contacts/${id('Late 5')}/done`, {});
    const [me] = (await who.client.get('/api/users')).body as User[];
    expect(me).toMatchObject({ daily_goal: 3, open_on: 'board' });
    expect((await who.client.patch(`/api/users/${who.userId}`, { daily_goal: 5 })).status).toBe(200);
    const after = (await who.client.get('/api/today')).body as TodayResponse;
    expect(after.overdue.map((c) => c.name)).toEqual(['Late 2']);
    expect(after).toMatchObject({ goal: 5, done_today: 1 });

    // Someone else sees nothing of it.
    const stranger = await person();
    expect((await stranger.client.get('/api/today')).body).toEqual({
      overdue: [],
      due: [],
      upcoming: [],
      goal: 3,
      done_today: 0,
    });
  });

  it('leaves out a free plan’s hidden cards', async () => {
    setNow(INSTANT);
    const who = await person();
    const oldest = await card(who, 'Oldest', 'New');
    await who.client.patch(`/api/contacts/${oldest.id}`, { next_follow_up_on: '2026-06-01' });
    for (let i = 0; i < 25; i++) await card(who, `Newer ${i}`, 'New');
    expect(((await who.client.get('/api/today')).body as TodayResponse).due).toHaveLength(1);
    await app.db.query(`update users set plan = 'free' where id = $1`, [who.userId]);
    expect(((await who.client.get('/api/today')).body as TodayResponse).due).toEqual([]);
    expect((await who.client.post(`/api/contacts/${oldest.id}/done`, {})).status).toBe(404);
    expect((await who.client.post(`/api/contacts/${oldest.id}/snooze`, { days: 2 })).status).toBe(404);
  });
});

describe('the bell as a view of the rule', () => {
  it('lists due and overdue people (cadence-only ones too), one item per card, viewed per date', async () => {
    setNow(new Date('2026-06-20T09:00:00Z'));
    const who = await person();
    const grace = await card(who, 'Grace', 'Potential Referrals');
    setNow(new Date('2026-07-07T09:00:00Z'));
    const bell = (await who.client.get('/api/notifications')).body as Notification[];
    expect(bell).toEqual([
      {
        id: grace.id,
        date: '2026-07-04',
        contact_id: grace.id,
        interaction_id: null,
        days_overdue: 3,
        title: 'Follow up with Grace',
        viewed: false,
        unread: true,
        contact_name: 'Grace',
        contact_photo_url: null,
      },
    ]);
    const viewed = await who.client.patch(`/api/notifications/${grace.id}`, { viewed: true });
    expect(viewed.status).toBe(200);
    expect(viewed.body).toMatchObject({ id: grace.id, viewed: true, unread: false });
    for (const body of [{ viewed: 'yes' }, {}, { viewed: true, title: 'x' }]) {
      expect((await who.client.patch(`/api/notifications/${grace.id}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    // Snoozed: out of the bell; due again later, unread again (a new date).
    await who.client.post(`/api/contacts/${grace.id}/snooze`, { days: 2 });
    expect((await who.client.get('/api/notifications')).body).toEqual([]);
    setNow(new Date('2026-07-09T09:00:00Z'));
    expect((await who.client.get('/api/notifications')).body).toMatchObject([
      { id: grace.id, date: '2026-07-09', days_overdue: 0, viewed: false, unread: true },
    ]);
    // A card with no date has no item; another user's card is not found.
    const ada = await card(who, 'Ada', 'New');
    expect((await who.client.patch(`/api/notifications/${ada.id}`, { viewed: true })).status).toBe(404);
    const stranger = await person();
    expect((await stranger.client.patch(`/api/notifications/${grace.id}`, { viewed: true })).status).toBe(404);
    expect((await who.client.get('/api/notifications')).body[0].viewed).toBe(false);
  });
});

describe('settings', () => {
  it('stores the daily goal and the screen Tend opens on, refusing values out of range', async () => {
    const who = await person();
    const url = `/api/users/${who.userId}`;
    const res = await who.client.patch(url, { daily_goal: 20, open_on: 'today' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ daily_goal: 20, open_on: 'today' });
    for (const body of [{ daily_goal: 0 }, { daily_goal: 21 }, { daily_goal: 2.5 }, { open_on: 'inbox' }]) {
      const bad = await who.client.patch(url, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.errors).toHaveLength(1);
    }
    expect((await who.client.get('/api/users')).body).toMatchObject([{ daily_goal: 20, open_on: 'today' }]);
  });
});
