import { Global, Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { RateLimiterService } from '../http/rate-limiter.service';
import { PG_POOL, THROTTLE_POOL } from './pg-pool';
import { RowChangeFeed } from './row-change-feed';

function pool(databaseUrl: string, options: { max: number; options?: string }): Pool {
  const created = new Pool({ connectionString: databaseUrl, ...options });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  created.on('error', (error) => new Logger('PgPool').warn(`Idle connection closed: ${error.message}`));
  return created;
}

/** Small pg pools beside MikroORM's, for sessions and for the rate limiter; the row-change feed. */
@Global()
@Module({})
export class PgPoolModule implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(THROTTLE_POOL) private readonly throttles: Pool,
  ) {}

  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: PgPoolModule,
      providers: [
        { provide: PG_POOL, useFactory: () => pool(databaseUrl, { max: 10 }) },
        {
          provide: THROTTLE_POOL,
          useFactory: () => pool(databaseUrl, { max: 5, options: '-c synchronous_commit=off' }),
        },
        { provide: RowChangeFeed, useFactory: () => new RowChangeFeed(databaseUrl) },
        RateLimiterService,
      ],
      exports: [PG_POOL, THROTTLE_POOL, RowChangeFeed, RateLimiterService],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.pool.end(), this.throttles.end()]);
  }
}
