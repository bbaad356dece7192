import { EntityManager, ForeignKeyConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { DEFAULT_TIER_NAMES, NEW_COLUMN_NAME } from '@tend/contracts';
import { UsersService } from '../users/users.service';
import { Tier } from './tier.entity';

export const FIRST_COLUMN_RENAME_MESSAGE = 'The first column cannot be renamed.';
export const FIRST_COLUMN_DELETE_MESSAGE = 'The first column cannot be deleted.';
export const COLUMN_NOT_EMPTY_MESSAGE = 'Column must be empty to delete.';
export const COLUMN_NOT_FOUND_MESSAGE = 'Column not found.';

/** The board's columns. Position 0 is fixed: never renamed, moved or deleted. */
@Injectable()
export class TiersService {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
  ) {}

  /** The spec's four starting columns, by position. */
  async createDefaults(userId: number): Promise<Tier[]> {
    const tiers = DEFAULT_TIER_NAMES.map((name, position) =>
      this.em.create(Tier, { user: this.em.getReference('User', userId) as never, name, position }),
    );
    await this.em.persist(tiers).flush();
    return tiers;
  }

  list(userId: number): Promise<Tier[]> {
    return this.em.find(Tier, { user: userId }, { orderBy: { position: 'asc', id: 'asc' } });
  }

  async findOwned(userId: number, tierId: number): Promise<Tier> {
    const tier = await this.em.findOne(Tier, { id: tierId, user: userId });
    if (!tier) throw new NotFoundException({ errors: [COLUMN_NOT_FOUND_MESSAGE] });
    return tier;
  }

  /** The column a legacy `column_order` names, else the first column. */
  async findByPositionOrFirst(userId: number, position: number | undefined): Promise<Tier> {
    const byPosition = position === undefined ? null : await this.em.findOne(Tier, { user: userId, position });
    const tier = byPosition ?? (await this.em.findOne(Tier, { user: userId }, { orderBy: { position: 'asc' } }));
    if (!tier) throw new NotFoundException({ errors: [COLUMN_NOT_FOUND_MESSAGE] });
    return tier;
  }

  /** A new column at max position + 1. */
  async create(userId: number, name: string = NEW_COLUMN_NAME): Promise<Tier> {
    // The user's row lock (taken by writeBoard) serializes column creation, so max + 1 is free.
    return this.users.writeBoard(userId, async (em) => {
      const [{ max } = { max: null }] = await em.execute<{ max: number | null }[]>(
        'select max(position) as max from tiers where user_id = ?',
        [userId],
      );
      const tier = em.create(Tier, {
        user: em.getReference('User', userId) as never,
        name,
        position: (max ?? -1) + 1,
      });
      await em.persist(tier).flush();
      return tier;
    });
  }

  async rename(userId: number, tierId: number, name: string): Promise<Tier> {
    const tier = await this.findOwned(userId, tierId);
    if (tier.position === 0) throw new UnprocessableEntityException({ errors: [FIRST_COLUMN_RENAME_MESSAGE] });
    await this.users.writeBoard(userId, async () => {
      tier.name = name;
      await this.em.flush();
    });
    return tier;
  }

  /** Moves a column to another position (swapping with the column there); position 0 stays put. */
  async reposition(userId: number, tierId: number, position: number): Promise<Tier> {
    return this.users.writeBoard(userId, async (em) => {
      const tier = await em.findOneOrFail(
        Tier,
        { id: tierId, user: userId },
        {
          failHandler: () => new NotFoundException({ errors: [COLUMN_NOT_FOUND_MESSAGE] }),
        },
      );
      if (tier.position === 0)
        throw new UnprocessableEntityException({ errors: ['The first column cannot be moved.'] });
      if (tier.position === position) return tier;
      const other = await em.findOne(Tier, { user: userId, position });
      const from = tier.position;
      // The (user, position) pair is unique: park this column on -1 while swapping.
      await em.nativeUpdate(Tier, { id: tier.id }, { position: -1 });
      if (other) await em.nativeUpdate(Tier, { id: other.id }, { position: from });
      await em.nativeUpdate(Tier, { id: tier.id }, { position });
      await em.refresh(tier);
      return tier;
    });
  }

  async delete(userId: number, tierId: number): Promise<Tier> {
    const tier = await this.findOwned(userId, tierId);
    if (tier.position === 0) throw new UnprocessableEntityException({ errors: [FIRST_COLUMN_DELETE_MESSAGE] });
    try {
      await this.users.writeBoard(userId, async () => {
        await this.em.remove(tier).flush();
      });
    } catch (error) {
      // contacts.tier_id is ON DELETE RESTRICT: a column with cards (even hidden ones) stays.
      if (error instanceof ForeignKeyConstraintViolationException) {
        this.em.clear();
        throw new UnprocessableEntityException({ errors: [COLUMN_NOT_EMPTY_MESSAGE] });
      }
      throw error;
    }
    return tier;
  }

  /**
   * Locks the given columns of one user in id order (so two moves never deadlock) and returns
   * them; every board move takes this lock, which keeps concurrent moves consistent.
   */
  async lockColumns(userId: number, tierIds: number[]): Promise<{ id: number; position: number }[]> {
    const ids = [...new Set(tierIds)].sort((a, b) => a - b);
    return this.em.execute<{ id: number; position: number }[]>(
      `select id, position from tiers where user_id = ? and id in (${ids.map(() => '?').join(', ')}) order by id for update`,
      [userId, ...ids],
    );
  }
}
