import type { ConnectionOptions } from 'bullmq';

/** Where BullMQ's queues and workers keep their jobs (Redis, under the app's key prefix). */
export interface QueueConnection {
  connection: ConnectionOptions;
  prefix: string;
}

export const QUEUE_CONNECTION = Symbol('QUEUE_CONNECTION');

/** BullMQ's connection settings from REDIS_URL. */
export function queueConnection(redisUrl: string, prefix: string): QueueConnection {
  const url = new URL(redisUrl);
  return {
    prefix,
    connection: {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: url.username || undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
      tls: url.protocol === 'rediss:' ? {} : undefined,
      // Producers must not hang a request forever when Redis is away.
      maxRetriesPerRequest: null,
    },
  };
}
