// `npm run bench` (issue 28, point 3): a day's traffic as a load test. USERS signed-in users, each
// going round what a person does in a working session (load the board, open a contact, log an
// interaction, move a card, draft a message once), paced like real use (seconds of reading and
// typing between steps), for SECONDS against the built app on PostgreSQL (as `npm start` runs it:
// one process, jobs in-process). Reported: p50/p95/p99 per route, errors (any answer that is not
// 2xx), the app's RSS over the run, the app's requests per second, and a bare NestJS
// hello-world's req/s on the same machine in the same run (50 connections, back to back).
// Then the same traffic again against the api and a worker process (BullMQ on Redis) while the
// scheduler's reminder fan-out for FANOUT_USERS users with a follow-up due runs at the default pace
// (BENCH_FANOUT=0 skips this second run).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'node:http';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import {
  API_DIR,
  freePort,
  percentile,
  seedBoard,
  seedFollowUps,
  smtpSink,
  startBenchApp,
  waitFor,
  type BenchApp,
} from './harness';
import { runLoad } from './load';

const USERS = Number(process.env['BENCH_USERS'] ?? 200);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 120);
/** Cards per user's board (the free plan's allowance: a common board). */
const CARDS = 25;
const METHODS = ['LinkedIn message', 'Virtual call', 'Email', 'Phone call'];
const FANOUT = process.env['BENCH_FANOUT'] !== '0';
const FANOUT_USERS = Number(process.env['BENCH_FANOUT_USERS'] ?? 10_000);
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

interface User {
  cookie: string;
  csrf: string;
  tiers: number[];
  contacts: number[];
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 * USERS });

/** One request with the user's session; resolves with the status and the parsed body (JSON) or null. */
function call(
  app: BenchApp,
  user: User,
  method: string,
  path: string,
  body?: unknown,
  retry = true,
): Promise<{ status: number; ms: number; json: unknown }> {
  const target = new URL(app.base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { cookie: user.cookie, 'accept-encoding': 'gzip' };
  if (method !== 'GET') headers['x-csrf-token'] = user.csrf;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request({ host: target.hostname, port: target.port, path, method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const ms = performance.now() - started;
        let json: unknown = null;
        if (res.headers['content-encoding'] === undefined && res.headers['content-type']?.includes('json')) {
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            json = null;
          }
        }
        resolve({ status: res.statusCode ?? 0, ms, json });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server closes a keep-alive socket idle for 5 s; a request sent on it as it closes is
      // reset. A browser sends it again on a new connection, and so does this (Node's advice).
      if (retry && req.reusedSocket && error.code === 'ECONNRESET') {
        void call(app, user, method, path, body, false).then(resolve);
      } else {
        resolve({ status: 0, ms: performance.now() - started, json: null });
      }
    });
    req.end(payload);
  });
}

const latencies = new Map<string, number[]>();
const failures = new Map<string, number>();

async function timed(app: BenchApp, user: User, route: string, method: string, path: string, body?: unknown) {
  const result = await call(app, user, method, path, body);
  if (result.status >= 200 && result.status < 300) {
    latencies.set(route, [...(latencies.get(route) ?? []), result.ms]);
  } else {
    failures.set(`${route} ${result.status}`, (failures.get(`${route} ${result.status}`) ?? 0) + 1);
  }
  return result;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A person's pause: between `min` and `max` seconds. */
const think = (min: number, max: number) => pause((min + Math.random() * (max - min)) * 1000);

/** One person's session, round after round until the deadline. */
async function person(app: BenchApp, user: User, deadline: number, index: number): Promise<void> {
  // Users arrive over the first 10 seconds, not all in the same millisecond.
  await pause((index / USERS) * 10_000);
  let drafted = false;
  let round = 0;
  while (performance.now() < deadline) {
    round += 1;
    // Load the board (what the page asks for).
    await Promise.all([
      timed(app, user, 'GET /api/session', 'GET', '/api/session'),
      timed(app, user, 'GET /api/tiers', 'GET', '/api/tiers'),
      timed(app, user, 'GET /api/contacts', 'GET', '/api/contacts'),
    ]);
    await Promise.all([
      timed(app, user, 'GET /api/notifications', 'GET', '/api/notifications'),
      timed(app, user, 'GET /api/config', 'GET', '/api/config'),
    ]);
    await think(3, 8);
    if (performance.now() >= deadline) break;
    // Every other round, the Today page (who is due).
    if (round % 2 === 1) {
      await timed(app, user, 'GET /api/today', 'GET', '/api/today');
      await think(3, 8);
    }
    if (performance.now() >= deadline) break;
    // Open a contact and read it.
    const contactId = user.contacts[(index + round) % user.contacts.length]!;
    await timed(app, user, 'GET /api/interactions?contact_id=', 'GET', `/api/interactions?contact_id=${contactId}`);
    await think(5, 15);
    if (performance.now() >= deadline) break;
    // Log an interaction (typed for a while).
    await timed(app, user, 'POST /api/interactions', 'POST', '/api/interactions', {
      contact_id: contactId,
      date_contacted: '2026-11-20',
      contact_method: METHODS[round % METHODS.length],
      notes: `Round ${round}: talked about the role and what to send next.`,
      next_contact_date: null,
    });
    await think(3, 8);
    if (performance.now() >= deadline) break;
    // Move a card to another column.
    await timed(app, user, 'POST /api/contacts/{id}/move', 'POST', `/api/contacts/${contactId}/move`, {
      tier_id: user.tiers[round % user.tiers.length],
      index: 0,
    });
    await think(3, 8);
    if (performance.now() >= deadline) break;
    // Draft a message, once per session.
    if (!drafted) {
      drafted = true;
      await timed(app, user, 'POST /api/geminis/', 'POST', '/api/geminis/', {
        id: contactId,
        tone: 'warm',
        purpose: 'check-in',
      });
      await think(5, 15);
    }
  }
}

/** Resident memory of a process, MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

/** CPU time (user + system) a process has used, ms, from /proc (Linux; 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function signUp(app: BenchApp, index: number): Promise<User> {
  const { cookie } = await seedBoard(app, `day-${index}@example.com`, CARDS);
  const session = await fetch(`${app.base}/api/session`, { headers: { cookie } });
  const csrf = session.headers.get('x-csrf-token') ?? '';
  const tiers = (await (await fetch(`${app.base}/api/tiers`, { headers: { cookie } })).json()) as { id: number }[];
  const contacts = (await (await fetch(`${app.base}/api/contacts`, { headers: { cookie } })).json()) as {
    id: number;
  }[];
  return { cookie, csrf, tiers: tiers.map((t) => t.id), contacts: contacts.map((c) => c.id) };
}

interface Phase {
  name: string;
  app: BenchApp;
  /** Started when the traffic starts (the fan-out); resolves when its work is queued. */
  during?: () => Promise<string>;
}

async function run({ name, app, during }: Phase): Promise<void> {
  latencies.clear();
  failures.clear();
  const pids = app.children.map((child) => child.pid!);
  // Users sign up ten at a time (each sign-up hashes a password).
  const users: User[] = [];
  for (let i = 0; i < USERS; i += 10) {
    users.push(...(await Promise.all(Array.from({ length: Math.min(10, USERS - i) }, (_, k) => signUp(app, i + k)))));
  }

  // The machine's reference: a bare NestJS hello-world's req/s, 50 connections back to back, 5 s.
  const helloPort = await freePort();
  const hello = fork(join(__dirname, 'hello-world.js'), [], {
    env: { ...app.env, PORT: String(helloPort) },
    stdio: 'ignore',
  });
  try {
    await waitFor(`http://127.0.0.1:${helloPort}/`);
    const helloBefore = await runLoad(`http://127.0.0.1:${helloPort}/`, { connections: 50, seconds: 5 });

    const load1 = loadavg()[0]!;
    const rss: number[] = [rssMiB(pids[0]!)];
    const sampler = setInterval(() => rss.push(rssMiB(pids[0]!)), 1000);
    const cpuBefore = pids.map(cpuMs);
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    const [, duringOutput] = await Promise.all([
      Promise.all(users.map((user, index) => person(app, user, deadline, index))),
      during?.(),
    ]);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const cpu = pids.map((pid, i) => cpuMs(pid) - cpuBefore[i]!);
    const appCpu = cpu[0]!;
    const helloAfter = await runLoad(`http://127.0.0.1:${helloPort}/`, { connections: 50, seconds: 5 });

    const total = [...latencies.values()].reduce((sum, list) => sum + list.length, 0);
    const errors = [...failures.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      `\nA day's traffic, ${name}: ${USERS} signed-in users for ${seconds.toFixed(0)} s (board, Today, contact,` +
        ` interaction, move, one draft each; pauses of 3-15 s), on PostgreSQL.` +
        ` Load average at the start: ${load1.toFixed(1)}; at the end: ${loadavg()[0]!.toFixed(1)}.\n`,
    );
    if (duringOutput) console.log(`fan-out task: ${duringOutput}\n`);
    console.log('| route | requests | p50 ms | p95 ms | p99 ms | max ms |');
    console.log('|---|---|---|---|---|---|');
    for (const [route, list] of [...latencies].sort((a, b) => percentile(b[1], 95) - percentile(a[1], 95))) {
      console.log(
        `| ${route} | ${list.length} | ${percentile(list, 50).toFixed(1)} | ${percentile(list, 95).toFixed(1)} |` +
          ` ${percentile(list, 99).toFixed(1)} | ${Math.max(...list).toFixed(1)} |`,
      );
    }
    console.log(
      `\nrequests ${total}, ${(total / seconds).toFixed(0)} req/s; errors ${errors}` +
        (errors > 0 ? ` (${[...failures].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''),
    );
    console.log(
      `api CPU: ${(appCpu / 1000).toFixed(1)} s over the run, ${((appCpu * 1000) / Math.max(1, total)).toFixed(0)} µs per` +
        ` request: one core of the api alone would serve ${((total / appCpu) * 1000).toFixed(0)} such requests a second` +
        ` (PostgreSQL's own CPU not counted; it shares the machine with other work)` +
        (cpu.length > 1 ? `; the worker's CPU: ${(cpu[1]! / 1000).toFixed(1)} s` : ''),
    );
    const third = Math.floor(rss.length / 3);
    const avg = (list: number[]) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
    console.log(
      `api RSS: ${rss[0]!.toFixed(0)} MiB at the start, peak ${Math.max(...rss).toFixed(0)} MiB;` +
        ` mean of the first third ${avg(rss.slice(0, third)).toFixed(0)} MiB, of the last third ${avg(rss.slice(-third)).toFixed(0)} MiB`,
    );
    console.log(
      `hello-world (50 connections, back to back): ${helloBefore.rps.toFixed(0)} req/s before, ${helloAfter.rps.toFixed(0)} after`,
    );
  } finally {
    hello.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  const alone = await startBenchApp();
  try {
    await run({ name: 'the app alone (one process, jobs in-process)', app: alone });
  } finally {
    await alone.close();
  }
  if (!FANOUT) return;

  // The same traffic against the api and a worker, while the fan-out queues and sends digests.
  const sink = await smtpSink();
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const app = await startBenchApp({
    roles: 'api+worker',
    env: { REDIS_URL, SMTP_URL: sink.url, QUEUE_PREFIX: prefix },
  });
  try {
    await seedFollowUps(app.databaseUrl, 'due', FANOUT_USERS);
    const fanOut = () =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, ['dist/cli/task.js', 'reminders'], {
          cwd: API_DIR,
          env: app.env,
          stdio: 'pipe',
        });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.once('exit', () => resolve(output.trim().split('\n').pop() ?? ''));
      });
    await run({
      name: `with the reminder fan-out for ${FANOUT_USERS.toLocaleString('en-US')} due users (api + worker, BullMQ)`,
      app,
      during: fanOut,
    });
    console.log(
      `emails at the SMTP server by the end: ${sink.arrivals.length} (the digests, paced at REMINDER_SEND_RATE, 20 a second, and the sign-ups' confirmations)`,
    );
  } finally {
    await app.close();
    for (const name of ['reminders', 'mail']) {
      const queue = new Queue(name, { connection: { url: REDIS_URL }, prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await sink.stop();
  }
}

main()
  .finally(() => agent.destroy())
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
