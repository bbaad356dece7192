import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { mergePublicConfig, type PublicConfig } from './public-config';

export const publicConfigKeys = { all: ['public-config'] as const };

export function usePublicConfig(): PublicConfig {
  const { data } = useQuery({
    queryKey: publicConfigKeys.all,
    queryFn: () => api<Partial<Record<keyof PublicConfig, unknown>>>('/api/config'),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return mergePublicConfig(data);
}
