import { EntityManager } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import { Controller, Get, Inject, Res, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Public } from '../../infra/http/access.decorators';
import { within } from '../../infra/time/within';

@Public()
@Controller('api')
export class HealthController implements OnModuleInit {
  private mailQueue: Queue | undefined;

  constructor(
    private readonly em: EntityManager,
    private readonly moduleRef: ModuleRef,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.redisUrl) this.mailQueue = this.moduleRef.get<Queue>(getQueueToken('mail'), { strict: false });
  }

  /** Liveness: the process answers. */
  @Get('health')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: PostgreSQL answers, and Redis when configured. */
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<{ status: string; checks: Record<string, string> }> {
    const checks: Record<string, string> = {};
    try {
      await within(2_000, this.em.getConnection().execute('select 1'));
      checks['database'] = 'ok';
    } catch (error) {
      checks['database'] = `down: ${String(error)}`;
    }
    if (this.mailQueue) {
      try {
        await within(2_000, this.mailQueue.getJobCounts('waiting'));
        checks['redis'] = 'ok';
      } catch (error) {
        checks['redis'] = `down: ${String(error)}`;
      }
    }
    const ready = Object.values(checks).every((c) => c === 'ok');
    res.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', checks };
  }
}
