// `npm run bench` (reminders): the daily fan-out for 10,000 users with follow-ups due, through
// BullMQ with one worker process, into a real SMTP server; and the board read's p95 while it runs,
// against the same read with nothing else going on, measured in the same run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { API_DIR, median, seedBoard, seedFollowUps, smtpSink, startBenchApp } from './harness';
import { runLoad } from './load';

const USERS = Number(process.env['BENCH_REMINDER_USERS'] ?? 10_000);
const CONNECTIONS = 50;
const SECONDS = 3;
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

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
    await seedFollowUps(app.databaseUrl, 'alone', USERS);
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
    await seedFollowUps(app.databaseUrl, 'busy', USERS);
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
