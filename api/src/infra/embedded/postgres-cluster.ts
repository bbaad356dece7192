import { Logger } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, chownSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { EmbeddedPostgresError, LogTail } from './postgres-errors';
import { chownTree, SUPERUSER, type RunAs } from './postgres-location';

// The cluster: made once (initdb, marked done), its superuser's password random per data folder,
// and Tend's database in it.

const logger = new Logger('EmbeddedPostgres');
/** Tend's database in the cluster. */
export const DATABASE = 'tend';
/** The password every cluster made before passwords were random per data folder was given. */
const LEGACY_PASSWORD = 'tend-embedded';
/** Written into the cluster once initdb has finished: a cluster without it was never completed. */
const INITDB_DONE = 'tend-initdb.done';

/** A password for the cluster's superuser, random per data folder and kept (0600) beside it. */
export function clusterPassword(dataDir: string): string {
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

/** Makes the cluster unless a finished one is there; as root, gives a moved or restored one to its server. */
export async function prepareCluster(
  bin: string,
  cluster: string,
  password: string,
  user: RunAs | undefined,
): Promise<void> {
  if (!isComplete(cluster)) {
    if (existsSync(cluster))
      logger.warn(`${cluster} holds an unfinished cluster (initdb was interrupted); making it again.`);
    logger.log(`Creating the embedded PostgreSQL cluster in ${cluster}`);
    await initdb(bin, cluster, password, user);
  } else if (user) {
    // A cluster moved in from the data folder, or restored by root, must belong to its server.
    if (statSync(cluster).uid !== user.uid) chownTree(cluster, user);
  }
}

export function urlFor(port: number, password: string, database: string): string {
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

/** Makes Tend's database in the cluster unless it is there. */
export async function ensureDatabase(port: number, password: string): Promise<void> {
  const admin = await adminClient(port, password);
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
}
