import { ConfigError } from '../config/app-config';
import { EmbeddedPostgresError } from '../infra/embedded/embedded-postgres';

/** What a failed start prints: our own errors say what to do, without a stack trace. */
export function describeStartFailure(error: unknown): unknown {
  return error instanceof ConfigError || error instanceof EmbeddedPostgresError ? error.message : error;
}
