import { EntityManager, ForeignKeyConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { DEFAULT_TIER_CADENCES, DEFAULT_TIER_NAMES, NEW_COLUMN_NAME, type ExportedTier } from '@tend/contracts';
import { COLUMN_NOT_FOUND_MESSAGE } from '../board/board.errors';
import { BoardService, type BoardOwner, type BoardSnapshot } from '../board/board.service';
import type { SignedInUser } from '../users/signed-in-user-cache';
import { Tier } from './tier.entity';
import { toTierResponse } from './tiers.mapper';

export { COLUMN_NOT_FOUND_MESSAGE };
export const FIRST_COLUMN_RENAME_MESSAGE = 'The first column cannot be renamed.';
export const FIRST_COLUMN_DELETE_MESSAGE = 'The first column cannot be deleted.';
export const COLUMN_NOT_EMPTY_MESSAGE = 'Column must be empty to delete.';

/** The board's columns. Position 0 is fixed: never renamed, moved or deleted. */
@Injectable()
export class TiersService {
  constructor(
    private readonly em: EntityManager,
    private readonly board: BoardService,
  ) {}

  /**
   * The spec's four starting columns, by position, with the daily loop's starting cadences (in the
   * caller's transaction: the new user's).
   */
  async createDefaults(userId: number): Promise<Tier[]> {
    const tiers = DEFAULT_TIER_NAMES.map((name, position) =>
      this.em.create(Tier, { user: userId, name, position, cadenceDays: DEFAULT_TIER_CADENCES[position] ?? null }),
    );
    await this.em.persist(tiers).flush();
    return tiers;
  }

  /** The user's columns as `GET /api/tiers` answers them, from the board's cache (see `BoardService.cachedView`). */
  listJson(user: Pick<SignedInUser, 'id' | 'plan' | 'boardVersion'>): Promise<BoardSnapshot> {
    return this.board.cachedView(user, 'tiers', async () =>
      JSON.stringify((await this.list(user.id)).map(toTierResponse)),
    );
  }

  list(userId: number): Promise<Tier[]> {
    return this.em.find(Tier, { user: userId }, { orderBy: { position: 'asc', id: 'asc' } });
  }

  /** Every column of a user, as an export holds it. */
  async exportRows(userId: number): Promise<ExportedTier[]> {
    return (await this.list(userId)).map((tier) => ({
      id: tier.id,
      name: tier.name,
      position: tier.position,
      cadence_days: tier.cadenceDays,
      created_at: tier.createdAt.toISOString(),
    }));
  }

  /** One of the user's columns (404 for anyone else's); inside a board change, pass its `em`. */
  async findOwned(userId: number, tierId: number, em: EntityManager = this.em): Promise<Tier> {
    const tier = await em.findOne(Tier, { id: tierId, user: userId });
    if (!tier) throw new NotFoundException({ errors: [COLUMN_NOT_FOUND_MESSAGE] });
    return tier;
  }

  /** The column a legacy `column_order` names, else the first column. */
  async findByPositionOrFirst(
    userId: number,
    position: number | undefined,
    em: EntityManager = this.em,
  ): Promise<Tier> {
    const byPosition = position === undefined ? null : await em.findOne(Tier, { user: userId, position });
    const tier = byPosition ?? (await em.findOne(Tier, { user: userId }, { orderBy: { position: 'asc' } }));
    if (!tier) throw new NotFoundException({ errors: [COLUMN_NOT_FOUND_MESSAGE] });
    return tier;
  }

  /** A new column at max position + 1 (the board change's row lock keeps that position free). */
  create(owner: BoardOwner, name: string = NEW_COLUMN_NAME): Promise<Tier> {
    return this.board.change(owner, async (change) => {
      const tier = change.em.create(Tier, {
        user: owner.id,
        name,
        position: await change.nextColumnPosition(),
      });
      await change.em.persist(tier).flush();
      return tier;
    });
  }

  rename(owner: BoardOwner, tierId: number, name: string): Promise<Tier> {
    return this.board.change(owner, async ({ em }) => {
      const tier = await this.findOwned(owner.id, tierId, em);
      if (tier.position === 0) throw new UnprocessableEntityException({ errors: [FIRST_COLUMN_RENAME_MESSAGE] });
      tier.name = name;
      await em.flush();
      return tier;
    });
  }

  /**
   * Sets a column's cadence (null: none); every card of the column gets its follow-up date again by
   * the rule, in the same board change (cards with an explicit date keep it).
   */
  setCadence(owner: BoardOwner, tierId: number, cadenceDays: number | null): Promise<Tier> {
    return this.board.change(owner, async (change) => {
      const tier = await this.findOwned(owner.id, tierId, change.em);
      if (tier.cadenceDays === cadenceDays) return tier;
      tier.cadenceDays = cadenceDays;
      await change.em.flush();
      await change.followUpsChanged({ tierId });
      return tier;
    });
  }

  /** Moves a column to another position (swapping with the column there; a board move), answered as it is now. */
  async reposition(owner: BoardOwner, tierId: number, position: number): Promise<Tier> {
    await this.board.moveColumn(owner, tierId, position);
    const tier = await this.em.findOne(Tier, { id: tierId, user: owner.id }, { refresh: true });
    if (!tier) throw new NotFoundException({ errors: [COLUMN_NOT_FOUND_MESSAGE] });
    return tier;
  }

  async delete(owner: BoardOwner, tierId: number): Promise<Tier> {
    try {
      return await this.board.change(owner, async ({ em }) => {
        const tier = await this.findOwned(owner.id, tierId, em);
        if (tier.position === 0) throw new UnprocessableEntityException({ errors: [FIRST_COLUMN_DELETE_MESSAGE] });
        await em.remove(tier).flush();
        return tier;
      });
    } catch (error) {
      // contacts.tier_id is ON DELETE NO ACTION: a column with cards (even hidden ones) stays.
      if (error instanceof ForeignKeyConstraintViolationException) {
        throw new UnprocessableEntityException({ errors: [COLUMN_NOT_EMPTY_MESSAGE] });
      }
      throw error;
    }
  }
}
