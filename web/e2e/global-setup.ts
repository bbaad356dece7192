import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { freePort, postgresAnswers } from '@tend/test-kit';
import type { TestProject } from 'vitest/node';
import { adminQuery, runNode, stopApp, waitReady } from './helpers/app-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the app answers, e.g. http://localhost:43121 (no trailing slash). */
    baseUrl: string;
    /** The app's DATA_DIR: mail lands in `<dataDir>/outbox`. */
    dataDir: string;
    /** The app's database, for set-ups the API cannot make (a premium plan, hundreds of cards). */
    databaseUrl: string;
    /**
     * The app's build and environment (its database included): `npm run task` beside it, or a second
     * app with other settings (`helpers/billing.ts`).
     */
    appDir: string;
    appEnv: Record<string, string>;
  }
}

const ROOT = resolve(import.meta.dirname, '..', '..');
/** Folders outside DATA_DIR that the run made (an embedded cluster kept under /var/lib/tend as root). */
const removeAfterwards: string[] = [];
const LOG_FILE = join(ROOT, '.data', 'e2e', 'app.log');

/** Only what a shell passes on; the app's own variables come from `appEnv` alone. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ']) {
    const value = process.env[key];
    if (value) env[key] = value;
  }
  return env;
}

/** Kills an embedded PostgreSQL left behind by a crashed app, so no server outlives the run. */
function killEmbeddedPostgres(dataDir: string): void {
  // The app writes where its cluster lives (under DATA_DIR, or /var/lib/tend when run as root).
  const location = join(dataDir, 'postgres-location');
  if (!existsSync(location)) return;
  const cluster = readFileSync(location, 'utf8').trim();
  const pidFile = join(cluster, 'postmaster.pid');
  if (cluster.startsWith('/var/lib/tend/')) removeAfterwards.push(dirname(cluster));
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Copies the built API and SPA to `<dataDir>/build/{api,web}/dist` (the layout the API expects),
 * with `node_modules` linked to the repository's. Other people rebuild `web/dist` while the suite
 * runs (`vite build` empties it first), which would otherwise serve a missing index.html or stale
 * chunk names in the middle of a journey. It lives under `.data/`, as a checkout's runtime data
 * does, so file serving through a dot-folder is exercised too.
 */
async function snapshotBuild(dataDir: string): Promise<string> {
  const snapshot = join(dataDir, 'build');
  for (let attempt = 1; ; attempt++) {
    try {
      for (const dist of ['api/dist', 'web/dist']) {
        cpSync(join(ROOT, dist), join(snapshot, dist), { recursive: true });
      }
      // The built extension, which the app serves as /extension.zip (extension.e2e.ts installs it).
      if (existsSync(join(ROOT, 'extension/dist/manifest.json'))) {
        cpSync(join(ROOT, 'extension/dist'), join(snapshot, 'extension/dist'), { recursive: true });
      }
      // A copy taken during someone's rebuild lacks index.html or the chunks it names: take another.
      const html = readFileSync(join(snapshot, 'web/dist/index.html'), 'utf8');
      const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
      const missing = assets.filter((asset) => !existsSync(join(snapshot, 'web/dist', asset)));
      if (missing.length > 0 || !existsSync(join(snapshot, 'api/dist/all-roles.js'))) {
        throw new Error(`incomplete build, missing ${missing.join(', ')}`);
      }
      symlinkSync(join(ROOT, 'node_modules'), join(snapshot, 'node_modules'), 'dir');
      return snapshot;
    } catch (error) {
      rmSync(snapshot, { recursive: true, force: true });
      if (attempt >= 10) throw new Error('[browser tests] Could not copy a complete build.', { cause: error });
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}

/**
 * Starts the BUILT app the way `npm start` does (migrate, then api + worker + scheduler in one
 * process serving the built SPA), from a snapshot of the build, on a fresh DATA_DIR and a fresh
 * database, with mail going to the outbox.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const built of ['api/dist/all-roles.js', 'api/dist/cli/migrate.js', 'web/dist/index.html']) {
    if (!existsSync(join(ROOT, built))) {
      throw new Error(`[browser tests] ${built} is missing: run "npm run build" first (scripts/test.mjs does).`);
    }
  }

  // The default layout: runtime data under the checkout's `.data` folder (a dot-folder in every path).
  mkdirSync(join(ROOT, '.data', 'e2e'), { recursive: true });
  const dataDir = mkdtempSync(join(ROOT, '.data', 'e2e', 'run-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const appEnv: Record<string, string> = {
    ...baseEnv(),
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: baseUrl,
    LOG_LEVEL: 'warn',
    THROTTLE_LOGIN_PER_EMAIL: '1000',
    THROTTLE_LOGIN_PER_IP: '1000',
    THROTTLE_SIGNUP_PER_IP: '1000',
    THROTTLE_EMAIL_PER_ADDRESS: '1000',
  };

  // PostgreSQL: a fresh database on the machine's server, else the embedded one under DATA_DIR.
  const adminUrl = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let database: string | undefined;
  let databaseUrl: string;
  if (await postgresAnswers(adminUrl)) {
    database = `tend_e2e_${randomBytes(5).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    appEnv['DATABASE_URL'] = databaseUrl;
  } else {
    console.warn(`\n[browser tests] No PostgreSQL at ${adminUrl}: the app uses its embedded PostgreSQL.\n`);
    const embeddedPort = await freePort();
    appEnv['EMBEDDED_POSTGRES_PORT'] = String(embeddedPort);
    // Filled in once the app has started its embedded PostgreSQL (the password is random per data folder).
    databaseUrl = '';
  }

  let app: ChildProcess | undefined;
  let stopping = false;
  const cleanup = async (): Promise<void> => {
    stopping = true;
    await stopApp(app);
    killEmbeddedPostgres(dataDir);
    if (database) {
      try {
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      } catch (error) {
        console.warn(`[browser tests] Could not drop ${database}:`, error);
      }
    }
    // Unlink the node_modules link first, so nothing can ever reach the repository's packages.
    rmSync(join(dataDir, 'build', 'node_modules'), { force: true });
    rmSync(dataDir, { recursive: true, force: true });
    for (const folder of removeAfterwards) rmSync(folder, { recursive: true, force: true });
  };

  let build = '';
  try {
    build = await snapshotBuild(dataDir);
    const migrate = await runNode(['api/dist/cli/migrate.js', 'up'], appEnv, build);
    if (migrate.code !== 0) throw new Error(`[browser tests] Migrating failed:\n${migrate.output}`);

    mkdirSync(join(ROOT, '.data', 'e2e'), { recursive: true });
    const log = createWriteStream(LOG_FILE);
    let output = '';
    const child = spawn(process.execPath, ['api/dist/all-roles.js'], {
      cwd: build,
      env: appEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    app = child;
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      log.write(chunk);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code, signal) => {
      const line = `[browser tests] The app exited (code ${code}, signal ${signal}).`;
      log.end(`${line}\n`);
      // Every later journey would fail with "connection refused": say why, loudly.
      if (!stopping) console.error(`\n${line} Unexpectedly, during the run; see .data/e2e/app.log.\n${output}`);
    });
    await waitReady(baseUrl, child, () => output);
    if (!databaseUrl) {
      const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
      databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${appEnv['EMBEDDED_POSTGRES_PORT']}/tend`;
    }
  } catch (error) {
    await cleanup();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('databaseUrl', databaseUrl);
  project.provide('appDir', build);
  // A task run beside the app uses its database (the embedded one too, which the app runs).
  project.provide('appEnv', { ...appEnv, DATABASE_URL: databaseUrl });
  return cleanup;
}
