import type { Tier as TierResponse } from '@tend/contracts';
import type { Tier } from './tier.entity';

export function toTierResponse(tier: Tier): TierResponse {
  return {
    id: tier.id,
    name: tier.name,
    position: tier.position,
    user_id: tier.user.id,
    cadence_days: tier.cadenceDays,
  };
}
