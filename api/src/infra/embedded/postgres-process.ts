import { Logger } from '@nestjs/common';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { ConfigError } from '../../config/app-config';
import { EmbeddedPostgresError, hintFor, LogTail } from './postgres-errors';
import type { RunAs } from './postgres-location';

// The postmaster process: a stale one from an earlier run cleared, a new one started in its own
// process group and waited for, and stopped.

const logger = new Logger('EmbeddedPostgres');
const DEFAULT_READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

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
export async function clearStalePostmaster(cluster: string): Promise<void> {
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

/** A running postmaster of the cluster. */
export interface Postmaster {
  /** False once PostgreSQL has exited (stopped, or died). */
  readonly running: boolean;
  stop(): Promise<void>;
}

export interface PostmasterOptions {
  /** The binaries' folder (bin, lib, share). */
  bin: string;
  cluster: string;
  port: number;
  /** Root's stand-in, when Tend runs as root. */
  user: RunAs | undefined;
  /** The binaries' version, for the error hints. */
  version: string;
  /** Where to try connecting until PostgreSQL accepts. */
  probeUrl: string;
  readyTimeoutMs?: number | undefined;
}

/**
 * Starts PostgreSQL in its own process group and resolves once it accepts connections; a start
 * that fails stops what it started and rejects with PostgreSQL's last lines and a hint.
 */
export async function startPostmaster({
  bin,
  cluster,
  port,
  user,
  version,
  probeUrl,
  readyTimeoutMs,
}: PostmasterOptions): Promise<Postmaster> {
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
    throw new EmbeddedPostgresError(summary, hintFor(tail.last(), port, cluster, version), tail.last());
  };
  const timeoutMs = readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Give it a moment first: connecting at once would reach whatever else holds the port.
    await new Promise((r) => setTimeout(r, 100));
    if (!running) await failStart(`The embedded PostgreSQL exited while starting (cluster ${cluster}, port ${port}).`);
    if (Date.now() > deadline) {
      await failStart(`The embedded PostgreSQL did not accept connections within ${timeoutMs / 1000} s.`);
    }
    if (await connectable(probeUrl)) break;
  }
  ready = true;

  return {
    get running() {
      return running;
    },
    async stop(): Promise<void> {
      stopping = true;
      if (!running || child.pid === undefined) return;
      // Fast shutdown: open transactions roll back, committed ones are already on disk.
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
