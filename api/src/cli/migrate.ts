import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config/app-config';
import { describeStartFailure } from '../app/start-failure';
import { resolveDatabase } from '../infra/database/database-url';
import { join } from 'node:path';
import { createOrmOptions } from '../infra/database/mikro-orm.config';
import { ENTITIES } from '../app/entities';

const MIGRATIONS_SOURCE_DIR = join(__dirname, '..', '..', 'src', 'infra', 'database', 'migrations');

/**
 * `migrate up`: applies pending migrations (the explicit step; no process migrates on boot).
 * `migrate check`: fails when the entities differ from what the migrations build.
 * `migrate create`: writes a migration for the difference into src/ (run against a scratch database).
 */
async function main(): Promise<void> {
  const command = process.argv[2] ?? 'up';
  const config = loadConfig(process.env);
  const database = await resolveDatabase(config);
  const orm = await MikroORM.init(createOrmOptions(database.url, ENTITIES));
  try {
    const migrator = orm.getMigrator();
    if (command === 'up') {
      const applied = await migrator.up();
      console.log(applied.length ? `Applied ${applied.length} migration(s).` : 'Database is up to date.');
    } else if (command === 'check') {
      await migrator.up();
      const diff = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false, safe: false });
      if (diff.trim()) {
        console.error('Entities differ from the migrations. Create a migration for:\n' + diff);
        process.exitCode = 1;
      } else {
        console.log('Migrations match the entities.');
      }
    } else if (command === 'create') {
      await migrator.up();
      const result = await migrator.createMigration(MIGRATIONS_SOURCE_DIR);
      console.log(result.fileName ? `Created ${result.fileName}.` : 'No changes: no migration needed.');
    } else {
      console.error(`Unknown command "${command}". Use "up", "check" or "create".`);
      process.exitCode = 2;
    }
  } finally {
    await orm.close();
    await database.embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(describeStartFailure(error));
  process.exit(1);
});
