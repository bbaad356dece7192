import type ICALModule from 'ical.js' with { 'resolution-mode': 'import' };
import type { CalendarFeedResponse, Contact } from '@tend/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../src/infra/time/clock';
import { UNTHROTTLED_SIGNUPS, useTestApp, type Member } from './helpers/test-app';

// Issue 25, point 5: the private calendar feed, read back by ical.js (a well-kept RFC 5545 parser).
const app = useTestApp(UNTHROTTLED_SIGNUPS, { resetClock: true });

/** 10:00 UTC on a Monday; the users below live in London (UTC+0 in November). */
const NOW = new Date('2026-11-16T10:00:00Z');
const TODAY = '2026-11-16';

let ICAL: typeof ICALModule;
beforeAll(async () => {
  ICAL = (await import('ical.js')).default;
});

function clock(): Clock {
  return app.running.app.get(Clock);
}

async function contact(who: Member, name: string): Promise<Contact> {
  const res = await who.client.post('/api/contacts', { name, title: 'Engineer', company: 'Analytical Engines' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Contact;
}

/** The feed's path (the address Settings shows, without its origin). */
async function makeFeed(who: Member): Promise<string> {
  const res = await who.client.post('/api/calendar-feed');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const url = (res.body as CalendarFeedResponse).url ?? '';
  expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(url).pathname;
}

interface FeedEvent {
  uid: string;
  summary: string;
  start: string;
  end: string;
  description: string;
}

function eventsOf(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      description: event.description,
    };
  });
}

async function fetchFeed(path: string, etag?: string) {
  const req = request(app.url)
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });
  if (etag) req.set('If-None-Match', etag);
  return req;
}

describe('the private calendar feed', () => {
  it('holds follow-ups of the next 90 days and overdue ones on today, read back by ical.js', async () => {
    clock().set(new Date('2026-11-10T10:00:00Z'));
    const who = await app.member({ timeZone: 'Europe/London' });
    expect((await who.client.get('/api/calendar-feed')).body).toEqual({ url: null });

    const ada = await contact(who, 'Ada Lovelace');
    const grace = await contact(who, 'Grace Hopper; "Amazing", Rear Admiral of the United States Navy, Computing');
    const far = await contact(who, 'Far Away');
    await contact(who, 'Nobody Scheduled');
    // Grace's date comes from an interaction logged on the 10th: due the 12th, overdue by the 16th.
    const logged = await who.client.post('/api/interactions', {
      contact_id: grace.id,
      date_contacted: '2026-11-10',
      contact_method: 'Email',
      notes: 'Asked about COBOL.',
      next_contact_date: '2026-11-12',
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);

    clock().set(NOW);
    expect((await who.client.post(`/api/contacts/${ada.id}/snooze`, { days: 3 })).status).toBe(200);
    expect((await who.client.patch(`/api/contacts/${far.id}`, { next_follow_up_on: '2027-03-01' })).status).toBe(200);

    const path = await makeFeed(who);
    expect((await who.client.get('/api/calendar-feed')).body).toEqual({ url: `${app.config.appUrl}${path}` });
    const res = await fetchFeed(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['cache-control']).toContain('private');
    const text = res.body as string;
    // RFC 5545: CRLF line ends, lines folded at 75 octets.
    expect(text.split('\r\n').every((line) => !line.includes('\n') && Buffer.byteLength(line) <= 75)).toBe(true);
    const events = eventsOf(text);
    expect(events.map((event) => [event.summary, event.start, event.end])).toEqual([
      [
        'Follow up: Grace Hopper; "Amazing", Rear Admiral of the United States Navy, Computing (New)',
        TODAY,
        '2026-11-17',
      ],
      ['Follow up: Ada Lovelace (New)', '2026-11-19', '2026-11-20'],
    ]);
    expect(events[1]?.description).toContain(`/kanban/${ada.id}?tab=follow-up`);
    expect(new Set(events.map((event) => event.uid)).size).toBe(2);
  });

  it('keeps each contact’s UID, answers 304 while unchanged, and drops a contact done today', async () => {
    clock().set(NOW);
    const who = await app.member({ timeZone: 'Europe/London' });
    const ada = await contact(who, 'Ada Lovelace');
    const alan = await contact(who, 'Alan Turing');
    await who.client.post(`/api/contacts/${ada.id}/snooze`, { days: 2 });
    await who.client.post(`/api/contacts/${alan.id}/snooze`, { days: 5 });
    const path = await makeFeed(who);

    const first = await fetchFeed(path);
    const etag = first.headers['etag'] as string;
    expect(etag).toBeTruthy();
    const unchanged = await fetchFeed(path, etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text ?? '').toBe('');

    await who.client.post(`/api/contacts/${ada.id}/snooze`, { days: 9 });
    const moved = await fetchFeed(path, etag);
    expect(moved.status).toBe(200);
    const before = eventsOf(first.body as string);
    const after = eventsOf(moved.body as string);
    const uidOf = (events: FeedEvent[], name: string) => events.find((e) => e.summary.includes(name))?.uid;
    expect(uidOf(after, 'Ada')).toBe(uidOf(before, 'Ada'));
    expect(uidOf(after, 'Alan')).toBe(uidOf(before, 'Alan'));
    expect(after.find((e) => e.summary.includes('Ada'))?.start).toBe('2026-11-25');

    const done = await who.client.post(`/api/contacts/${alan.id}/done`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const afterDone = eventsOf((await fetchFeed(path)).body as string);
    expect(afterDone.map((event) => event.summary)).toEqual(['Follow up: Ada Lovelace (New)']);
  });

  it('answers 404 to a reset, turned-off, made-up or altered address, and shows nobody else’s contacts', async () => {
    clock().set(NOW);
    const who = await app.member({ timeZone: 'Europe/London' });
    const other = await app.member({ timeZone: 'Europe/London' });
    const ada = await contact(who, 'Ada Lovelace');
    await who.client.post(`/api/contacts/${ada.id}/snooze`, { days: 2 });
    const old = await makeFeed(who);
    const otherPath = await makeFeed(other);
    expect(eventsOf((await fetchFeed(otherPath)).body as string)).toEqual([]);

    const renewed = await makeFeed(who);
    expect(renewed).not.toBe(old);
    const gone = await fetchFeed(old);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body as string)).toEqual({ errors: [expect.stringContaining('Settings')] });
    expect(eventsOf((await fetchFeed(renewed)).body as string)).toHaveLength(1);

    const token = renewed.slice('/calendar/'.length, -'.ics'.length);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/calendar/${altered}.ics`,
      `/calendar/${'A'.repeat(43)}.ics`,
      `/calendar/${token}`,
      '/calendar/x.ics',
    ])
      expect((await fetchFeed(path)).status, path).toBe(404);

    expect((await who.client.delete('/api/calendar-feed')).status).toBe(204);
    expect((await fetchFeed(renewed)).status).toBe(404);
    expect((await who.client.get('/api/calendar-feed')).body).toEqual({ url: null });
  });

  it('leaves out the cards a free plan hides after a downgrade', async () => {
    clock().set(NOW);
    const who = await app.member({ timeZone: 'Europe/London' });
    const oldest = await contact(who, 'Oldest Card');
    await who.client.post(`/api/contacts/${oldest.id}/snooze`, { days: 2 });
    const cards = [];
    for (let i = 0; i < 25; i++) cards.push(await contact(who, `Newer ${i}`));
    await who.client.post(`/api/contacts/${cards[0]?.id}/snooze`, { days: 3 });
    const path = await makeFeed(who);
    expect(eventsOf((await fetchFeed(path)).body as string).map((e) => e.summary)).toEqual([
      'Follow up: Oldest Card (New)',
      'Follow up: Newer 0 (New)',
    ]);
    await app.db.query(`update users set plan = 'free' where id = $1`, [who.userId]);
    expect(eventsOf((await fetchFeed(path)).body as string).map((e) => e.summary)).toEqual([
      'Follow up: Newer 0 (New)',
    ]);
  });

  it('is not reachable signed out except through its address, and needs the CSRF token to change', async () => {
    const anonymous = await app.client();
    expect((await anonymous.get('/api/calendar-feed')).status).toBe(401);
    const who = await app.member();
    expect((await who.client.post('/api/calendar-feed', {}, { csrf: false })).status).toBe(403);
    expect((await who.client.get('/api/calendar-feed')).body).toEqual({ url: null });
  });
});
