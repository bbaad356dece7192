import { spawn } from 'node:child_process';
import { Client } from 'pg';
import { inject } from 'vitest';
import { databaseUrl } from './app';

/** The fake Stripe's address (its checkout and portal pages, its `/_fake/` controls). */
export function stripeUrl(): string {
  return inject('stripeUrl');
}

interface FakeSubscription {
  id: string;
  status: string;
  cancel_at_period_end: boolean;
}

/** The subscriptions Stripe (the fake) holds for a customer's email. */
export async function subscriptionsOf(email: string): Promise<FakeSubscription[]> {
  const response = await fetch(`${stripeUrl()}/_fake/subscriptions?email=${encodeURIComponent(email)}`);
  return (await response.json()) as FakeSubscription[];
}

/**
 * Something that happens at Stripe (a renewal charge fails or is paid): the fake emits Stripe's
 * events and answers once the app has taken them.
 */
export async function atStripe(subscriptionId: string, change: 'fail-renewal' | 'pay-renewal'): Promise<void> {
  const response = await fetch(`${stripeUrl()}/_fake/subscriptions/${subscriptionId}/${change}`, { method: 'POST' });
  if (!response.ok) throw new Error(`The fake Stripe refused ${change}: ${response.status} ${await response.text()}`);
}

/**
 * A month later, as the database would then be: the paid time of the user's premium and of their
 * subscriptions is over (the app's clock cannot be moved from here; its dates can). Set-up only.
 */
export async function endPaidTime(email: string): Promise<void> {
  const db = new Client({ connectionString: databaseUrl() });
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

/** `npm run task -- <name>` beside the running app, with its configuration; answers the task's output. */
export function runTask(name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['api/dist/cli/task.js', name], {
      cwd: inject('appDir'),
      env: inject('appEnv'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`npm run task -- ${name} exited ${code}:\n${output}`)),
    );
  });
}
