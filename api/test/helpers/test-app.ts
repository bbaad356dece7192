import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { Clock } from '../../src/infra/time/clock';
import { startRoles, type RunningApp } from '../../src/app/bootstrap';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { ROW_CHANGE_CHANNEL, RowChangeFeed } from '../../src/infra/database/row-change-feed';
import { JobDispatcher } from '../../src/infra/queue/job-dispatcher';
import { ApiClient } from './api-client';
import { SmtpCapture } from './smtp-capture';
import { startedLater } from './started-later';
import { createTestDatabase, type TestDatabase } from './test-database';

export type JobMode = 'bullmq' | 'in-process';

export interface MemberOptions {
  plan?: 'free' | 'premium';
  timeZone?: string;
  /** The start of the address (`<prefix>-<n>@example.com`). */
  prefix?: string;
}

export interface Member {
  client: ApiClient;
  userId: number;
  email: string;
}

let members = 0;

export interface TestApp {
  url: string;
  config: AppConfig;
  /**
   * The app's database. A write to `users` or `http_sessions` through it returns once the api
   * has heard of it (its caches follow the database by NOTIFY, as every replica's do), so the
   * next request sees it however busy the machine is.
   */
  db: TestDatabase;
  mail: SmtpCapture;
  running: RunningApp;
  client(): Promise<ApiClient>;
  /** Signs up, follows the emailed link and returns a verified, signed-in client. */
  verifiedClient(email: string, password?: string): Promise<{ client: ApiClient; userId: number }>;
  /** A new verified user (a fresh address each call) on the given plan and in the given time zone. */
  member(options?: MemberOptions): Promise<Member>;
  /** Resolves once the api has heard every change committed so far (see `db`). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** A statement that changes rows the api caches (users, sessions): the caches hear of it by NOTIFY. */
const CACHED_WRITE = /^\s*(?:update|insert\s+into|delete\s+from)\s+(?:users|http_sessions)\b/i;

/** Jobs through BullMQ need Redis; this says whether the run has one. */
export function redisAvailable(): boolean {
  return inject('redisUrl') !== '';
}

/**
 * Sign-ups and emails without their throttles, for files that make many users (the throttles
 * themselves are tested in security.test.ts and hardening.test.ts).
 */
export const UNTHROTTLED_SIGNUPS = { THROTTLE_SIGNUP_PER_IP: '1000', THROTTLE_EMAIL_PER_ADDRESS: '1000' };

export interface TestAppOptions {
  /** How jobs run: BullMQ when this run has Redis (the default), else in-process. */
  mode?: JobMode;
  /** Put the app's clock back to the real time after each test (for tests that move it). */
  resetClock?: boolean;
}

/**
 * The whole app for the enclosing file or `describe`: started before its tests, closed after them.
 * `env` may be a function, read when the app starts (after earlier hooks, such as a fake server's
 * start). What it answers stands for the app from then on (`app.client()`, `app.db`...).
 */
export function useTestApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  { mode = redisAvailable() ? 'bullmq' : 'in-process', resetClock = false }: TestAppOptions = {},
): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(mode, typeof env === 'function' ? env() : env);
  });
  afterAll(async () => {
    await started?.close();
  });
  if (resetClock) {
    afterEach(() => {
      started?.running.app.get(Clock).set(new Date());
    });
  }
  return startedLater(() => started, 'The test app');
}

/** The whole app (api, worker and scheduler roles) on a fresh database, real SMTP capture, real Redis. */
export async function startTestApp(mode: JobMode, env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const mail = await new SmtpCapture().start();
  // The default layout: a `.data` folder (file serving must work through a dot-folder).
  const root = mkdtempSync(join(tmpdir(), 'tend-test-'));
  const dataDir = join(root, '.data');
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    APP_URL: 'http://tend.test',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    SMTP_URL: mail.url,
    REDIS_URL: mode === 'bullmq' ? inject('redisUrl') : undefined,
    QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'error',
    ...env,
  });
  const running = await startRoles(config, ['api', 'worker', 'scheduler']);
  const url = running.url ?? '';
  const settled = async () => {
    const feed = running.app.get(RowChangeFeed);
    // Not live: the caches are bypassed, nothing to wait for.
    if (!feed.live) return;
    const marker = randomBytes(8).toString('hex');
    let stop = () => {};
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve, reject) => {
      stop = feed.onChange('sync', (key) => key === marker && resolve());
      timer = setTimeout(() => reject(new Error('The api never heard the change feed.')), 10_000);
    });
    try {
      await db.query('select pg_notify($1, $2)', [ROW_CHANGE_CHANNEL, `sync:${marker}`]);
      await heard;
    } finally {
      stop();
      clearTimeout(timer);
    }
  };
  const app: TestApp = {
    url,
    config,
    db: {
      ...db,
      async query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> {
        const rows = await db.query<T>(sql, params);
        if (CACHED_WRITE.test(sql)) await settled();
        return rows;
      },
    },
    settled,
    mail,
    running,
    client: () => ApiClient.create(url),
    async verifiedClient(email, password = 'Passw0rd!') {
      const client = await ApiClient.create(url);
      const user = await client.signUp(email, password);
      const message = await mail.waitFor(email, /Confirm your email/);
      const token = new URL(message.links[0] ?? '').searchParams.get('token') ?? '';
      const res = await client.post('/api/verify-email', { token });
      if (res.status !== 200) throw new Error(`Verification failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { client, userId: user.id };
    },
    async member({ plan = 'premium', timeZone = 'UTC', prefix = 'member' } = {}) {
      members += 1;
      const email = `${prefix}-${members}@example.com`;
      const { client, userId } = await app.verifiedClient(email);
      await app.db.query('update users set plan = $1, time_zone = $2 where id = $3', [plan, timeZone, userId]);
      return { client, userId, email };
    },
    async close() {
      await running.app.get(JobDispatcher).drain();
      await running.stop();
      await mail.stop();
      await db.drop();
      rmSync(root, { recursive: true, force: true });
    },
  };
  return app;
}
