import { type EventArgs, type EventSubscriber, type OptionalProps } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { RowCache } from '../../infra/database/row-cache';
import { RowChangeFeed } from '../../infra/database/row-change-feed';
import { resolveContextEntityManager } from '../../infra/database/request-entity-manager';
import { User } from './user.entity';

/**
 * The signed-in user as the guard sees it: the row's values, read-only, without the password
 * hash. Enough for access checks and reads; code that changes the user asks for the entity.
 */
export type SignedInUser = Readonly<Omit<User, 'passwordHash' | typeof OptionalProps>>;

const CACHED_USERS = 50_000;
/** MikroORM's default context name (`contextName`). */
const CONTEXT_NAME = 'default';
const CACHE_TTL_MS = 5 * 60_000;

/**
 * The signed-in user's row for the per-request guard, from memory: every change to a `users` row
 * evicts it in every process (the row-change feed), and writes made through this process's
 * EntityManager evict it here as soon as they are flushed. The password hash is never cached.
 * Handlers get a plain read-only snapshot; turning it into an entity (for the few handlers that
 * change the user) costs a hydration, not a query.
 */
@Injectable()
export class SignedInUserCache implements EventSubscriber<User> {
  private readonly rows: RowCache<SignedInUser>;
  private readonly columns: string;

  constructor(
    private readonly em: EntityManager,
    feed: RowChangeFeed,
  ) {
    this.rows = new RowCache<SignedInUser>(feed, 'user', { maxEntries: CACHED_USERS, ttlMs: CACHE_TTL_MS });
    const meta = em.getMetadata().get(User);
    this.columns = meta.props
      .filter((prop) => !prop.lazy && prop.fieldNames?.length)
      .flatMap((prop) => prop.fieldNames)
      .map((column) => `"${column}"`)
      .join(', ');
    em.getEventManager().registerSubscriber(this);
  }

  /** The user's row from memory, or from one query when it is not cached (or changed). */
  find(id: number): Promise<SignedInUser | undefined> {
    return this.rows.get(String(id), async () => {
      const [row] = await this.em.execute<Record<string, unknown>[]>(`select ${this.columns} from users where id = ?`, [
        id,
      ]);
      if (!row) return undefined;
      return Object.freeze(
        this.em.getDriver().mapResult(row, this.em.getMetadata().get(User)) as unknown as SignedInUser,
      );
    });
  }

  /** The same user as a managed entity of the request's EntityManager, built without a query. */
  static toEntity(user: SignedInUser): User {
    const em = resolveContextEntityManager(CONTEXT_NAME);
    if (!em) throw new Error('No request context to load the signed-in user into.');
    return em.merge(User, { ...user }, { refresh: true, convertCustomTypes: true });
  }

  evict(id: number): void {
    this.rows.evict(String(id));
  }

  getSubscribedEntities(): [typeof User] {
    return [User];
  }

  afterUpdate(args: EventArgs<User>): void {
    this.evict(args.entity.id);
  }

  afterDelete(args: EventArgs<User>): void {
    this.evict(args.entity.id);
  }
}
