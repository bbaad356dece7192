import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { mergePublicConfig, type PublicConfig } from './public-config';

export const publicConfigKeys = { all: ['public-config'] as const };

/** `GET /api/config`: the server's public settings, asked for once per visit. */
export const publicConfigQuery = queryOptions({
  queryKey: publicConfigKeys.all,
  queryFn: () => api<Partial<Record<keyof PublicConfig, unknown>>>('/api/config'),
  staleTime: Infinity,
  retry: false,
  refetchOnWindowFocus: false,
});

export function usePublicConfig(): PublicConfig {
  const { data } = useQuery(publicConfigQuery);
  return mergePublicConfig(data);
}

/** Cards the free plan holds on this server (null: unlimited); 25 until the server has said. */
export function useFreePlanCardLimit(): number | null {
  const { data } = useQuery(publicConfigQuery);
  return mergePublicConfig(data).free_plan_card_limit;
}

/**
 * Whether Premium can be bought here: false once `GET /api/config` says billing is not configured.
 * While the answer is unknown (loading, or the call failed) checkout may be tried; the server then
 * says why it cannot start.
 */
export function useBillingEnabled(): boolean {
  const { data } = useQuery(publicConfigQuery);
  return data === undefined ? true : mergePublicConfig(data).billing_enabled;
}
