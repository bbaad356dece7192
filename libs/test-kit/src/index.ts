// Helpers shared by the API's integration tests, the browser journeys and the benchmarks: finding
// a free port, asking whether PostgreSQL and Redis answer, and starting Debian's Chromium alike.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import Redis from 'ioredis';
import { Client } from 'pg';

/** A TCP port nothing listens on right now (on 127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Whether a PostgreSQL server takes a connection at `url` within two seconds. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether a Redis server answers PING at `url` within two seconds. */
export async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export interface RedisServer {
  child: ChildProcess;
  url: string;
  /** Resolves when the process has ended (killed, or failed to start). */
  exited: Promise<void>;
}

/**
 * A throw-away `redis-server` (no persistence) on `port` (a free one by default), once it answers
 * PING; undefined when the binary is missing or it never answers within five seconds.
 */
export async function startRedisServer(port?: number): Promise<RedisServer | undefined> {
  const listenOn = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(listenOn), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  let ended = false;
  const exited = new Promise<void>((resolveExit) => {
    const end = () => {
      ended = true;
      resolveExit();
    };
    child.once('error', end);
    child.once('exit', end);
  });
  const url = `redis://127.0.0.1:${listenOn}`;
  for (let i = 0; i < 50 && !ended; i++) {
    if (await redisAnswers(url)) return { child, url, exited };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  return undefined;
}

/** Debian's Chromium (`apt-get install chromium`); `CHROMIUM_PATH` points elsewhere. Never a downloaded one. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';

/**
 * Flags for headless Chromium here: no sandbox (tests run as root), no GPU, and nothing that
 * reaches out to Google's services (this machine's network refuses them, many at a time).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export { FakeStripe, parseStripeParams } from './fake-stripe';
export type { FakeEvent, FakePrice, FakeStripeOptions, SignedDelivery, SubscriptionSetup } from './fake-stripe';
export { readZip } from './zip';
