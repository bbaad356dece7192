import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { postgresAnswers, redisAnswers, startRedisServer, type RedisServer } from '@tend/test-kit';
import type { TestProject } from 'vitest/node' with { 'resolution-mode': 'import' };
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/infra/embedded/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    redisUrl: string;
  }
}

const API_DIR = resolve(__dirname, '..', '..');
const REPO_DIR = resolve(API_DIR, '..');

/**
 * Real PostgreSQL (the machine's, or the embedded one when none answers) with a migrated template
 * database that each test file clones; real Redis: the machine's, else a private redis-server when
 * the binary is installed (required with CI=true).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let adminUrl = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let embedded: EmbeddedDatabase | undefined;
  if (!(await postgresAnswers(adminUrl))) {
    console.warn(`\n[tests] No PostgreSQL at ${adminUrl}: using the embedded PostgreSQL.\n`);
    embedded = await startEmbeddedPostgres(join(REPO_DIR, '.data', 'test'), 54330);
    adminUrl = embedded.url.replace(/\/tend$/, '/postgres');
  }
  const template = `tend_template_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = adminUrl.replace(/\/[^/]*$/, `/${template}`);
  const migrate = spawnSync(process.execPath, ['dist/cli/migrate.js', 'up'], {
    cwd: API_DIR,
    env: { ...process.env, DATABASE_URL: templateUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (migrate.status !== 0) {
    throw new Error(
      `Migrating the template database failed (is the API built? run "npm run build"):\n${migrate.stderr}${migrate.stdout}`,
    );
  }

  let redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  let redisOk = await redisAnswers(redisUrl);
  let privateRedis: RedisServer | undefined;
  if (!redisOk && !process.env['TEST_REDIS_URL']) {
    // None running, but the binary is here (the reminder crash test needs it anyway): a private
    // one for this run, gone with it.
    privateRedis = await startRedisServer();
    if (privateRedis) {
      redisUrl = privateRedis.url;
      redisOk = true;
      console.warn(`
[tests] No Redis at 127.0.0.1:6379: started a private redis-server at ${redisUrl}.
`);
    }
  }
  if (!redisOk && process.env['CI'] === 'true')
    throw new Error(`Redis does not answer at ${redisUrl}, and CI=true requires it.`);
  if (!redisOk)
    console.warn(`\n[tests] !!! Redis does not answer at ${redisUrl}: the BullMQ variants are SKIPPED. !!!\n`);

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  project.provide('redisUrl', redisOk ? redisUrl : '');

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $2) OR datname = $1`,
      [template, `${template.replace('tend_template_', 'tend_t_')}_`],
    );
    for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    privateRedis?.child.kill('SIGTERM');
  };
}
