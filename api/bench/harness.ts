// Shared by the benchmarks: a fresh database, the built app started as `npm start` starts it,
// and boards seeded with realistic contacts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { contactSearchText } from '@tend/contracts';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';

export const API_DIR = resolve(__dirname, '..');

import { freePort } from '@tend/test-kit';

export { freePort };

export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((r) => {
    child.once('exit', () => r());
    child.kill('SIGTERM');
  });
}

export interface BenchApp {
  base: string;
  databaseUrl: string;
  env: Record<string, string>;
  children: ChildProcess[];
  close(): Promise<void>;
}

export interface BenchAppOptions {
  /** Extra environment for every role (REDIS_URL, SMTP_URL...). */
  env?: Record<string, string>;
  /** `all`: one process as `npm start` runs it; `api+worker`: the api and one worker process (needs REDIS_URL). */
  roles?: 'all' | 'api+worker';
  /** The build to start, a folder of api/ (`dist` unless given: another build measures a baseline in the same run). */
  dist?: string;
}

export async function startBenchApp(options: BenchAppOptions = {}): Promise<BenchApp> {
  const adminUrl = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `tend_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'tend-bench-'));
  const env = {
    PATH: process.env['PATH'] ?? '',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    // development: production cookies are Secure-only, and the benchmarks talk plain HTTP.
    NODE_ENV: 'development',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: 'smtp://127.0.0.1:9',
    THROTTLE_SIGNUP_PER_IP: '1000',
    ...options.env,
  };
  const children: ChildProcess[] = [];
  const close = async () => {
    for (const child of children) await stopProcess(child);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const dist = options.dist ?? 'dist';
    const migrate = spawnSync(process.execPath, [`${dist}/cli/migrate.js`, 'up'], {
      cwd: API_DIR,
      env,
      encoding: 'utf8',
    });
    if (migrate.status !== 0) throw new Error(migrate.stderr);
    const port = await freePort();
    // BENCH_API_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, profiles the app under load.
    const nodeArgs = (process.env['BENCH_API_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
    const entry = options.roles === 'api+worker' ? `${dist}/main.js` : `${dist}/all-roles.js`;
    const app = spawn(process.execPath, [...nodeArgs, entry], {
      cwd: API_DIR,
      env: { ...env, PORT: String(port) },
      stdio: 'inherit',
    });
    children.push(app);
    if (options.roles === 'api+worker') {
      children.push(spawn(process.execPath, [`${dist}/worker.js`], { cwd: API_DIR, env, stdio: 'inherit' }));
    }
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/ready`);
    return { base, databaseUrl, env, children, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Signs a new user up through the API, makes them verified and premium, gives them 8 columns
 * and `contacts` cards spread over them; returns the session cookie.
 */
export async function seedBoard(
  app: BenchApp,
  email: string,
  contacts: number,
): Promise<{ cookie: string; userId: number }> {
  const session = await fetch(`${app.base}/api/session`);
  let cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  let csrf = session.headers.get('x-csrf-token') ?? '';
  const signUp = await fetch(`${app.base}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
    body: JSON.stringify({ email, name: 'Bench', password: 'Passw0rd!' }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up ${signUp.status}: ${await signUp.text()}`);
  const { id: userId } = (await signUp.json()) as { id: number };
  cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0] ?? cookie;
  csrf = signUp.headers.get('x-csrf-token') ?? csrf;
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  try {
    await db.query(`update users set email_verified = true, plan = 'premium' where id = $1`, [userId]);
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${app.base}/api/tiers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
        body: '{}',
      });
      if (res.status !== 201) throw new Error(`create tier ${res.status}`);
    }
    await db.query(
      `insert into contacts (user_id, tier_id, name, title, company, linked_in, linked_in_key, vertical_order, created_at)
       select $1, t.ids[1 + g % 8], 'Contact ' || g, 'Senior Engineer ' || g, 'Company ' || (g % 97),
              'https://www.linkedin.com/in/contact-' || g, 'https://www.linkedin.com/in/contact-' || g, g,
              now() - (g || ' minutes')::interval
         from generate_series(1, $2::int) g,
              (select array_agg(id order by position) ids from tiers where user_id = $1) t`,
      [userId, contacts],
    );
    // Written behind the API's back: mark the board changed, as every API write does.
    await db.query('update users set board_version = board_version + 1 where id = $1', [userId]);
  } finally {
    await db.end();
  }
  return { cookie, userId };
}

const NETWORK_FIRST = ['Ana', 'Jürgen', 'Søren', 'Zoë', 'François', 'Grace', 'Wei', 'Amara', 'Łukasz', 'Noah'];
const NETWORK_LAST = ['Müller', 'Østergaard', 'García', 'Nakamura', 'Okafor', 'Smith', 'Brontë', 'Kowalski'];
const NETWORK_COMPANIES = [
  'Zürich Versicherung',
  'ACME',
  'Ørsted',
  'Globex',
  'Initech',
  'Umbrella',
  'Stark Industries',
];
const NETWORK_TITLES = ['Staff Engineer', 'Recruiter', 'Product Manager', 'Designer', 'Head of Talent', 'CTO'];

export interface SeedNetworkOptions {
  /**
   * Every tenth person is named `Person N` (the API search bench types "person 123"); off, everyone
   * has an accented first and last name, as the browser bench's figures were measured.
   */
  plainEveryTenth?: boolean;
}

/** Puts `count` people straight into a user's network (search text folded as the app folds it). */
export async function seedNetwork(
  databaseUrl: string,
  userId: number,
  count: number,
  { plainEveryTenth = false }: SeedNetworkOptions = {},
): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    for (let from = 0; from < count; from += 1_000) {
      const people = Array.from({ length: Math.min(1_000, count - from) }, (_, k) => {
        const i = from + k;
        const person = {
          name:
            plainEveryTenth && i % 10 === 0
              ? `Person ${i}`
              : `${NETWORK_FIRST[i % NETWORK_FIRST.length]} ${NETWORK_LAST[(i * 7) % NETWORK_LAST.length]} ${i}`,
          title: `${NETWORK_TITLES[i % NETWORK_TITLES.length]}`,
          company: `${NETWORK_COMPANIES[(i * 3) % NETWORK_COMPANIES.length]} ${i % 50}`,
          email: i % 3 === 0 ? `person${i}@example.com` : null,
          date_connected: `20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 10}`,
        };
        return { ...person, search_text: contactSearchText(person) };
      });
      await db.query(
        `insert into contacts (user_id, tier_id, on_board, name, title, company, email, date_connected, search_text)
         select $1, null, false, p.name, p.title, p.company, p.email, p.date_connected, p.search_text
           from jsonb_to_recordset($2::jsonb) as p(name text, title text, company text, email text, date_connected date, search_text text)`,
        [userId, JSON.stringify(people)],
      );
    }
    await db.query('analyze contacts');
  } finally {
    await db.end();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A LinkedIn Connections.csv of `count` people, as LinkedIn writes it (BOM, Notes lines, quotes). */
export function connectionsCsv(count: number, prefix = 'Person'): Buffer {
  const lines = ['Notes:', '"When exporting your connection data, some email addresses may be missing."', ''];
  lines.push('First Name,Last Name,URL,Email Address,Company,Position,Connected On');
  for (let i = 1; i <= count; i++) {
    const email = i % 3 === 0 ? `${prefix.toLowerCase()}${i}@example.com` : '';
    lines.push(
      `${prefix},${i},https://www.linkedin.com/in/${prefix.toLowerCase()}-${i}/,${email},"Company ${i % 97}, Inc.","Senior Engineer ${i % 13}",07 Mar 2023`,
    );
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\n')}\n`)]);
}

/**
 * Imports a file through the API as the screen does: upload, poll every 50 ms while the file is
 * being read, start, poll every 50 ms until it is no longer running. Answers the time from the
 * upload to done. `destination`: the preview's choice sent with start (issue 26; left out: the
 * first column, as before).
 */
export async function importThroughApi(
  app: BenchApp,
  cookie: string,
  file: Buffer,
  destination?: { tier_id: number | null },
): Promise<{ ms: number; imported: number; state: string }> {
  const session = await fetch(`${app.base}/api/session`, { headers: { cookie } });
  const csrf = session.headers.get('x-csrf-token') ?? '';
  const tiers = (await (await fetch(`${app.base}/api/tiers`, { headers: { cookie } })).json()) as { id: number }[];
  const started = performance.now();
  const form = new FormData();
  form.append('tier_id', String(tiers[0]?.id ?? 0));
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'Connections.csv');
  const preview = await fetch(`${app.base}/api/imports`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrf },
    body: form,
  });
  if (preview.status !== 201) throw new Error(`preview ${preview.status}: ${await preview.text()}`);
  let read = (await preview.json()) as { id: string; state: string; message: string | null };
  const id = read.id;
  while (read.state === 'reading') {
    await new Promise((r) => setTimeout(r, 50));
    read = (await (await fetch(`${app.base}/api/imports/${id}`, { headers: { cookie } })).json()) as typeof read;
  }
  if (read.state !== 'preview') throw new Error(`preview ended ${read.state}: ${read.message}`);
  const start = await fetch(`${app.base}/api/imports/${id}/start`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrf, ...(destination ? { 'content-type': 'application/json' } : {}) },
    ...(destination ? { body: JSON.stringify(destination) } : {}),
  });
  if (start.status !== 202) throw new Error(`start ${start.status}: ${await start.text()}`);
  for (;;) {
    const res = await fetch(`${app.base}/api/imports/${id}`, { headers: { cookie } });
    const body = (await res.json()) as { state: string; imported: number };
    if (body.state !== 'running')
      return { ms: performance.now() - started, imported: body.imported, state: body.state };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An SMTP server that accepts everything and counts it (the reminder emails' arrival times). */
export async function smtpSink(): Promise<{ url: string; arrivals: number[]; stop(): Promise<void> }> {
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

/** `users` users (named `<group>-N`) in a zone where it is daytime now, each with one follow-up due today. */
export async function seedFollowUps(databaseUrl: string, group: string, users: number): Promise<void> {
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
      [zone, users, group],
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
