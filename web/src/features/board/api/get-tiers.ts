import type { Tier } from '@tend/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { boardKeys } from './keys';

export function fetchTiers(): Promise<Tier[]> {
  return api<Tier[]>('/api/tiers');
}

export const tiersQueryOptions = queryOptions({
  queryKey: boardKeys.tiers,
  queryFn: fetchTiers,
  // Spec: columns are shown sorted by position.
  select: (tiers: Tier[]) => [...tiers].sort((a, b) => a.position - b.position || a.id - b.id),
});

export function useTiers() {
  return useQuery(tiersQueryOptions);
}
