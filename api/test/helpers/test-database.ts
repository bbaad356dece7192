import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { ModuleMetadata } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { ENTITIES } from '../../src/app/entities';
import { createOrmOptions } from '../../src/infra/database/mikro-orm.config';
import { startedLater } from './started-later';

export interface TestDatabase {
  url: string;
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated template: each test file gets its own. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  // Named after this run's template, so that a run's teardown drops its own databases only (two
  // checkouts may run their suites against one server at the same time).
  const name = `${inject('pgTemplate').replace('tend_template_', 'tend_t_')}_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
      break;
    } catch (error) {
      // Two files cloning the template at the same instant: wait and try again.
      if (attempt >= 10 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 300));
    }
  }
  await admin.end();
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    url,
    async query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []) {
      return (await client.query<T>(sql, params)).rows;
    },
    async drop() {
      await client.end();
      const dropper = new Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A fresh database for the enclosing file or `describe`: created before its tests, dropped after. */
export function useTestDatabase(): TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return startedLater(() => database, 'The test database');
}

/** MikroORM on a test database, for a Nest testing module (handlers and tasks run in its contexts). */
export function testOrmModule(database: TestDatabase): NonNullable<ModuleMetadata['imports']>[number] {
  return MikroOrmModule.forRoot({ ...createOrmOptions(database.url, ENTITIES), registerRequestContext: false });
}
