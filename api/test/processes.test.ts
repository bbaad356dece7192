import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { freePort } from '@tend/test-kit';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from './helpers/api-client';
import { SmtpCapture } from './helpers/smtp-capture';
import { createTestDatabase } from './helpers/test-database';

const API_DIR = resolve(__dirname, '..');
const REPO_DIR = resolve(API_DIR, '..');

interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function launch(entry: string, env: Record<string, string>): Proc {
  let output = '';
  const child = spawn(process.execPath, [join('dist', entry)], {
    cwd: API_DIR,
    env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'development', LOG_LEVEL: 'log', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => output, exited };
}

/**
 * A sign-in over a raw connection that stops halfway through its body: `finish` sends the rest and
 * answers the status. Between the two the server holds a request it has started and not answered.
 */
async function startHalfSentLogIn(url: string, email: string): Promise<{ finish: () => Promise<number> }> {
  const session = await fetch(`${url}/api/session`);
  const cookie = session.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const body = Buffer.from(JSON.stringify({ email, password: 'Passw0rd!' }));
  const req = httpRequest(`${url}/api/session`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'x-csrf-token': session.headers.get('x-csrf-token') ?? '',
      cookie,
    },
  });
  const status = new Promise<number>((resolve, reject) => {
    req.once('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
  });
  const half = Math.floor(body.length / 2);
  await new Promise<void>((resolve) => req.write(body.subarray(0, half), () => resolve()));
  return {
    finish: async () => {
      req.end(body.subarray(half));
      return status;
    },
  };
}

async function waitReady(url: string, proc: Proc, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`Process exited early:\n${proc.output()}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Not ready within ${timeoutMs} ms:\n${proc.output()}`);
}

/** Where a data folder's embedded cluster lives (DATA_DIR/postgres, or under /var/lib/tend as root). */
function clusterOf(dataDir: string): string {
  return readFileSync(join(dataDir, 'postgres-location'), 'utf8').trim();
}

/** Leaves no PostgreSQL and no cluster behind, wherever the cluster was kept. */
function removeEmbedded(dataDir: string): void {
  const location = join(dataDir, 'postgres-location');
  if (existsSync(location)) {
    const cluster = clusterOf(dataDir);
    const pidFile = join(cluster, 'postmaster.pid');
    if (existsSync(pidFile)) {
      try {
        process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (cluster.startsWith('/var/lib/tend/')) rmSync(dirname(cluster), { recursive: true, force: true });
  }
  rmSync(dataDir, { recursive: true, force: true });
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('processes', () => {
  it('refuses to boot on bad configuration, naming every bad variable', () => {
    const result = spawnSync(process.execPath, ['dist/main.js'], {
      cwd: API_DIR,
      env: { PATH: process.env['PATH'] ?? '', PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'ftp://y' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL']) expect(result.stderr).toContain(name);
    expect(result.stderr).not.toMatch(/at \w+ \(/);
  });

  // As root, PostgreSQL runs as the `postgres` user, which cannot enter a checkout in /root or in a
  // `mktemp -d` folder: Tend keeps that cluster under /var/lib/tend instead. As anyone else there is
  // nothing to check.
  it.runIf(process.getuid?.() === 0)(
    'as root, `npm start` works in a folder other users cannot enter and keeps a contact across a restart',
    async () => {
      const closed = mkdtempSync(join(tmpdir(), 'tend-closed-'));
      expect(statSync(closed).mode & 0o777).toBe(0o700);
      const checkout = join(closed, 'app');
      cleanups.push(() => {
        removeEmbedded(join(checkout, '.data'));
        rmSync(closed, { recursive: true, force: true });
      });
      // A fresh checkout of the working tree: its tracked files, the build, and the dependencies
      // (hard links, so the embedded PostgreSQL's binaries are inside the closed folder too).
      const tracked = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
        cwd: REPO_DIR,
        encoding: 'utf8',
      }).stdout.split('\0');
      for (const file of tracked.filter((f) => f && existsSync(join(REPO_DIR, f)))) {
        cpSync(join(REPO_DIR, file), join(checkout, file), { preserveTimestamps: true });
      }
      for (const dist of ['libs/contracts/dist', 'api/dist', 'web/dist']) {
        cpSync(join(REPO_DIR, dist), join(checkout, dist), { recursive: true, preserveTimestamps: true });
      }
      expect(spawnSync('cp', ['-al', join(REPO_DIR, 'node_modules'), join(checkout, 'node_modules')]).status).toBe(0);

      const port = await freePort();
      const env = {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? '/root',
        PORT: String(port),
        EMBEDDED_POSTGRES_PORT: String(await freePort()),
      };
      const start = () => {
        let output = '';
        const child = spawn(process.execPath, ['scripts/start.mjs'], {
          cwd: checkout,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
        cleanups.push(() => void child.kill('SIGKILL'));
        return { child, output: () => output, exited };
      };
      const url = `http://localhost:${port}`;
      const health = async (proc: Proc) => {
        const deadline = Date.now() + 120_000;
        for (;;) {
          if (proc.child.exitCode !== null) throw new Error(`npm start exited:\n${proc.output()}`);
          const res = await fetch(`${url}/api/health`).catch(() => undefined);
          if (res?.ok) return;
          if (Date.now() > deadline) throw new Error(`npm start did not serve /api/health:\n${proc.output()}`);
          await new Promise((r) => setTimeout(r, 250));
        }
      };

      const first = start();
      await health(first);
      expect(first.output()).toContain('The embedded PostgreSQL cluster lives in /var/lib/tend/');
      const client = await ApiClient.create(url);
      await client.signUp('closed@example.com');
      const outbox = join(checkout, '.data', 'outbox');
      await expect.poll(() => (existsSync(outbox) ? readdirSync(outbox).length : 0), { timeout: 10_000 }).toBe(2);
      const mail = readdirSync(outbox).find((f) => f.endsWith('.json')) ?? '';
      const link = /token=([\w-]+)/.exec(readFileSync(join(outbox, mail), 'utf8'))?.[1] ?? '';
      expect((await client.post('/api/verify-email', { token: link })).status).toBe(200);
      expect((await client.post('/api/contacts', { name: 'Kept Across Restarts' })).status).toBe(201);

      first.child.kill('SIGTERM');
      expect(await first.exited, first.output()).toBe(0);
      const second = start();
      await health(second);
      const again = await ApiClient.create(url);
      expect((await again.logIn('closed@example.com')).status).toBe(200);
      const contacts = (await again.get('/api/contacts')).body as { name: string }[];
      expect(contacts.map((c) => c.name)).toEqual(['Kept Across Restarts']);
      second.child.kill('SIGTERM');
      expect(await second.exited, second.output()).toBe(0);
    },
    // Copies a checkout, then starts it twice (migrations, an embedded PostgreSQL each time).
    180_000,
  );

  it('runs on embedded defaults: outbox mail, in-process jobs, data kept across a kill -9', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tend-embedded-'));
    const port = await freePort();
    const pgPort = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_POSTGRES_PORT: String(pgPort),
      APP_URL: `http://localhost:${port}`,
    };
    cleanups.push(() => removeEmbedded(dataDir));
    const migrate = spawnSync(process.execPath, ['dist/cli/migrate.js', 'up'], {
      cwd: API_DIR,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      encoding: 'utf8',
    });
    expect(migrate.status, migrate.stderr + migrate.stdout).toBe(0);

    const url = `http://localhost:${port}`;
    const first = launch('all-roles.js', env);
    await waitReady(url, first);
    expect(first.output()).toContain('jobs run in this process');
    const client = await ApiClient.create(url);
    await client.signUp('kept@example.com');
    // The verification mail lands in the outbox and on /dev/mailbox.
    const outbox = join(dataDir, 'outbox');
    await expect
      .poll(() => (existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')).length : 0), {
        timeout: 10_000,
      })
      .toBe(1);
    const mailbox = await (await fetch(`${url}/dev/mailbox`)).text();
    expect(mailbox).toContain('Confirm your email address for Tend');
    expect(first.output()).toMatch(/Mail to kept@example\.com.*email-confirmation/);

    // Kill everything, PostgreSQL included, as a power cut would.
    const cluster = clusterOf(dataDir);
    const postmaster = Number(readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
    first.child.kill('SIGKILL');
    process.kill(postmaster, 'SIGKILL');
    await first.exited;
    const second = launch('all-roles.js', env);
    await waitReady(url, second);
    const again = await ApiClient.create(url);
    const login = await again.logIn('kept@example.com');
    expect(login.status).toBe(200);

    // A request in flight when SIGTERM arrives still gets its answer: the database stops only
    // after the requests and jobs have drained.
    // The request's headers and half its body are sent before SIGTERM and the rest after it, so
    // the request is in flight at the signal whatever the machine's load.
    const inFlight = await startHalfSentLogIn(url, 'kept@example.com');
    await new Promise((r) => setTimeout(r, 300));
    second.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    expect(await inFlight.finish()).toBe(200);
    expect(
      await second.exited,
      second
        .output()
        .split('\n')
        .filter((l) => /ERROR|Error|error/.test(l))
        .slice(0, 20)
        .join('\n'),
    ).toBe(0);
    expect(existsSync(join(cluster, 'postmaster.pid'))).toBe(false);
    expect(second.output()).not.toContain('stopped unexpectedly');
  }, 120_000);

  it.skipIf(inject('redisUrl') === '')(
    'runs api and worker as separate processes through BullMQ, and drains on SIGTERM',
    async () => {
      const db = await createTestDatabase();
      const mail = await new SmtpCapture().start();
      const dataDir = mkdtempSync(join(tmpdir(), 'tend-roles-'));
      cleanups.push(async () => {
        await mail.stop();
        await db.drop();
        rmSync(dataDir, { recursive: true, force: true });
      });
      const port = await freePort();
      const env = {
        DATA_DIR: dataDir,
        PORT: String(port),
        DATABASE_URL: db.url,
        REDIS_URL: inject('redisUrl'),
        SMTP_URL: mail.url,
        QUEUE_PREFIX: `proc-${randomBytes(4).toString('hex')}`,
        SESSION_SECRET: randomBytes(32).toString('hex'),
      };
      const api = launch('main.js', env);
      const worker = launch('worker.js', env);
      const scheduler = launch('scheduler.js', env);
      const url = `http://localhost:${port}`;
      await waitReady(url, api);
      const client = await ApiClient.create(url);
      await client.signUp('roles@example.com');
      const message = await mail.waitFor('roles@example.com', /Confirm your email/);
      expect(message.links[0]).toContain(`/email-confirmation/roles%40example.com?token=`);

      // A request in flight when SIGTERM arrives still gets its answer.
      const inFlight = client.logIn('roles@example.com', 'Wrong-passw0rd');
      await new Promise((r) => setTimeout(r, 5));
      api.child.kill('SIGTERM');
      expect((await inFlight).status).toBe(401);
      for (const proc of [api, worker, scheduler]) {
        if (proc !== api) proc.child.kill('SIGTERM');
        expect(await proc.exited, proc.output()).toBe(0);
      }
    },
  );
});
