import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Inject, Logger, Res } from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { RESOLVED_DATABASE, type ResolvedDatabase } from '../../infra/database/database-url';
import { Public } from '../../infra/http/access.decorators';
import { JobDispatcher } from '../../infra/queue/job-dispatcher';
import { within } from '../../infra/time/within';
import { RemindersWatchdog, type FanOutStatus } from '../reminders/reminders-watchdog.service';

@Public()
@Controller('api')
export class HealthController {
  private readonly logger = new Logger('Readiness');

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobDispatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RESOLVED_DATABASE) private readonly database: ResolvedDatabase,
    private readonly reminders: RemindersWatchdog,
  ) {}

  /** Liveness: the process answers. */
  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * Readiness: PostgreSQL answers, and Redis when configured. The answer is public, so it names
   * only the part that is down; the cause (hosts, ports, auth messages) goes to the log.
   */
  @Get('ready')
  async ready(
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ status: string; checks: Record<string, string>; reminders?: FanOutStatus }> {
    const checks: Record<string, string> = {};
    const embedded = this.database.embedded;
    checks['database'] =
      embedded && !embedded.running
        ? this.down('database', 'the embedded PostgreSQL has stopped (see the log for its last lines)')
        : await this.probe('database', () => this.em.getConnection().execute('select 1'));
    if (this.config.redisUrl) checks['redis'] = await this.probe('redis', () => this.jobs.ping());
    const ready = Object.values(checks).every((c) => c === 'ok');
    res.status(ready ? 200 : 503);
    // When the last reminder fan-out ran and how many emails it queued (not part of readiness).
    const reminders = checks['database'] === 'ok' ? await this.reminders.status().catch(() => undefined) : undefined;
    return { status: ready ? 'ready' : 'not ready', checks, ...(reminders ? { reminders } : {}) };
  }

  private async probe(part: string, check: () => Promise<unknown>): Promise<string> {
    try {
      await within(2_000, check());
      return 'ok';
    } catch (error) {
      return this.down(part, String(error));
    }
  }

  private down(part: string, cause: string): string {
    this.logger.warn(`Not ready: ${part} is down: ${cause}`);
    return 'down';
  }
}
