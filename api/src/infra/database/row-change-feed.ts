import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';

/** The channel the `users` and `http_sessions` triggers notify (see the cache migration). */
export const ROW_CHANGE_CHANNEL = 'tend_row_changed';
export const ROW_CHANGE_FEED_APPLICATION = 'tend-row-change-feed';

/**
 * `sync` is no table: a marker anyone may notify (`sync:<anything>`). Notices arrive in commit
 * order, so hearing one's own marker means every change committed before it has been heard too
 * (the tests' way to wait for the caches after writing to the database behind the app's back).
 */
export type ChangedTable = 'user' | 'session' | 'sync';

type ChangeListener = (key: string) => void;

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export interface RowChangeFeedOptions {
  /** How often the LISTEN connection is asked to answer (a dropped connection may say nothing). */
  pingIntervalMs?: number;
  /** An unanswered ping this old means the feed is down: caches are bypassed until it is back. */
  pingTimeoutMs?: number;
}

/**
 * Tells in-process caches which rows changed, in every api process.
 *
 * Triggers on `users` and `http_sessions` call `pg_notify` in the writing transaction, so the
 * notice goes out exactly when the change commits, whoever wrote it (this process, another
 * replica, a migration, an operator in psql). The feed holds one dedicated connection that
 * LISTENs. Caches may serve entries only while the feed is `live`: when the connection drops,
 * every listener is told to forget everything, and nothing is cached again until LISTEN is back.
 * It connects on first use, so roles without caches (worker, scheduler) never open it.
 */
export class RowChangeFeed implements OnApplicationShutdown {
  private readonly logger = new Logger('RowChangeFeed');
  private readonly listeners = new Map<ChangedTable, Set<ChangeListener>>();
  private readonly resetListeners = new Set<() => void>();
  private client: Client | undefined;
  private started = false;
  private stopped = false;
  private isLive = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private readonly pingIntervalMs: number;
  private readonly pingTimeoutMs: number;

  constructor(
    private readonly databaseUrl: string,
    options: RowChangeFeedOptions = {},
  ) {
    this.pingIntervalMs = options.pingIntervalMs ?? 10_000;
    this.pingTimeoutMs = options.pingTimeoutMs ?? 5_000;
  }

  /** True while every committed change is known to reach this process. */
  get live(): boolean {
    return this.isLive;
  }

  /** Calls `listener` with the key of each change to `table`; the answer stops it. */
  onChange(table: ChangedTable, listener: ChangeListener): () => void {
    let set = this.listeners.get(table);
    if (!set) this.listeners.set(table, (set = new Set()));
    set.add(listener);
    this.start();
    return () => set.delete(listener);
  }

  /** Called whenever changes may have been missed: forget everything. */
  onReset(listener: () => void): void {
    this.resetListeners.add(listener);
    this.start();
  }

  /** Resolves once the feed is live (tests and boot use it; requests never wait). */
  async whenLive(timeoutMs = 5_000): Promise<boolean> {
    this.start();
    const deadline = Date.now() + timeoutMs;
    while (!this.isLive && Date.now() < deadline && !this.stopped) await new Promise((r) => setTimeout(r, 10));
    return this.isLive;
  }

  private start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    void this.connect();
  }

  private async connect(): Promise<void> {
    // TCP keep-alive lets the kernel notice a dead peer; the pings below notice a silent one sooner.
    const client = new Client({
      connectionString: this.databaseUrl,
      application_name: ROW_CHANGE_FEED_APPLICATION,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    this.client = client;
    client.on('notification', (message) => this.dispatch(message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${ROW_CHANGE_CHANNEL}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.client !== client || this.stopped) return;
    // Whatever was loaded before LISTEN took effect may predate a change we never heard of.
    this.reset();
    this.isLive = true;
    this.reconnectDelay = RECONNECT_MIN_MS;
    this.schedulePing(client);
  }

  /**
   * A connection cut without a word (a NAT or firewall dropping it, a frozen server) would keep
   * this process serving cached rows while other replicas change them: if a ping goes unanswered
   * in time, the feed counts as down (caches bypassed) and reconnects.
   */
  private schedulePing(client: Client): void {
    this.pingTimer = setTimeout(() => {
      if (this.client !== client) return;
      let answered = false;
      const deadline = setTimeout(() => {
        if (!answered) this.lost(client, new Error(`no answer to a keep-alive ping within ${this.pingTimeoutMs} ms`));
      }, this.pingTimeoutMs);
      client.query('select 1').then(
        () => {
          answered = true;
          clearTimeout(deadline);
          if (this.client === client) this.schedulePing(client);
        },
        (error: Error) => {
          answered = true;
          clearTimeout(deadline);
          this.lost(client, error);
        },
      );
    }, this.pingIntervalMs);
  }

  private dispatch(payload: string | undefined): void {
    const separator = payload?.indexOf(':') ?? -1;
    if (!payload || separator < 0) return;
    const table = payload.slice(0, separator) as ChangedTable;
    const key = payload.slice(separator + 1);
    for (const listener of this.listeners.get(table) ?? []) listener(key);
  }

  private lost(client: Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.isLive = false;
    clearTimeout(this.pingTimer);
    this.reset();
    client.removeAllListeners('end');
    // A silent peer would never answer the goodbye: drop the socket as well.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn(
      `Lost the row-change feed${error ? ` (${error.message})` : ''}; caches are bypassed until it is back.`,
    );
    this.reconnectTimer = setTimeout(() => void this.connect(), this.reconnectDelay);
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
  }

  private reset(): void {
    for (const listener of this.resetListeners) listener();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.isLive = false;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.pingTimer);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
