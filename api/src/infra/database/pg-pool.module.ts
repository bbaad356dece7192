import { Global, Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { RateLimiterService } from '../http/rate-limiter.service';
import { PG_POOL } from './pg-pool';
import { RowChangeFeed } from './row-change-feed';

/** A small pg pool beside MikroORM's, for sessions and the rate limiter; the row-change feed. */
@Global()
@Module({})
export class PgPoolModule implements OnApplicationShutdown {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: PgPoolModule,
      providers: [
        {
          provide: PG_POOL,
          useFactory: () => {
            const pool = new Pool({ connectionString: databaseUrl, max: 10 });
            // An idle connection dropped by the server (restart, failover) must not crash the process.
            pool.on('error', (error) => new Logger('PgPool').warn(`Idle connection closed: ${error.message}`));
            return pool;
          },
        },
        { provide: RowChangeFeed, useFactory: () => new RowChangeFeed(databaseUrl) },
        RateLimiterService,
      ],
      exports: [PG_POOL, RowChangeFeed, RateLimiterService],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
