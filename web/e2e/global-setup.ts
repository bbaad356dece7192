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
import { FakeStripe, freePort, postgresAnswers } from '@tend/test-kit';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the app answers, e.g. http://localhost:43121 (no trailing slash). */
    baseUrl: string;
    /** The app's DATA_DIR: mail lands in `<dataDir>/outbox`. */
    dataDir: string;
    /** The app's database, for set-ups the API cannot make (a premium plan, hundreds of cards). */
    databaseUrl: string;
    /** The fake Stripe the app's billing talks to (its checkout page, its `/_fake/` controls). */
    stripeUrl: string;
    /** Where the app's build runs and its environment: `npm run task` as an operator would run it. */
    appDir: string;
    appEnv: Record<string, string>;
  }
}

/** Billing is on in the browser journeys, against the fake Stripe (api keys and prices of its own). */
const STRIPE = {
  secretKey: 'sk_test_tend_e2e',
  webhookSecret: 'whsec_tend_e2e',
  priceMonthly: 'price_tend_premium_monthly',
} as const;

const ROOT = resolve(import.meta.dirname, '..', '..');
/** Folders outside DATA_DIR that the run made (an embedded cluster kept under /var/lib/tend as root). */
const removeAfterwards: string[] = [];
const LOG_FILE = join(ROOT, '.data', 'e2e', 'app.log');
const READY_TIMEOUT_MS = 120_000;

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Only what a shell passes on; the app's own variables come from `appEnv` alone. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ']) {
    const value = process.env[key];
    if (value) env[key] = value;
  }
  return env;
}

interface RunResult {
  code: number | null;
  output: string;
}

function runNode(args: string[], env: Record<string, string>, cwd: string): Promise<RunResult> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolveRun({ code, output }));
  });
}

async function waitReady(baseUrl: string, app: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (app.exitCode !== null || app.signalCode !== null) {
      throw new Error(`[browser tests] The app exited before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`[browser tests] The app was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function waitExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
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
  // Stripe's events go to the app's webhook as Stripe would send them (signed, retried).
  const stripe = await FakeStripe.start({
    secretKey: STRIPE.secretKey,
    webhookSecret: STRIPE.webhookSecret,
    prices: [{ id: STRIPE.priceMonthly, unitAmount: 1000, interval: 'month' }],
    webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
  });
  Object.assign(appEnv, {
    STRIPE_SECRET_KEY: STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
    STRIPE_PRICE_MONTHLY: STRIPE.priceMonthly,
    STRIPE_API_BASE: stripe.url,
  });

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
    if (app && app.exitCode === null && app.signalCode === null) {
      app.kill('SIGTERM');
      if (!(await waitExit(app, 30_000))) {
        console.warn('[browser tests] The app did not stop within 30 s of SIGTERM: killing it.');
        app.kill('SIGKILL');
        await waitExit(app, 5_000);
      }
    }
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
    await stripe.close();
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
  project.provide('stripeUrl', stripe.url);
  project.provide('appDir', build);
  // A task run beside the app uses its database (the embedded one too, which the app runs).
  project.provide('appEnv', { ...appEnv, DATABASE_URL: databaseUrl });
  return cleanup;
}
