import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DEFAULT_TIER_NAMES } from '@tend/contracts';
import { Tier } from './tier.entity';

@Injectable()
export class TiersService {
  constructor(private readonly em: EntityManager) {}

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
}
