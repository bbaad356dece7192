import type { ConnectionOptions } from 'bullmq';

/** BullMQ's connection settings from REDIS_URL (`BullModule.forRoot` hands them to every queue and worker). */
export function queueConnection(redisUrl: string): ConnectionOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    // Producers must not hang a request forever when Redis is away.
    maxRetriesPerRequest: null,
  };
}
