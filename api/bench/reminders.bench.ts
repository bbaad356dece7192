// `npm run bench` (reminders): the daily fan-out for 10,000 users with follow-ups due, through
// BullMQ with one worker process, into a real SMTP server; and the board read's p95 while it runs,
// against the same read with nothing else going on, measured in the same run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { API_DIR, median, seedBoard, startBenchApp } from './harness';
import { runLoad } from './load';

const USERS = Number(process.env['BENCH_REMINDER_USERS'] ?? 10_000);
const CONNECTIONS = 50;
const SECONDS = 3;
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** An SMTP server that accepts everything and counts it (the reminder emails' arrival times). */
async function smtpSink(): Promise<{ url: string; arrivals: number[]; stop(): Promise<void> }> {
  const arrivals: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        arrivals.push(performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** USERS users (named `<group>-N`) in a zone where it is daytime now, each with one follow-up due today. */
async function seedFollowUps(databaseUrl: string, group: string): Promise<void> {
  const zone = ['Europe/Berlin', 'Asia/Tokyo', 'America/New_York', 'Pacific/Auckland', 'Asia/Kolkata', 'UTC'].find(
    (z) => {
      const hour = Number(
        new Intl.DateTimeFormat('en-GB', { timeZone: z, hour: '2-digit', hourCycle: 'h23' }).format(new Date()),
      );
      return hour >= 9 && hour <= 21;
    },
  );
  if (!zone) throw new Error('no daytime zone');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `insert into users (email, name, password_hash, email_verified, plan, time_zone)
       select $3 || '-' || g || '@example.com', 'Due ' || g, 'x', true, 'premium', $1 from generate_series(1, $2::int) g`,
      [zone, USERS, group],
    );
    await db.query(`insert into tiers (user_id, name, position) select id, 'New', 0 from users where email like $1`, [
      `${group}-%`,
    ]);
    await db.query(
      `insert into contacts (user_id, tier_id, name, title, company, vertical_order)
       select u.id, t.id, 'Contact of ' || u.name, 'Engineer', 'Acme', 0 from users u join tiers t on t.user_id = u.id
        where u.email like $1`,
      [`${group}-%`],
    );
    await db.query(
      `insert into interactions (user_id, contact_id, date_contacted, contact_method, notes, next_contact_date)
       select c.user_id, c.id, $1::date, 'Email', 'Talked about the next role and a possible referral.', $1::date
         from contacts c join users u on u.id = c.user_id where u.email like $2`,
      [today, `${group}-%`],
    );
    // The cards' stored follow-up dates, as the app's recompute writes them (the latest interaction's).
    await db.query(
      `update contacts c set last_contacted_on = i.date_contacted, next_follow_up_on = i.next_contact_date
         from interactions i join users u on u.id = i.user_id where i.contact_id = c.id and u.email like $1`,
      [`${group}-%`],
    );
  } finally {
    await db.end();
  }
}

/** The app (api and one worker process, BullMQ) with reminder deliveries paced at `sendRate` a second. */
async function startApp(sink: { url: string }, sendRate: number) {
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const app = await startBenchApp({
    roles: 'api+worker',
    env: { REDIS_URL, SMTP_URL: sink.url, QUEUE_PREFIX: prefix, REMINDER_SEND_RATE: String(sendRate) },
  });
  return {
    ...app,
    /** Stops the app and drops what it left queued (a paced fan-out is stopped before it ends). */
    close: async () => {
      await app.close();
      for (const name of ['reminders', 'mail']) {
        const queue = new Queue(name, { connection: { url: REDIS_URL }, prefix });
        await queue.obliterate({ force: true });
        await queue.close();
      }
    },
  };
}

/** Runs the hourly task now, as an operator would (it exits once the jobs are queued). */
function fanOut(env: Record<string, string>) {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/cli/task.js', 'reminders'], { cwd: API_DIR, env, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  const queued = new Promise<number>((resolve) => child.once('exit', () => resolve(performance.now())));
  return { started, queued, output: () => output.trim().split('\n').pop() ?? '' };
}

async function main(): Promise<void> {
  const sink = await smtpSink();
  const allArrived = async (count: number) => {
    while (sink.arrivals.length < count) await new Promise((r) => setTimeout(r, 50));
    return sink.arrivals[count - 1] ?? performance.now();
  };
  console.log(
    `\nReminder fan-out: ${USERS.toLocaleString('en-US')} users with a follow-up due, BullMQ, one worker process\n`,
  );

  // 1. Capacity: the fan-out alone, unpaced, how fast the emails can go out.
  let app = await startApp(sink, 10_000);
  try {
    await seedFollowUps(app.databaseUrl, 'alone');
    const alone = fanOut(app.env);
    const aloneQueued = await alone.queued;
    const aloneDone = await allArrived(USERS);
    const seconds = (aloneDone - alone.started) / 1000;
    console.log(`task: ${alone.output()} (queued in ${((aloneQueued - alone.started) / 1000).toFixed(1)} s)`);
    console.log(`unpaced: ${USERS} emails in ${seconds.toFixed(1)} s = ${(USERS / seconds).toFixed(0)} emails/s`);
  } finally {
    await app.close();
  }

  // 2. The board read with nothing else going on, then during a fan-out at the default pace
  // (REMINDER_SEND_RATE, 20 a second), in the same app.
  app = await startApp(sink, 20);
  try {
    const { cookie } = await seedBoard(app, 'reader@example.com', 1000);
    const read = () =>
      runLoad(`${app.base}/api/contacts`, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
      });
    await seedFollowUps(app.databaseUrl, 'busy');
    await read(); // warm-up
    const idle = [await read(), await read(), await read()];
    const before = sink.arrivals.length;
    const busyRun = fanOut(app.env);
    const busy = [];
    while (busy.length < 30) busy.push(await read());
    await busyRun.queued;
    const sent = sink.arrivals.length - before;
    const paceSeconds = ((sink.arrivals.at(-1) ?? busyRun.started) - busyRun.started) / 1000;

    const p95 = (results: typeof idle) => median(results.map((r) => r.p95));
    console.log(
      `paced: ${sent} emails in the first ${paceSeconds.toFixed(1)} s = ${(sent / paceSeconds).toFixed(0)} emails/s`,
    );
    console.log(`GET /api/contacts (1,000 cards, ${CONNECTIONS} connections) p95 idle: ${p95(idle).toFixed(1)} ms`);
    console.log(`... during the paced fan-out (${busy.length} rounds of ${SECONDS} s): ${p95(busy).toFixed(1)} ms`);
    console.log(`ratio busy / idle: ${(p95(busy) / p95(idle)).toFixed(2)}x (target <= 1.5x)`);
  } finally {
    await app.close();
    await sink.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
