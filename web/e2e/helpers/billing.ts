import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { FakeStripe, freePort } from '@tend/test-kit';
import { Client } from 'pg';
import { inject } from 'vitest';
import { adminQuery, runNode, stopApp, waitReady } from './app-process';

/** What the app says, before any click, when billing is not configured (the test app has no Stripe keys). */
export const BILLING_NOT_CONFIGURED =
  'Billing is not configured on this server yet, so Premium cannot be bought. Everything on the free plan works.';

const STRIPE = {
  secretKey: 'sk_test_tend_e2e',
  webhookSecret: 'whsec_tend_e2e',
  priceMonthly: 'price_tend_premium_monthly',
} as const;

/** A second app, like the global setup's but with billing on, against its own fake Stripe. */
export interface BillingApp {
  baseUrl: string;
  databaseUrl: string;
  stripe: FakeStripe;
  /** `npm run task -- <name>` beside it, with its configuration; answers the task's output. */
  runTask(name: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the built app (the global setup's snapshot and data folder, so its mail lands in the same
 * outbox) on a port and a database of its own, with `STRIPE_*` set and `STRIPE_API_BASE` at a fake
 * Stripe that posts its signed events to this app's webhook. The global setup's app keeps billing
 * off, as a server without Stripe keys is.
 */
export async function startBillingApp(): Promise<BillingApp> {
  const appDir = inject('appDir');
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const stripe = await FakeStripe.start({
    secretKey: STRIPE.secretKey,
    webhookSecret: STRIPE.webhookSecret,
    prices: [{ id: STRIPE.priceMonthly, unitAmount: 1000, interval: 'month' }],
    webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
  });
  // A database beside the first app's, on the same server (the machine's, or the embedded one).
  const database = `tend_e2e_billing_${randomBytes(5).toString('hex')}`;
  const adminUrl = new URL(inject('databaseUrl'));
  adminUrl.pathname = '/postgres';
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;
  await adminQuery(adminUrl.toString(), `CREATE DATABASE ${database}`);
  const env: Record<string, string> = {
    ...inject('appEnv'),
    PORT: String(port),
    APP_URL: baseUrl,
    DATABASE_URL: databaseUrl.toString(),
    STRIPE_SECRET_KEY: STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
    STRIPE_PRICE_MONTHLY: STRIPE.priceMonthly,
    STRIPE_API_BASE: stripe.url,
  };

  let app: ChildProcess | undefined;
  const stop = async (): Promise<void> => {
    await stopApp(app);
    await stripe.close();
    await adminQuery(adminUrl.toString(), `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
  try {
    const migrate = await runNode(['api/dist/cli/migrate.js', 'up'], env, appDir);
    if (migrate.code !== 0) throw new Error(`[browser tests] Migrating failed:\n${migrate.output}`);
    let output = '';
    app = spawn(process.execPath, ['api/dist/all-roles.js'], { cwd: appDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
    app.stdout?.on('data', collect);
    app.stderr?.on('data', collect);
    await waitReady(baseUrl, app, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    baseUrl,
    databaseUrl: databaseUrl.toString(),
    stripe,
    async runTask(name) {
      const run = await runNode(['api/dist/cli/task.js', name], env, appDir);
      if (run.code !== 0) throw new Error(`npm run task -- ${name} exited ${run.code}:\n${run.output}`);
      return run.output;
    },
    stop,
  };
}

/**
 * A month later, as the database would then be: the paid time of the user's premium and of their
 * subscriptions is over (the app's clock cannot be moved from here; its dates can). Set-up only.
 */
export async function endPaidTime(databaseUrl: string, email: string): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const past = "now() - interval '1 hour'";
    const user = await db.query<{ id: number }>(
      `update users set premium_expiry_date = ${past} where email = $1 returning id`,
      [email],
    );
    await db.query(
      `update billing_subscriptions set access_until = ${past}, current_period_end = ${past} where user_id = $1`,
      [user.rows[0]?.id],
    );
  } finally {
    await db.end();
  }
}
