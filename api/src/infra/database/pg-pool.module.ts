import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { PG_POOL, RateLimiterService } from '../http/rate-limiter.service';
import { SessionRegistry } from '../http/session-registry';

/** A small pg pool beside MikroORM's, for the session store and the rate limiter. */
@Global()
@Module({})
export class PgPoolModule implements OnApplicationShutdown {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: PgPoolModule,
      providers: [
        { provide: PG_POOL, useFactory: () => new Pool({ connectionString: databaseUrl, max: 5 }) },
        RateLimiterService,
        SessionRegistry,
      ],
      exports: [PG_POOL, RateLimiterService, SessionRegistry],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
