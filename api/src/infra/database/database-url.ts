import type { AppConfig } from '../../config/app-config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../embedded/embedded-postgres';

export interface ResolvedDatabase {
  url: string;
  embedded?: EmbeddedDatabase;
}

/** `DATABASE_URL` when set; otherwise the embedded PostgreSQL (started once per process). */
export async function resolveDatabase(config: AppConfig): Promise<ResolvedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPostgresPort);
  return { url: embedded.url, embedded };
}
