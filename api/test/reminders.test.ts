import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import type { Contact } from '@tend/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { JobDispatcher } from '../src/infra/queue/job-dispatcher';
import { TaskRunner } from '../src/infra/schedule/task-runner.service';
import { Clock } from '../src/infra/time/clock';
import { UNTHROTTLED_SIGNUPS, useTestApp, type Member } from './helpers/test-app';

const app = useTestApp(UNTHROTTLED_SIGNUPS, { resetClock: true });

/** 07:30 UTC: 09:30 in Berlin, 03:30 in New York, 16:30 in Tokyo. */
const MORNING = new Date('2026-06-01T07:30:00Z');

function clock(): Clock {
  return app.running.app.get(Clock);
}

type Someone = Member;

function someone(timeZone: string): Promise<Someone> {
  return app.member({ timeZone, prefix: 'reminded' });
}

/** A contact with an interaction whose next-contact date is `next` (logged while the clock says `loggedAt`). */
async function followUp(
  who: Someone,
  name: string,
  next: string,
  { loggedAt = MORNING, notes = 'Talked about her work on the Analytical Engine and the Bernoulli numbers.' } = {},
): Promise<Contact> {
  clock().set(loggedAt);
  const contact = (await who.client.post('/api/contacts', { name, title: 'Mathematician', company: 'Babbage & Co' }))
    .body as Contact;
  const res = await who.client.post('/api/interactions', {
    contact_id: contact.id,
    date_contacted: loggedAt.toISOString().slice(0, 10),
    contact_method: 'Virtual call',
    notes,
    next_contact_date: next,
  });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return contact;
}

async function fanOut(at: Date = MORNING): Promise<Record<string, unknown>> {
  clock().set(at);
  const result = await app.running.app.get(TaskRunner).run('reminders', 'manual');
  await app.running.app.get(JobDispatcher).drain();
  return result;
}

/** Reminder emails that reached the SMTP server for an address (after the queue settled). */
async function remindersTo(email: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 400));
  await expect
    .poll(
      async () =>
        (await app.db.query<{ n: number }>(`select count(*)::int as n from mail_messages where sent_at is null`))[0]?.n,
      {
        timeout: 10_000,
      },
    )
    .toBe(0);
  return app.mail.messages.filter((m) => m.to.includes(email) && /follow up/i.test(m.subject)).length;
}

describe('daily reminder emails', () => {
  it('sends one email after 08:00 local listing what is due, with the last interaction and a link', async () => {
    const berlin = await someone('Europe/Berlin');
    const ada = await followUp(berlin, 'Ada Lovelace', '2026-06-01');
    const result = await fanOut();
    expect(result['enqueued']).toBeGreaterThanOrEqual(1);
    const mail = await app.mail.waitFor(berlin.email, /Follow up with Ada Lovelace today/);
    // Greeted by first name; the one button opens Ada's card, not the board (issue 27 point 15).
    expect(mail.text).toMatch(/^Hi Test,/);
    expect(mail.text).toContain(`Open Ada Lovelace’s card: http://tend.test/kanban/${ada.id}`);
    expect(mail.text).not.toContain('Open your board');
    expect(mail.text).toContain('Mathematician at Babbage & Co');
    expect(mail.text).toContain('Last: Virtual call on June 1, 2026');
    expect(mail.text).toContain('“Talked about her work on the Analytical Engine and the Bernoulli numbers.”');
    expect(mail.text).toContain(`http://tend.test/kanban/${ada.id}`);
    expect(mail.html).toContain(`href="http://tend.test/kanban/${ada.id}"`);
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/tend\.test\/api\/reminders\/unsubscribe\?token=\d+\.[\w-]{43}>$/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toMatch(/Stop these follow-up reminder emails: http:\/\/tend\.test\/unsubscribe\?token=/);

    // Again, the same day: nothing more.
    await fanOut(new Date(MORNING.getTime() + 3_600_000));
    expect(await remindersTo(berlin.email)).toBe(1);
    const [delivery] = await app.db.query<{ status: string; notifications: number }>(
      'select status, notifications from reminder_deliveries where user_id = $1',
      [berlin.userId],
    );
    expect(delivery).toEqual({ status: 'sent', notifications: 1 });

    // /api/ready says when the last fan-out ran and what it queued.
    const ready = (await request(app.url).get('/api/ready')).body as { reminders: Record<string, unknown> };
    expect(ready.reminders).toMatchObject({ last_fan_out_at: expect.any(String), stale: false });
  });

  it('sends nothing before 08:00 local, for what is not due yet or viewed, or when reminders are off', async () => {
    const newYork = await someone('America/New_York');
    await followUp(newYork, 'Early Bird', '2026-06-01');
    const tokyoLater = await someone('Asia/Tokyo');
    await followUp(tokyoLater, 'Not Yet', '2026-06-02');
    const viewed = await someone('Europe/Berlin');
    await followUp(viewed, 'Already Seen', '2026-06-01');
    const [bell] = (await viewed.client.get('/api/notifications')).body as { id: number }[];
    await viewed.client.patch(`/api/notifications/${bell?.id}`, { viewed: true });
    const off = await someone('Europe/Berlin');
    await followUp(off, 'Quiet Please', '2026-06-01');
    expect((await off.client.patch(`/api/users/${off.userId}`, { reminder_emails: false })).body.reminder_emails).toBe(
      false,
    );

    await fanOut();
    for (const who of [newYork, tokyoLater, viewed, off]) expect(await remindersTo(who.email), who.email).toBe(0);
    // New York reaches 08:00 four hours later: its one email goes then.
    await fanOut(new Date(MORNING.getTime() + 5 * 3_600_000));
    expect(await remindersTo(newYork.email)).toBe(1);
  });

  it('sends one email however many fan-outs run at once, and covers later follow-ups the next day', async () => {
    const berlin = await someone('Europe/Berlin');
    await followUp(berlin, 'Grace Hopper', '2026-06-01');
    clock().set(MORNING);
    const runner = app.running.app.get(TaskRunner);
    // Two schedulers at once (the runner joins a run of its own process, so call the task directly).
    const task = runner.list().find((t) => t.name === 'reminders')?.instance;
    const orm = app.running.app.get(MikroORM);
    await Promise.all([1, 2, 3].map(() => RequestContext.create(orm.em, () => task?.run() ?? Promise.resolve())));
    await app.running.app.get(JobDispatcher).drain();
    expect(await remindersTo(berlin.email)).toBe(1);

    // A follow-up set later that day for the same day waits for tomorrow's email; nothing is dropped.
    await followUp(berlin, 'Katherine Johnson', '2026-06-01', {
      loggedAt: new Date(MORNING.getTime() + 4 * 3_600_000),
    });
    await fanOut(new Date(MORNING.getTime() + 5 * 3_600_000));
    expect(await remindersTo(berlin.email)).toBe(1);
    await fanOut(new Date(MORNING.getTime() + 24 * 3_600_000));
    expect(await remindersTo(berlin.email)).toBe(2);
    const last = app.mail.messages.filter((m) => m.to.includes(berlin.email)).at(-1);
    expect(last?.subject).toBe('Follow up with Katherine Johnson today');
  });

  it('unsubscribes with the one-click POST, signed out and without a CSRF token, for its own user only', async () => {
    const berlin = await someone('Europe/Berlin');
    await followUp(berlin, 'Mary Jackson', '2026-06-01');
    await fanOut();
    const mail = await app.mail.waitFor(berlin.email, /Mary Jackson/);
    const url = new URL((mail.headers['list-unsubscribe'] ?? '').slice(1, -1));
    const token = url.searchParams.get('token') ?? '';

    // A made-up or altered token changes nothing.
    const other = await someone('Europe/Berlin');
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of ['', `${other.userId}.${token.split('.')[1]}`, altered]) {
      const res = await request(app.url)
        .post(`/api/reminders/unsubscribe?token=${encodeURIComponent(bad)}`)
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(res.status).toBe(400);
    }
    const [before] = await app.db.query<{ reminder_emails: boolean }>(
      'select reminder_emails from users where id = $1',
      [other.userId],
    );
    expect(before?.reminder_emails).toBe(true);

    const res = await request(app.url)
      .post(`${url.pathname}${url.search}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    const [after] = await app.db.query<{ reminder_emails: boolean }>(
      'select reminder_emails from users where id = $1',
      [berlin.userId],
    );
    expect(after?.reminder_emails).toBe(false);
    // The next day brings nothing.
    await followUp(berlin, 'Dorothy Vaughan', '2026-06-02', { loggedAt: new Date(MORNING.getTime() + 3_600_000) });
    await fanOut(new Date(MORNING.getTime() + 24 * 3_600_000));
    expect(await remindersTo(berlin.email)).toBe(1);
  });
});
