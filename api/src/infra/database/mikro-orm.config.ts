import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import { resolveContextEntityManager } from './request-entity-manager';

export const MIGRATIONS_DIR = join(__dirname, 'migrations');

/**
 * One place that turns a connection URL into MikroORM options (api, worker, scheduler, CLI, tests).
 * The entity list comes from the composition root (`app/entities.ts`): infra knows no module.
 */
export function createOrmOptions(
  databaseUrl: string,
  entities: NonNullable<Options['entities']>,
  overrides: Partial<Options> = {},
): Options {
  return defineConfig({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    pool: { min: 0, max: 10 },
    forceUtcTimezone: true,
    // Entities are loaded per request (a lazy request context) or per job (fork); never the global EM.
    allowGlobalContext: false,
    context: resolveContextEntityManager,
    migrations: {
      // Always the compiled migrations: `npm run build` runs before `npm run migrate`.
      path: MIGRATIONS_DIR,
      glob: '!(*.d).{js,ts}',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
    },
    debug: false,
    ...overrides,
  });
}
