import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '@tend/test-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { startRoles } from '../src/app/bootstrap';
import { loadConfig } from '../src/config/app-config';
import {
  EmbeddedPostgresError,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../src/infra/embedded/embedded-postgres';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A data folder for one test, removed afterwards with its cluster (under /var/lib/tend as root). */
function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tend-embedded-pg-'));
  cleanups.push(() => {
    const location = join(dir, 'postgres-location');
    if (existsSync(location)) {
      const cluster = readFileSync(location, 'utf8').trim();
      if (cluster.startsWith('/var/lib/tend/')) rmSync(dirname(cluster), { recursive: true, force: true });
    }
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

async function started(dataDir: string, port?: number): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedPostgres(dataDir, port ?? (await freePort()));
  cleanups.push(() => db.stop());
  return db;
}

async function failure(work: Promise<unknown>): Promise<EmbeddedPostgresError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmbeddedPostgresError);
  return error as EmbeddedPostgresError;
}

function postmasterPid(cluster: string): number {
  return Number(readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

describe('the embedded PostgreSQL', () => {
  it('keeps its password random per data folder, readable by the owner only, and the data folder private', async () => {
    const first = dataFolder();
    const second = dataFolder();
    const a = await started(first);
    const b = await started(second);
    const passwordOf = (url: string) => decodeURIComponent(new URL(url).password);
    expect(passwordOf(a.url)).not.toBe(passwordOf(b.url));
    expect(passwordOf(a.url)).not.toBe('tend-embedded');
    expect(passwordOf(a.url)).toHaveLength(32);
    expect(readFileSync(join(first, 'postgres-password'), 'utf8').trim()).toBe(passwordOf(a.url));
    expect(statSync(join(first, 'postgres-password')).mode & 0o777).toBe(0o600);
    expect(statSync(first).mode & 0o777).toBe(0o700);
    const client = new Client({ connectionString: a.url });
    await client.connect();
    expect((await client.query<{ ok: number }>('select 1 as ok')).rows[0]?.ok).toBe(1);
    await client.end();
    const wrong = new Client({ connectionString: a.url.replace(/:[^:@]+@/, ':tend-embedded@') });
    await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);
    await wrong.end().catch(() => undefined);
  });

  it('replaces the old shared password of a cluster made before passwords were random', async () => {
    const dir = dataFolder();
    const db = await started(dir);
    const client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query("alter role postgres with password 'tend-embedded'");
    await client.end();
    await db.stop();
    rmSync(join(dir, 'postgres-password'));
    const again = await started(dir);
    const password = decodeURIComponent(new URL(again.url).password);
    expect(password).not.toBe('tend-embedded');
    const legacy = new Client({ connectionString: again.url.replace(/:[^:@]+@/, ':tend-embedded@') });
    await expect(legacy.connect()).rejects.toThrow(/password authentication failed/);
    await legacy.end().catch(() => undefined);
  });

  it('says the port is taken, with PostgreSQL’s own last lines, and leaves nothing running', async () => {
    const dir = dataFolder();
    // Something else on the port, holding any connection it gets without a word.
    const sockets = new Set<Socket>();
    const blocker: Server = createServer((socket) => sockets.add(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    cleanups.push(() => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => blocker.close(() => resolve()));
    });
    const error = await failure(startEmbeddedPostgres(dir, port));
    expect(error.message).toContain(`Port ${port} is taken by another program`);
    expect(error.message).toContain('EMBEDDED_POSTGRES_PORT');
    expect(error.message).toMatch(/PostgreSQL's last lines:[\s\S]*(could not bind|Address already in use)/);
    expect(error.message).not.toContain('undefined');
    const cluster = readFileSync(join(dir, 'postgres-location'), 'utf8').trim();
    expect(existsSync(join(cluster, 'postmaster.pid'))).toBe(false);
  });

  it('explains a cluster made by another PostgreSQL version', async () => {
    const dir = dataFolder();
    const db = await startEmbeddedPostgres(dir, await freePort());
    await db.stop();
    writeFileSync(join(db.clusterDir, 'PG_VERSION'), '12\n');
    const error = await failure(startEmbeddedPostgres(dir, await freePort()));
    expect(error.message).toContain('was made by another PostgreSQL version');
    expect(error.message).toMatch(/incompatible/);
  });

  it('makes again a cluster that an interrupted initdb left half-made', async () => {
    const dir = dataFolder();
    const db = await started(dir);
    await db.stop();
    // What a killed initdb leaves: the version file and some of the tree, no finished marker.
    rmSync(db.clusterDir, { recursive: true, force: true });
    mkdirSync(join(db.clusterDir, 'base'), { recursive: true });
    writeFileSync(join(db.clusterDir, 'PG_VERSION'), '17\n');
    const again = await started(dir);
    expect(again.clusterDir).toBe(db.clusterDir);
    expect(existsSync(join(again.clusterDir, 'tend-initdb.done'))).toBe(true);
    const client = new Client({ connectionString: again.url });
    await client.connect();
    await client.query('create table kept (id int)');
    await client.end();
  });

  it('does not signal a process that merely reuses the pid in a stale postmaster.pid', async () => {
    const dir = dataFolder();
    const db = await started(dir);
    await db.stop();
    const bystander: ChildProcess = spawn('sleep', ['60']);
    cleanups.push(() => void bystander.kill('SIGKILL'));
    const pidFile = join(db.clusterDir, 'postmaster.pid');
    writeFileSync(pidFile, `${bystander.pid}\n${db.clusterDir}\n`);
    const again = await started(dir);
    expect(again.running).toBe(true);
    expect(bystander.exitCode).toBeNull();
    expect(bystander.signalCode).toBeNull();
    expect(postmasterPid(again.clusterDir)).not.toBe(bystander.pid);
  });

  it('gives up with a clear message when PostgreSQL is not ready in time', async () => {
    const dir = dataFolder();
    const port = await freePort();
    const error = await failure(startEmbeddedPostgres(dir, port, { readyTimeoutMs: 1 }));
    expect(error.message).toContain('did not accept connections within');
    const cluster = readFileSync(join(dir, 'postgres-location'), 'utf8').trim();
    const pidFile = join(cluster, 'postmaster.pid');
    if (existsSync(pidFile)) expect(() => process.kill(postmasterPid(cluster), 0)).toThrow();
  });

  it('notices when PostgreSQL dies later, and /api/ready says the database is down (and nothing more)', async () => {
    const dir = dataFolder();
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dir,
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      LOG_LEVEL: 'error',
    });
    const running = await startRoles(config, ['api', 'worker', 'scheduler']);
    cleanups.push(() => running.stop());
    expect((await fetch(`${running.url}/api/ready`)).status).toBe(200);
    const embedded = running.database.embedded;
    if (!embedded) throw new Error('expected the embedded database');
    process.kill(postmasterPid(embedded.clusterDir), 'SIGKILL');
    await expect.poll(() => embedded.running, { timeout: 5_000 }).toBe(false);
    const res = await fetch(`${running.url}/api/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not ready', checks: { database: 'down' } });
  });
});
