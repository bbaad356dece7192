import type { AppConfig } from '../../config/app-config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../embedded/embedded-postgres';

/** Injection token of the app's ResolvedDatabase (readiness asks whether the embedded one still runs). */
export const RESOLVED_DATABASE = Symbol('RESOLVED_DATABASE');

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
