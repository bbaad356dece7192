// Helpers shared by the API's integration tests, the browser journeys and the benchmarks: finding
// a free port, asking whether PostgreSQL and Redis answer, and starting Debian's Chromium alike.
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
