import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import type { Contact, EmailActionPreview } from '@tend/contracts';
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

/** The links of a person's entry in a digest's text. */
function linksOf(text: string, label: 'Open' | 'Done' | 'Snooze 1 week'): string[] {
  return [...text.matchAll(new RegExp(`^  ${label}: (\\S+)$`, 'gm'))].map((m) => m[1] ?? '');
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

describe('the reminder digest', () => {
  it('sends one digest after the hour listing who is waiting, with Open, Done and Snooze 1 week', async () => {
    const berlin = await someone('Europe/Berlin');
    const ada = await followUp(berlin, 'Ada Lovelace', '2026-06-01');
    const result = await fanOut();
    expect(result['enqueued']).toBeGreaterThanOrEqual(1);
    const mail = await app.mail.waitFor(berlin.email, /Follow up with Ada Lovelace today/);
    // Greeted by first name.
    expect(mail.text).toMatch(/^Hi Test,/);
    expect(mail.text).toContain('WAITING FOR YOU');
    expect(mail.text).toContain('* Ada Lovelace');
    expect(mail.text).toContain('Mathematician at Babbage & Co · New');
    expect(mail.text).toContain('Due today · Last contact June 1');
    expect(mail.text).toContain('“Talked about her work on the Analytical Engine and the Bernoulli numbers.”');
    expect(linksOf(mail.text, 'Open')).toEqual([`http://tend.test/kanban/${ada.id}?tab=follow-up`]);
    expect(linksOf(mail.text, 'Done')[0]).toMatch(/^http:\/\/tend\.test\/email-action\?token=[\w-]+\.[\w-]{43}$/);
    expect(linksOf(mail.text, 'Snooze 1 week')[0]).toMatch(/^http:\/\/tend\.test\/email-action\?token=/);
    expect(mail.html).toContain(`href="http://tend.test/kanban/${ada.id}?tab=follow-up"`);
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/tend\.test\/api\/reminders\/unsubscribe\?token=[\w-]+\.[\w-]{43}>$/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toMatch(/Stop these follow-up reminder emails: http:\/\/tend\.test\/unsubscribe\?token=/);

    // Again, the same day: nothing more.
    await fanOut(new Date(MORNING.getTime() + 3_600_000));
    expect(await remindersTo(berlin.email)).toBe(1);
    const [delivery] = await app.db.query<{ status: string; people: number }>(
      'select status, people from reminder_deliveries where user_id = $1',
      [berlin.userId],
    );
    expect(delivery).toEqual({ status: 'sent', people: 1 });

    // /api/ready says when the last fan-out ran and what it queued.
    const ready = (await request(app.url).get('/api/ready')).body as { reminders: Record<string, unknown> };
    expect(ready.reminders).toMatchObject({ last_fan_out_at: expect.any(String), stale: false });
  });

  it('sends nothing before the hour, for what is not due yet, or when reminders are off', async () => {
    const newYork = await someone('America/New_York');
    await followUp(newYork, 'Early Bird', '2026-06-01');
    const tokyoLater = await someone('Asia/Tokyo');
    await followUp(tokyoLater, 'Not Yet', '2026-06-02');
    const off = await someone('Europe/Berlin');
    await followUp(off, 'Quiet Please', '2026-06-01');
    expect((await off.client.patch(`/api/users/${off.userId}`, { reminder_emails: false })).body.reminder_emails).toBe(
      false,
    );
    const lateRiser = await someone('Europe/Berlin');
    await followUp(lateRiser, 'After Lunch', '2026-06-01');
    expect((await lateRiser.client.patch(`/api/users/${lateRiser.userId}`, { reminder_hour: 15 })).status).toBe(200);

    await fanOut();
    for (const who of [newYork, tokyoLater, off, lateRiser]) expect(await remindersTo(who.email), who.email).toBe(0);
    // New York reaches 08:00 four hours later: its one email goes then.
    await fanOut(new Date(MORNING.getTime() + 5 * 3_600_000));
    expect(await remindersTo(newYork.email)).toBe(1);
    expect(await remindersTo(lateRiser.email)).toBe(0);
    // 15:00 in Berlin (summer time, UTC+2).
    await fanOut(new Date('2026-06-01T13:00:00Z'));
    expect(await remindersTo(lateRiser.email)).toBe(1);
  });

  it('sends one digest however many fan-outs run at once; someone left alone is in the next one again', async () => {
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

    // A follow-up set later that day for the same day waits for tomorrow's digest, with Grace again.
    await followUp(berlin, 'Katherine Johnson', '2026-06-01', {
      loggedAt: new Date(MORNING.getTime() + 4 * 3_600_000),
    });
    await fanOut(new Date(MORNING.getTime() + 5 * 3_600_000));
    expect(await remindersTo(berlin.email)).toBe(1);
    await fanOut(new Date(MORNING.getTime() + 24 * 3_600_000));
    expect(await remindersTo(berlin.email)).toBe(2);
    const last = app.mail.messages.filter((m) => m.to.includes(berlin.email)).at(-1);
    expect(last?.subject).toBe('2 people to follow up with today');
    expect(last?.text).toMatch(/\* Grace Hopper\n.*\n {2}1 day overdue · Last contact June 1/);
  });

  it('caps the list at 20 with "and N more", and lists who is coming up this week', async () => {
    const berlin = await someone('Europe/Berlin');
    for (let i = 0; i < 22; i++) await followUp(berlin, `Person ${String(i).padStart(2, '0')}`, '2026-06-01');
    await followUp(berlin, 'Coming Soon', '2026-06-04');
    await fanOut();
    const mail = await app.mail.waitFor(berlin.email, /22 people to follow up with today/);
    expect(linksOf(mail.text, 'Open')).toHaveLength(20);
    expect(mail.text).toContain('and 2 more on your Today page: http://tend.test/today');
    // The cap counts everyone listed: nobody coming up fits beside 20 waiting.
    expect(mail.text).not.toContain('COMING UP THIS WEEK');

    const few = await someone('Europe/Berlin');
    await followUp(few, 'Due Now', '2026-06-01');
    await followUp(few, 'Coming Soon', '2026-06-04');
    await fanOut();
    const second = await app.mail.waitFor(few.email, /Follow up with Due Now today/);
    expect(second.text).toMatch(/COMING UP THIS WEEK\n\n\* Coming Soon\n.*\n {2}Due Thursday, June 4/);
  });

  it('sends weekly digests on the weekday only, and one per user and local day across daylight-saving changes', async () => {
    // London leaves summer time on Oct 25, Los Angeles on Nov 1; Auckland entered it on Sep 27.
    const london = await someone('Europe/London');
    const angeles = await someone('America/Los_Angeles');
    const auckland = await someone('Pacific/Auckland');
    for (const who of [london, angeles, auckland])
      await followUp(who, 'Never Handled', '2026-10-22', { loggedAt: new Date('2026-10-20T12:00:00Z') });
    await london.client.patch(`/api/users/${london.userId}`, { reminder_hour: 7 });
    await angeles.client.patch(`/api/users/${angeles.userId}`, { reminder_hour: 9 });
    await auckland.client.patch(`/api/users/${auckland.userId}`, {
      reminder_period: 'weekly',
      reminder_weekday: 1,
      reminder_hour: 8,
    });
    // Every hour from Oct 23 to Nov 3 (UTC), as the scheduler runs it.
    const task = app.running.app.get(TaskRunner);
    for (let at = Date.parse('2026-10-23T00:02:00Z'); at < Date.parse('2026-11-03T00:00:00Z'); at += 3_600_000) {
      clock().set(new Date(at));
      await task.run('reminders', 'manual');
    }
    await app.running.app.get(JobDispatcher).drain();
    const sent = () =>
      app.db.query<{ user_id: number; local_date: string; hour: number }>(
        `select d.user_id, to_char(d.local_date, 'YYYY-MM-DD') as local_date,
                extract(hour from (d.created_at at time zone u.time_zone))::int as hour
           from reminder_deliveries d join users u on u.id = d.user_id
          where d.user_id = any($1) and d.status = 'sent' order by d.user_id, d.local_date`,
        [[london.userId, angeles.userId, auckland.userId]],
      );
    // The last hour's deliveries may still be settling after the drain (their emails are jobs too):
    // wait until nothing is pending, then read what was sent.
    await expect
      .poll(
        async () =>
          (
            await app.db.query<{ pending: number }>(
              `select count(*)::int as pending from reminder_deliveries where user_id = any($1) and status = 'pending'`,
              [[london.userId, angeles.userId, auckland.userId]],
            )
          )[0]?.pending,
        { timeout: 15_000 },
      )
      .toBe(0);
    const rows = await sent();
    const of = (who: Member) => rows.filter((row) => row.user_id === who.userId);
    const days = (from: string, to: string) => {
      const out: string[] = [];
      for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000)
        out.push(new Date(d).toISOString().slice(0, 10));
      return out;
    };
    // Each day its one digest, at the user's own hour, before and after the clocks change.
    expect(of(london).map((row) => row.local_date)).toEqual(days('2026-10-23', '2026-11-02'));
    expect(of(london).map((row) => row.hour)).toEqual(of(london).map(() => 7));
    // Los Angeles is still on Oct 22 (17:02) when the hours start.
    expect(of(angeles).map((row) => row.local_date)).toEqual(days('2026-10-22', '2026-11-02'));
    // Its first digest went at the first hourly run (17:02, already past 09:00), the rest at 09:00.
    expect(of(angeles).map((row) => row.hour)).toEqual([
      17,
      ...of(angeles)
        .slice(1)
        .map(() => 9),
    ]);
    // Weekly on Mondays at 08:00 in Auckland: Oct 26 and Nov 2 only.
    expect(of(auckland).map((row) => [row.local_date, row.hour])).toEqual([
      ['2026-10-26', 8],
      ['2026-11-02', 8],
    ]);
  }, 240_000);
});

describe('links in the digest', () => {
  async function digestLinks(who: Member, name: string) {
    const contact = await followUp(who, name, '2026-06-01');
    await fanOut();
    const mail = await app.mail.waitFor(who.email, new RegExp(`Follow up with ${name} today`));
    return {
      contact,
      done: tokenOf(linksOf(mail.text, 'Done')[0] ?? ''),
      snooze: tokenOf(linksOf(mail.text, 'Snooze 1 week')[0] ?? ''),
    };
  }

  async function nextOf(who: Member, id: number): Promise<string | null> {
    const contacts = (await who.client.get('/api/contacts')).body as Contact[];
    return contacts.find((c) => c.id === id)?.next_follow_up_on ?? null;
  }

  it('Done acts only on the page’s POST, signed out, once; a GET changes nothing', async () => {
    const berlin = await someone('Europe/Berlin');
    const { contact, done } = await digestLinks(berlin, 'Ada Lovelace');
    const anonymous = await app.client();
    for (let i = 0; i < 2; i++) {
      const preview = await anonymous.get(`/api/email-actions?token=${done}`);
      expect(preview.body as EmailActionPreview).toEqual({
        action: 'done',
        state: 'ready',
        contact_name: 'Ada Lovelace',
        message: null,
      });
    }
    expect(await nextOf(berlin, contact.id)).toBe('2026-06-01');
    const [count] = await app.db.query<{ n: number }>(
      'select count(*)::int as n from interactions where contact_id = $1',
      [contact.id],
    );
    expect(count?.n).toBe(1);

    const res = await anonymous.post('/api/email-actions', { token: done });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: 'Ada Lovelace is marked as done.', next_follow_up_on: null });
    const interactions = await app.db.query<{ date: string }>(
      "select to_char(date_contacted, 'YYYY-MM-DD') as date from interactions where contact_id = $1 order by id",
      [contact.id],
    );
    expect(interactions.map((row) => row.date)).toEqual(['2026-06-01', '2026-06-01']);
    // The follow-up it was for is handled: the same link now says so and does nothing.
    const again = await anonymous.post('/api/email-actions', { token: done });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatch(/has changed since the email was sent/);
    expect((await anonymous.get(`/api/email-actions?token=${done}`)).body.state).toBe('changed');
  });

  it('Snooze 1 week moves the date a week; an expired, altered or other kind of link changes nothing and says so', async () => {
    const berlin = await someone('Europe/Berlin');
    const { contact, done, snooze } = await digestLinks(berlin, 'Grace Hopper');
    const anonymous = await app.client();
    const altered = (() => {
      const [body, signature] = snooze.split('.');
      const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as Record<string, unknown>;
      payload['a'] = 'done';
      return `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    })();
    for (const bad of [altered, 'nonsense', `${snooze}x`]) {
      expect((await anonymous.get(`/api/email-actions?token=${encodeURIComponent(bad)}`)).body.state).toBe('invalid');
      const res = await anonymous.post('/api/email-actions', { token: bad });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(['This link is not valid. Open Tend to see who is due.']);
    }
    // A Done link is no unsubscribe link.
    const oneClick = await request(app.url)
      .post(`/api/reminders/unsubscribe?token=${done}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(400);
    expect(await nextOf(berlin, contact.id)).toBe('2026-06-01');

    // Fifteen days later the links have expired.
    clock().set(new Date(MORNING.getTime() + 15 * 86_400_000));
    expect((await anonymous.get(`/api/email-actions?token=${snooze}`)).body.state).toBe('expired');
    const expired = await anonymous.post('/api/email-actions', { token: snooze });
    expect(expired.status).toBe(400);
    expect(expired.body.errors[0]).toMatch(/expired/);
    expect(await nextOf(berlin, contact.id)).toBe('2026-06-01');

    clock().set(new Date(MORNING.getTime() + 2 * 3_600_000));
    const res = await anonymous.post('/api/email-actions', { token: snooze });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: 'Grace Hopper is snoozed for a week.', next_follow_up_on: '2026-06-08' });
    expect(await nextOf(berlin, contact.id)).toBe('2026-06-08');
  });
});

describe('unsubscribing', () => {
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
