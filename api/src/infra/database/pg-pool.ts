/** Injection token of the small pg pool beside MikroORM's (sessions, throttles). */
export const PG_POOL = Symbol('PG_POOL');
