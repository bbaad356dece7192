import 'reflect-metadata';
import { Logger, type INestApplicationContext, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { ConfigError, loadConfig, type AppConfig, type Role } from '../config/app-config';
import { describeStartFailure } from './start-failure';
import { resolveDatabase, type ResolvedDatabase } from '../infra/database/database-url';
import { configureHttp } from '../infra/http/configure-http';
import { sessionMiddleware } from '../modules/auth/sessions/session.middleware';
import { SessionsService } from '../modules/auth/sessions/sessions.service';
import { within } from '../infra/time/within';
import { AppModule, type RoleOptions } from './app.module';

const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * The data folder holds the session secret, the outbox (reset links) and the embedded database's
 * password: only its owner may read it. A folder someone else owns is left as it is.
 */
function keepPrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const stat = statSync(dataDir);
  if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) chmodSync(dataDir, 0o700);
}
const LEVELS: LogLevel[] = ['error', 'warn', 'log', 'debug', 'verbose'];

export interface RunningApp {
  app: INestApplicationContext;
  config: AppConfig;
  database: ResolvedDatabase;
  url?: string;
  stop(): Promise<void>;
}

/** Builds and starts the given roles in this process (tests call this too). */
export async function startRoles(
  config: AppConfig,
  roles: readonly Role[],
  options: RoleOptions = {},
): Promise<RunningApp> {
  // Without Redis, jobs run where they are enqueued, so one process must hold every role; a task
  // run once (`npm run task`, no cron) brings the worker's processors along instead.
  if (!config.redisUrl && roles.length < 3 && options.cron !== false) {
    throw new ConfigError([
      'REDIS_URL is required to run the api, worker and scheduler as separate processes (`npm start` runs all three together without it)',
    ]);
  }
  const logger = LEVELS.slice(0, LEVELS.indexOf(config.logLevel) + 1);
  keepPrivate(config.dataDir);
  const database = await resolveDatabase(config);
  const module = AppModule.forRoles(config, database, roles, options);
  let app: INestApplicationContext | undefined;
  let url: string | undefined;
  try {
    if (roles.includes('api')) {
      const http = await NestFactory.create<NestExpressApplication>(module, {
        logger,
        bodyParser: false,
        abortOnError: false,
      });
      app = http;
      configureHttp(http, config, sessionMiddleware(http.get(SessionsService)));
      await http.listen(config.port, config.host);
      const address = http.getHttpServer().address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      // Where this process can reach itself (an unspecified address means every interface).
      const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
      url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    } else {
      app = await NestFactory.createApplicationContext(module, { logger, abortOnError: false });
      await app.init();
    }
  } catch (error) {
    // Leave nothing behind: an orphaned embedded PostgreSQL would hold the data folder.
    await app?.close().catch(() => undefined);
    await database.embedded?.stop();
    throw error;
  }
  const started = app;
  return {
    app: started,
    config,
    database,
    url,
    async stop() {
      // Drain with a deadline: an unreachable Redis must not keep the process alive forever.
      const deadline = `Shutdown still waiting after ${SHUTDOWN_DEADLINE_MS} ms; exiting anyway.`;
      await within(SHUTDOWN_DEADLINE_MS, started.close(), deadline).catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== deadline) throw error;
        new Logger('Tend').warn(deadline);
      });
      await database.embedded?.stop();
    },
  };
}

/** Entry-point glue: parse the environment once, start, and drain on SIGTERM/SIGINT. */
export function runRoles(roles: readonly Role[]): void {
  const log = new Logger('Tend');
  let config: AppConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  startRoles(config, roles)
    .then((running) => {
      log.log(
        `Roles ${roles.join(', ')} started${running.url ? `; serving ${config.appUrl} (listening on ${running.url})` : ''}.`,
      );
      let stopping = false;
      const shutdown = (signal: string) => {
        if (stopping) return;
        stopping = true;
        log.log(`${signal}: finishing in-flight requests and jobs, then exiting.`);
        running
          .stop()
          .then(() => process.exit(0))
          .catch((error: unknown) => {
            log.error(String(error));
            process.exit(1);
          });
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
    })
    .catch((error: unknown) => {
      console.error(describeStartFailure(error));
      process.exit(1);
    });
}
