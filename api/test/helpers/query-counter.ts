import { MikroORM } from '@mikro-orm/postgresql';
import type { TestApp } from './test-app';

/** Counts the SQL statements MikroORM sends while `work` runs (its query log, switched on briefly). */
export async function countStatements(app: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const logger = app.running.app.get(MikroORM).config.getLogger();
  const statements: string[] = [];
  const original = logger.logQuery.bind(logger);
  logger.logQuery = (context) => {
    statements.push(context.query ?? '');
  };
  try {
    await work();
  } finally {
    logger.logQuery = original;
  }
  return statements;
}
