/** Injection token of the small pg pool beside MikroORM's (sessions, throttles). */
export const PG_POOL = Symbol('PG_POOL');

/**
 * Injection token of the throttles' own pool, whose commits do not wait for the WAL to reach the
 * disk (`synchronous_commit = off`): a throttle counter is soft state, and an OS crash losing its
 * last fraction of a second of counts is harmless, while waiting for the disk on every counted
 * attempt serializes one user's attempts on their counter's row lock (see PERFORMANCE.md).
 */
export const THROTTLE_POOL = Symbol('THROTTLE_POOL');
