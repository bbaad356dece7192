// Starting and stopping the built app as a child process: the global setup's app, and the second
// one a journey starts with other settings (billing on, against the fake Stripe).
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { Client } from 'pg';

const READY_TIMEOUT_MS = 120_000;

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface RunResult {
  code: number | null;
  output: string;
}

export function runNode(args: string[], env: Record<string, string>, cwd: string): Promise<RunResult> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolveRun({ code, output }));
  });
}

export async function waitReady(baseUrl: string, app: ChildProcess, output: () => string): Promise<void> {
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

export function waitExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
}

/** SIGTERM (the app drains), then SIGKILL if it has not stopped within 30 s. */
export async function stopApp(app: ChildProcess | undefined): Promise<void> {
  if (!app || app.exitCode !== null || app.signalCode !== null) return;
  app.kill('SIGTERM');
  if (!(await waitExit(app, 30_000))) {
    console.warn('[browser tests] The app did not stop within 30 s of SIGTERM: killing it.');
    app.kill('SIGKILL');
    await waitExit(app, 5_000);
  }
}
