import {
  CONTACT_METHODS,
  DATE_CONTACTED_IN_FUTURE_MESSAGE,
  NEXT_CONTACT_IN_PAST_MESSAGE,
  type Contact,
  type Interaction,
  type Notification,
} from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import { Clock } from '../src/infra/time/clock';
import type { ApiClient } from './helpers/api-client';
import { UNTHROTTLED_SIGNUPS, useTestApp } from './helpers/test-app';

const app = useTestApp(UNTHROTTLED_SIGNUPS, { resetClock: true });

/** 2026-06-01 11:30 UTC: already 2 June in Kiritimati (UTC+14), still 1 June in Pago Pago (UTC-11). */
const INSTANT = new Date('2026-06-01T11:30:00Z');

function person(timeZone = 'UTC') {
  return app.member({ timeZone, prefix: 'people' });
}

async function contact(client: ApiClient, name: string): Promise<Contact> {
  const res = await client.post('/api/contacts', { name, title: 'Engineer', company: 'Analytical Engines' });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Contact;
}

async function log(client: ApiClient, body: Record<string, unknown>) {
  return client.post('/api/interactions', body);
}

async function rows(table: string, userId: number): Promise<number> {
  const [row] = await app.db.query<{ n: number }>(`select count(*)::int as n from ${table} where user_id = $1`, [
    userId,
  ]);
  return row?.n ?? -1;
}

/** The follow-up dates stored with the user's cards (the daily loop's rule), by card id. */
async function followUpDates(userId: number): Promise<Record<number, string | null>> {
  const found = await app.db.query<{ id: number; next: string | null }>(
    `select id, to_char(next_follow_up_on, 'YYYY-MM-DD') as next from contacts where user_id = $1`,
    [userId],
  );
  return Object.fromEntries(found.map((row) => [row.id, row.next]));
}

async function notifications(client: ApiClient): Promise<Notification[]> {
  const res = await client.get('/api/notifications');
  expect(res.status).toBe(200);
  return res.body as Notification[];
}

describe('interactions', () => {
  it('logs an interaction with the spec’s fields and answers 201 with it', async () => {
    const { client, userId } = await person();
    const ada = await contact(client, 'Ada Lovelace');
    const res = await log(client, {
      contact_id: ada.id,
      date_contacted: '2026-01-05',
      contact_method: 'LinkedIn message',
      notes: 'Talked about the Analytical Engine.',
      next_contact_date: null,
      user_id: userId,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      contact_id: ada.id,
      user_id: userId,
      date_contacted: '2026-01-05',
      contact_method: 'LinkedIn message',
      notes: 'Talked about the Analytical Engine.',
      next_contact_date: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // Notes may be empty; every one of the seven methods works exactly as written.
    for (const method of CONTACT_METHODS) {
      expect(
        (await log(client, { contact_id: ada.id, date_contacted: '2026-01-06', contact_method: method })).status,
      ).toBe(201);
    }
  });

  it('refuses each broken rule with a 400 that writes nothing', async () => {
    const { client, userId } = await person();
    const ada = await contact(client, 'Ada Lovelace');
    const other = await person();
    const valid = { contact_id: ada.id, date_contacted: '2026-01-05', contact_method: 'Email' };
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ ...valid, date_contacted: undefined }, 'Date contacted is required.'],
      [{ ...valid, contact_method: undefined }, 'Contact method is required.'],
      [{ ...valid, contact_method: 'email' }, /^Contact method must be one of:/],
      [{ ...valid, contact_method: 'Fax' }, /^Contact method must be one of:/],
      [{ ...valid, notes: 'x'.repeat(1001) }, 'Notes must be at most 1000 characters.'],
      [{ ...valid, date_contacted: '2026-02-30' }, 'Date contacted must be a date (YYYY-MM-DD).'],
      [{ ...valid, user_id: other.userId }, 'user_id must be your own id.'],
      [{ ...valid, viewed: true }, 'Unknown field "viewed".'],
    ];
    for (const [body, message] of cases) {
      const res = await log(client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0]).toMatch(message);
    }
    expect((await log(client, { ...valid, notes: 'x'.repeat(1000) })).status).toBe(201);
    expect(await rows('interactions', userId)).toBe(1);
    expect(Object.values(await followUpDates(userId))).toEqual([null]);
  });

  it('judges dates by the user’s own today, on both sides of the date line', async () => {
    app.running.app.get(Clock).set(INSTANT);
    const east = await person('Pacific/Kiritimati');
    const west = await person('Pacific/Pago_Pago');
    const eastContact = await contact(east.client, 'East');
    const westContact = await contact(west.client, 'West');
    const at = (who: typeof east, contactId: number, dateContacted: string, next: string | null) =>
      log(who.client, {
        contact_id: contactId,
        date_contacted: dateContacted,
        contact_method: 'Email',
        next_contact_date: next,
      });

    // It is 2 June in Kiritimati: contacted on the 2nd is fine, a follow-up on the 1st is past.
    expect((await at(east, eastContact.id, '2026-06-02', '2026-06-02')).status).toBe(201);
    const eastPast = await at(east, eastContact.id, '2026-06-01', '2026-06-01');
    expect(eastPast.status).toBe(400);
    expect(eastPast.body.errors).toEqual([NEXT_CONTACT_IN_PAST_MESSAGE]);
    // It is still 1 June in Pago Pago: contacted on the 2nd is the future, a follow-up on the 1st is today.
    const westFuture = await at(west, westContact.id, '2026-06-02', null);
    expect(westFuture.status).toBe(400);
    expect(westFuture.body.errors).toEqual([DATE_CONTACTED_IN_FUTURE_MESSAGE]);
    expect((await at(west, westContact.id, '2026-06-01', '2026-06-01')).status).toBe(201);
    expect(await rows('interactions', west.userId)).toBe(1);
  });

  it('lists one contact’s interactions newest first (date, then id), and all of the user’s', async () => {
    const { client } = await person();
    const ada = await contact(client, 'Ada');
    const grace = await contact(client, 'Grace');
    const made: Interaction[] = [];
    for (const [contactId, date] of [
      [ada.id, '2026-01-03'],
      [ada.id, '2026-01-09'],
      [ada.id, '2026-01-03'],
      [grace.id, '2026-01-05'],
    ] as const) {
      made.push((await log(client, { contact_id: contactId, date_contacted: date, contact_method: 'Email' })).body);
    }
    const adas = (await client.get(`/api/interactions?contact_id=${ada.id}`)).body as Interaction[];
    expect(adas.map((i) => i.id)).toEqual([made[1]?.id, made[2]?.id, made[0]?.id]);
    const all = (await client.get('/api/interactions')).body as Interaction[];
    expect(all.map((i) => i.id)).toEqual([made[1]?.id, made[3]?.id, made[2]?.id, made[0]?.id]);
    expect((await client.get('/api/interactions?contact_id=abc')).status).toBe(400);
  });

  it('shows the latest interaction’s next date in the bell (a view of the rule), through its whole life', async () => {
    app.running.app.get(Clock).set(INSTANT);
    const { client, userId } = await person('Europe/Berlin');
    const ada = await contact(client, 'Ada Lovelace');
    const created = (
      await log(client, {
        contact_id: ada.id,
        date_contacted: '2026-05-30',
        contact_method: 'Phone call',
        next_contact_date: '2026-06-01',
      })
    ).body as Interaction;
    let [bell] = await notifications(client);
    expect(bell).toEqual({
      id: ada.id,
      date: '2026-06-01',
      contact_id: ada.id,
      interaction_id: created.id,
      days_overdue: 0,
      title: 'Follow up with Ada Lovelace',
      viewed: false,
      unread: true,
      contact_name: 'Ada Lovelace',
      contact_photo_url: null,
    });

    // Viewed: not unread any more.
    expect((await client.patch(`/api/notifications/${ada.id}`, { viewed: true })).body).toMatchObject({
      viewed: true,
      unread: false,
    });
    // Editing the notes only leaves it as it is.
    await client.patch(`/api/interactions/${created.id}`, { notes: 'Left a voicemail.' });
    [bell] = await notifications(client);
    expect(bell?.viewed).toBe(true);
    // Moving the date moves the card's follow-up: due later, so out of the bell until then.
    expect((await client.patch(`/api/interactions/${created.id}`, { next_contact_date: '2026-06-10' })).status).toBe(
      200,
    );
    expect(await notifications(client)).toEqual([]);
    expect(await followUpDates(userId)).toEqual({ [ada.id]: '2026-06-10' });
    // A week and a half later it is due, and unread: the viewed date was the old one.
    app.running.app.get(Clock).set(new Date('2026-06-11T08:00:00Z'));
    [bell] = await notifications(client);
    expect(bell).toMatchObject({ date: '2026-06-10', days_overdue: 1, viewed: false, unread: true });
    app.running.app.get(Clock).set(INSTANT);
    // Clearing the date clears the card's (its column has no cadence).
    await client.patch(`/api/interactions/${created.id}`, { next_contact_date: null });
    expect(await followUpDates(userId)).toEqual({ [ada.id]: null });
    // Set again, then delete the interaction: the date goes with it.
    await client.patch(`/api/interactions/${created.id}`, { next_contact_date: '2026-06-03' });
    expect(await followUpDates(userId)).toEqual({ [ada.id]: '2026-06-03' });
    expect((await client.delete(`/api/interactions/${created.id}`)).status).toBe(204);
    expect(await followUpDates(userId)).toEqual({ [ada.id]: null });
    expect(await rows('interactions', userId)).toBe(0);

    // Deleting the contact deletes its interactions.
    await log(client, {
      contact_id: ada.id,
      date_contacted: '2026-05-30',
      contact_method: 'Email',
      next_contact_date: '2026-06-02',
    });
    expect((await client.delete(`/api/contacts/${ada.id}`)).status).toBe(204);
    expect(await rows('interactions', userId)).toBe(0);
    expect(await notifications(client)).toEqual([]);
  });

  it('checks the next date against today only when it changes, and an id in the body must match', async () => {
    app.running.app.get(Clock).set(INSTANT);
    const { client } = await person();
    const ada = await contact(client, 'Ada');
    const made = (
      await log(client, {
        contact_id: ada.id,
        date_contacted: '2026-06-01',
        contact_method: 'Slack',
        next_contact_date: '2026-06-02',
      })
    ).body as Interaction;
    // A week later the next date is in the past; the notes can still be edited.
    app.running.app.get(Clock).set(new Date('2026-06-08T12:00:00Z'));
    expect((await client.patch(`/api/interactions/${made.id}`, { notes: 'Followed up late.' })).status).toBe(200);
    const moved = await client.patch(`/api/interactions/${made.id}`, { next_contact_date: '2026-06-05' });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual([NEXT_CONTACT_IN_PAST_MESSAGE]);
    expect((await client.patch(`/api/interactions/${made.id}`, { id: made.id + 1, notes: 'x' })).status).toBe(400);
    expect((await client.patch(`/api/interactions/${made.id}`, { contact_method: 'email' })).status).toBe(400);
    const after = (await client.get(`/api/interactions?contact_id=${ada.id}`)).body as Interaction[];
    expect(after[0]).toMatchObject({
      notes: 'Followed up late.',
      next_contact_date: '2026-06-02',
      contact_method: 'Slack',
    });
  });

  it('isolates users: another user’s contact, interaction or notification answers 404', async () => {
    app.running.app.get(Clock).set(INSTANT);
    const a = await person();
    const b = await person();
    const ada = await contact(a.client, 'Ada');
    const made = (
      await log(a.client, {
        contact_id: ada.id,
        date_contacted: '2026-01-01',
        contact_method: 'Email',
        next_contact_date: '2026-06-01',
      })
    ).body as Interaction;
    const [bell] = await notifications(a.client);
    expect(bell?.id).toBe(ada.id);
    const beforeA = JSON.stringify(await app.db.query('select * from interactions where id = $1', [made.id]));
    expect(
      (await log(b.client, { contact_id: ada.id, date_contacted: '2026-01-01', contact_method: 'Email' })).status,
    ).toBe(404);
    expect((await b.client.get(`/api/interactions?contact_id=${ada.id}`)).status).toBe(404);
    expect((await b.client.patch(`/api/interactions/${made.id}`, { notes: 'mine now' })).status).toBe(404);
    expect((await b.client.delete(`/api/interactions/${made.id}`)).status).toBe(404);
    expect((await b.client.patch(`/api/notifications/${bell?.id}`, { viewed: true })).status).toBe(404);
    expect((await b.client.post('/api/notifications', { interaction_id: made.id, date: '2099-02-02' })).status).toBe(
      404,
    );
    expect((await b.client.get('/api/interactions')).body).toEqual([]);
    expect(await notifications(b.client)).toEqual([]);
    expect(JSON.stringify(await app.db.query('select * from interactions where id = $1', [made.id]))).toBe(beforeA);
    expect((await notifications(a.client))[0]?.viewed).toBe(false);
  });

  it('treats a free user’s hidden card as absent: its interactions and notifications too', async () => {
    app.running.app.get(Clock).set(INSTANT);
    const { client, userId } = await person();
    const oldest = await contact(client, 'Oldest');
    await log(client, {
      contact_id: oldest.id,
      date_contacted: '2026-01-01',
      contact_method: 'Email',
      next_contact_date: '2026-06-01',
    });
    for (let i = 0; i < 25; i++) await contact(client, `Newer ${i}`);
    await app.db.query(`update users set plan = 'free' where id = $1`, [userId]);
    expect(
      (await log(client, { contact_id: oldest.id, date_contacted: '2026-01-02', contact_method: 'Email' })).status,
    ).toBe(404);
    expect((await client.get(`/api/interactions?contact_id=${oldest.id}`)).status).toBe(404);
    expect((await client.get('/api/interactions')).body).toEqual([]);
    expect(await notifications(client)).toEqual([]);
    expect((await client.patch(`/api/notifications/${oldest.id}`, { viewed: true })).status).toBe(404);
    // Back on premium, everything is there again.
    await app.db.query(`update users set plan = 'premium' where id = $1`, [userId]);
    expect((await client.get('/api/interactions')).body).toHaveLength(1);
    expect(await notifications(client)).toHaveLength(1);
  });

  it('lets the spec’s old client set a date through POST /api/notifications; read-all is gone', async () => {
    app.running.app.get(Clock).set(INSTANT);
    const { client } = await person();
    const ada = await contact(client, 'Ada');
    const grace = await contact(client, 'Grace');
    await log(client, {
      contact_id: ada.id,
      date_contacted: '2026-05-01',
      contact_method: 'Email',
      next_contact_date: '2026-06-01',
    });
    const later = (await log(client, { contact_id: grace.id, date_contacted: '2026-05-01', contact_method: 'Email' }))
      .body as Interaction;
    const legacy = await client.post('/api/notifications', {
      interaction_id: later.id,
      date: '2026-06-20',
      contact_id: grace.id,
    });
    expect(legacy.status).toBe(201);
    expect(legacy.body).toEqual({
      id: grace.id,
      date: '2026-06-20',
      contact_id: grace.id,
      interaction_id: later.id,
      days_overdue: 0,
      title: 'Follow up with Grace',
      viewed: false,
      unread: false,
      contact_name: 'Grace',
      contact_photo_url: null,
    });
    expect((await client.post('/api/notifications', { interaction_id: later.id, date: '2026-05-20' })).status).toBe(
      400,
    );
    // The bell lists who is due: Grace's date has not come yet.
    const bell = await notifications(client);
    expect(bell.map((n) => [n.contact_name, n.unread])).toEqual([['Ada', true]]);
    expect((await client.post('/api/notifications/read-all')).status).toBe(404);
    expect((await notifications(client)).map((n) => n.viewed)).toEqual([false]);
  });
});
