import { freePort, startRedisServer, type RedisServer } from '@tend/test-kit';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE } from '../src/modules/mail/jobs/mail.jobs';
import { SmtpCapture } from './helpers/smtp-capture';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

const API_DIR = resolve(__dirname, '..');
const USERS = 10_000;
/** The scheduler's rounds the test plays (the reminders round re-enqueues, the mail round redelivers). */
const SCHEDULER_ROUND_MS = 5_000;

interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function launch(command: string, args: string[], env: Record<string, string> = {}): Proc {
  let output = '';
  const child = spawn(command, args, {
    cwd: API_DIR,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => output, exited };
}

/** A time zone where it is now between 09:00 and 20:59, so "today" does not change during the test. */
function daytimeZone(): { zone: string; today: string } {
  for (const zone of [
    'Europe/Berlin',
    'Asia/Tokyo',
    'America/New_York',
    'Pacific/Auckland',
    'Asia/Kolkata',
    'America/Los_Angeles',
    'UTC',
  ]) {
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()),
    );
    if (hour >= 9 && hour <= 20) {
      const today = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date());
      return { zone, today };
    }
  }
  throw new Error('no daytime zone found');
}

/** USERS users, each with one contact whose follow-up is due today in their zone (straight into the tables). */
async function seed(db: TestDatabase, zone: string, today: string): Promise<void> {
  await db.query(
    `insert into users (email, name, password_hash, email_verified, plan, time_zone)
     select 'crash-' || g || '@example.com', 'Crash ' || g, 'x', true, 'premium', $1 from generate_series(1, $2) g`,
    [zone, USERS],
  );
  await db.query(`insert into tiers (user_id, name, position) select id, 'New', 0 from users`);
  await db.query(
    `insert into contacts (user_id, tier_id, name, vertical_order) select u.id, t.id, 'Contact of ' || u.name, 0
       from users u join tiers t on t.user_id = u.id`,
  );
  await db.query(
    `insert into interactions (user_id, contact_id, date_contacted, contact_method, notes, next_contact_date)
     select user_id, id, $1::date, 'Email', 'Said hello.', $1::date from contacts`,
    [today],
  );
  // The card's stored follow-up date, as the app's recompute writes it (its latest interaction's).
  await db.query(
    `update contacts c set last_contacted_on = i.date_contacted, next_follow_up_on = i.next_contact_date
       from interactions i where i.contact_id = c.id`,
  );
}

// A worker killed with SIGKILL in the middle of a batch, and Redis restarted (losing every queued
// job): afterwards the scheduler's tasks bring back what was lost, and everyone gets one email.
describe('reminders when the worker and Redis die mid-batch', () => {
  let db: TestDatabase;
  let mail: SmtpCapture;
  let redisPort: number;
  let redis: RedisServer | undefined;
  let env: Record<string, string>;
  const procs: Proc[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'tend-crash-'));

  async function startRedis(): Promise<void> {
    redis = await startRedisServer(redisPort);
    if (!redis) throw new Error('redis-server did not start: this test needs it (apt-get install redis-server).');
  }

  function worker(): Proc {
    const proc = launch(process.execPath, ['dist/worker.js'], env);
    procs.push(proc);
    return proc;
  }

  async function task(name: string): Promise<string> {
    const proc = launch(process.execPath, ['dist/cli/task.js', name], env);
    const code = await proc.exited;
    expect(code, proc.output()).toBe(0);
    return proc.output();
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    mail = await new SmtpCapture({ headersOnly: true }).start();
    redisPort = await freePort();
    await startRedis();
    env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SMTP_URL: mail.url,
      APP_URL: 'http://tend.test',
      QUEUE_PREFIX: `crash-${randomBytes(4).toString('hex')}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      JOB_RETRY_DELAY_MS: '100',
      // The pace is tested below; here it would only make 10,000 emails take 500 s at the default 20/s.
      REMINDER_SEND_RATE: '10000',
    };
  });
  afterAll(async () => {
    for (const proc of procs) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    redis?.child.kill('SIGKILL');
    await mail?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`sends each of ${USERS} users exactly one email through a worker kill and a Redis restart`, async () => {
    const { zone, today } = daytimeZone();
    await seed(db, zone, today);
    const doomed = worker();
    worker();
    expect(await task('reminders')).toContain(`"enqueued":${USERS}`);

    // Kill one of the two workers in the middle of the run, then lose Redis and everything queued in
    // it; the other worker reconnects to the new Redis by itself.
    await expect.poll(() => mail.messages.length, { timeout: 300_000, interval: 20 }).toBeGreaterThanOrEqual(USERS / 5);
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    redis?.child.kill('SIGKILL');
    await redis?.exited;
    const sentBeforeCrash = mail.messages.length;
    expect(sentBeforeCrash).toBeLessThan(USERS);
    await startRedis();

    // The scheduler's rounds (every 15 and 10 minutes in production, played here every few seconds
    // with the clock moved on) find what was never finished: deliveries whose job died with Redis,
    // emails recorded but never handed to SMTP.
    const recipients = () => new Set(mail.messages.map((m) => m.to)).size;
    const deadline = Date.now() + 420_000;
    while (recipients() < USERS && Date.now() < deadline) {
      await db.query(
        `update reminder_deliveries set created_at = now() - interval '20 minutes' where status = 'pending'`,
      );
      await task('reminders');
      await db.query(
        `update mail_messages set created_at = now() - interval '20 minutes', last_attempt_at = null where sent_at is null`,
      );
      await task('mail-redelivery');
      await new Promise((r) => setTimeout(r, SCHEDULER_ROUND_MS));
    }
    expect(recipients()).toBe(USERS);

    const [settled] = await db.query<{ pending: number; sent: number }>(
      `select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'sent')::int as sent
         from reminder_deliveries`,
    );
    expect(settled).toEqual({ pending: 0, sent: USERS });
    // One email each. A kill between the SMTP server's "yes" and the commit can repeat a message;
    // it keeps its Message-ID, so a reader sees one. At most the mail jobs that were in flight when
    // the worker died (its concurrency) can be repeated.
    const perUser = new Map<string, Set<string>>();
    for (const m of mail.messages) perUser.set(m.to, (perUser.get(m.to) ?? new Set()).add(m.messageId));
    expect([...perUser.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(mail.messages.length).toBeLessThanOrEqual(USERS + MAIL_QUEUE.concurrency);
    expect(
      mail.messages.every(
        (m) => m.subject === 'Follow up with Contact of ' + m.to.replace(/^crash-(\d+)@.*$/, 'Crash $1') + ' today',
      ),
    ).toBe(true);
  }, 600_000);

  it('paces the deliveries at REMINDER_SEND_RATE across the workers', async () => {
    for (const proc of procs) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    const { zone, today } = daytimeZone();
    await db.query(
      `insert into users (email, name, password_hash, email_verified, plan, time_zone)
       select 'paced-' || g || '@example.com', 'Paced ' || g, 'x', true, 'premium', $1 from generate_series(1, 6) g`,
      [zone],
    );
    await db.query(`insert into tiers (user_id, name, position)
      select id, 'New', 0 from users where email like 'paced-%'`);
    await db.query(`insert into contacts (user_id, tier_id, name, vertical_order)
      select u.id, t.id, 'Contact of ' || u.name, 0 from users u join tiers t on t.user_id = u.id where u.email like 'paced-%'`);
    await db.query(
      `insert into interactions (user_id, contact_id, date_contacted, contact_method, notes, next_contact_date)
       select c.user_id, c.id, $1::date, 'Email', 'Said hello.', $1::date
         from contacts c join users u on u.id = c.user_id where u.email like 'paced-%'`,
      [today],
    );
    await db.query(`update contacts c set last_contacted_on = i.date_contacted, next_follow_up_on = i.next_contact_date
      from interactions i join users u on u.id = i.user_id where i.contact_id = c.id and u.email like 'paced-%'`);

    // Two workers sharing one limit of one email a second: six take five seconds or more (unpaced,
    // they arrive within a fraction of one).
    env = { ...env, REMINDER_SEND_RATE: '1' };
    worker();
    worker();
    expect(await task('reminders')).toContain('"enqueued":6');
    const paced = () => mail.messages.filter((m) => m.to.startsWith('paced-'));
    await expect.poll(() => paced().length, { timeout: 30_000, interval: 50 }).toBe(6);
    const times = paced().map((m) => m.receivedAt);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(3_500);
  }, 60_000);
});
