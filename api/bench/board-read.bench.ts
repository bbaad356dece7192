// `npm run bench` (API part): GET /api/contacts for a board of 1,000 contacts in 8 tiers at 50
// concurrent connections, against a bare NestJS hello-world measured in the same run.
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { runLoad, type LoadResult } from './load';

const API_DIR = resolve(__dirname, '..');
const CONNECTIONS = 50;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);

async function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string): Promise<void> {
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

function stop(child: ChildProcess): Promise<void> {
  return new Promise((r) => {
    child.once('exit', () => r());
    child.kill('SIGTERM');
  });
}

function row(name: string, r: LoadResult): string {
  return `| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${(r.bytes / Math.max(1, r.requests + r.errors) / 1024).toFixed(1)} KiB |`;
}

async function main(): Promise<void> {
  const adminUrl = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `tend_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'tend-bench-'));
  const children: ChildProcess[] = [];
  try {
    const env = {
      PATH: process.env['PATH'] ?? '',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      // development: production cookies are Secure-only, and this bench talks plain HTTP.
      NODE_ENV: 'development',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: 'smtp://127.0.0.1:9',
      THROTTLE_SIGNUP_PER_IP: '1000',
    };
    const migrate = spawnSync(process.execPath, ['dist/cli/migrate.js', 'up'], { cwd: API_DIR, env, encoding: 'utf8' });
    if (migrate.status !== 0) throw new Error(migrate.stderr);

    const appPort = await freePort();
    const app = spawn(process.execPath, ['dist/all-roles.js'], {
      cwd: API_DIR,
      env: { ...env, PORT: String(appPort) },
      stdio: 'inherit',
    });
    children.push(app);
    const base = `http://127.0.0.1:${appPort}`;
    await waitFor(`${base}/api/ready`);

    // A user with 1,000 contacts in 8 tiers, premium so all are shown.
    let cookie = '';
    const session = await fetch(`${base}/api/session`);
    cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    let csrf = session.headers.get('x-csrf-token') ?? '';
    const signUp = await fetch(`${base}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
      body: JSON.stringify({ email: 'bench@example.com', name: 'Bench', password: 'Passw0rd!' }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up ${signUp.status}: ${await signUp.text()} (cookie ${cookie})`);
    cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0] ?? cookie;
    csrf = signUp.headers.get('x-csrf-token') ?? csrf;
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(`update users set email_verified = true, plan = 'premium'`);
    for (let i = 0; i < 4; i++) {
      await fetch(`${base}/api/tiers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
        body: '{}',
      });
    }
    await db.query(
      `insert into contacts (user_id, tier_id, name, title, company, linked_in, vertical_order, created_at)
       select u.id, t.ids[1 + g % 8], 'Contact ' || g, 'Senior Engineer ' || g, 'Company ' || (g % 97),
              'https://www.linkedin.com/in/contact-' || g, g, now() - (g || ' minutes')::interval
         from generate_series(1, 1000) g,
              (select id from users limit 1) u,
              (select array_agg(id order by position) ids from tiers) t`,
    );
    // Written behind the API's back: mark the board changed, as every API write does.
    await db.query('update users set board_version = board_version + 1');
    await db.end();
    const check = await fetch(`${base}/api/contacts`, { headers: { cookie } });
    const count = ((await check.json()) as unknown[]).length;
    if (count !== 1000) throw new Error(`expected 1000 contacts, got ${count}`);

    const helloPort = await freePort();
    const hello = fork(join(__dirname, 'hello-world.js'), [], {
      env: { ...env, PORT: String(helloPort) },
      stdio: 'inherit',
    });
    children.push(hello);
    await waitFor(`http://127.0.0.1:${helloPort}/`);

    // Warm both up, then measure each in turn.
    await runLoad(`http://127.0.0.1:${helloPort}/`, { connections: CONNECTIONS, seconds: 2 });
    await runLoad(`${base}/api/contacts`, { connections: CONNECTIONS, seconds: 2, headers: { cookie } });
    const baseline = await runLoad(`http://127.0.0.1:${helloPort}/`, { connections: CONNECTIONS, seconds: SECONDS });
    // Browsers always ask for gzip; the identity variant is measured too.
    const board = await runLoad(`${base}/api/contacts`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    const identity = await runLoad(`${base}/api/contacts`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: { cookie },
    });

    console.log(`\nGET /api/contacts, 1,000 contacts in 8 tiers, ${CONNECTIONS} connections, ${SECONDS} s each\n`);
    console.log('| target | req/s | p50 ms | p95 ms | p99 ms | errors | body |');
    console.log('|---|---|---|---|---|---|---|');
    console.log(row('bare NestJS hello-world', baseline));
    console.log(row('GET /api/contacts (1,000), gzip', board));
    console.log(row('GET /api/contacts (1,000), identity', identity));
    console.log(`\nratio of req/s (board / hello-world): ${(board.rps / baseline.rps).toFixed(2)}x`);
    console.log(`p95 of the board read: ${board.p95.toFixed(1)} ms (target <= 50 ms)`);
  } finally {
    for (const child of children) await stop(child);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
