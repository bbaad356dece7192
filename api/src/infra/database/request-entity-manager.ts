import { RequestContext, type EntityManager, type MikroORM } from '@mikro-orm/core';
import type { NextFunction, Request, Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One request's EntityManager, forked on first use: a request that never touches the ORM (the
 * cached board read, the health check) skips the fork and its per-request cost.
 */
class LazyRequestEntityManager {
  private em: EntityManager | undefined;
  private forking = false;

  constructor(private readonly orm: MikroORM) {}

  get(name: string): EntityManager | undefined {
    // While forking, the new EntityManager looks up its context: it must see the global one.
    if (this.forking || name !== this.orm.em.name) return undefined;
    if (!this.em) {
      this.forking = true;
      try {
        this.em = this.orm.em.fork({ useContext: true });
      } finally {
        this.forking = false;
      }
    }
    return this.em;
  }
}

const requests = new AsyncLocalStorage<LazyRequestEntityManager>();

/**
 * MikroORM's `context` option: the request's EntityManager inside an HTTP request, else
 * MikroORM's own RequestContext (scheduled tasks use `@CreateRequestContext`).
 */
export function resolveContextEntityManager(name: string): EntityManager | undefined {
  return requests.getStore()?.get(name) ?? RequestContext.getEntityManager(name);
}

/** Express middleware: every request runs in its own (lazy) EntityManager context. */
export function requestEntityManagerMiddleware(orm: MikroORM) {
  return (_req: Request, _res: Response, next: NextFunction): void => {
    requests.run(new LazyRequestEntityManager(orm), next);
  };
}
