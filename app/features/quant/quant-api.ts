import { useQuery } from '@tanstack/react-query';
import type { QuantListQuery, QuantStrategy } from '#shared/schemas/quant.ts';
import type { TraderStatistics } from '#shared/schemas/trading.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { useApiClient } from '../../lib/use-api.ts';

// Quantitative strategies (GET /api/Quant/...) and, for a strategy linked to a trader the member may watch,
// that trader's live statistics (GET /api/Trading/Statistics, the same key the statistics page caches under).

export type QuantFilter = Omit<QuantListQuery, 'sort'> & { sort: NonNullable<QuantListQuery['sort']> };

export const quantKeys = {
  list: (sub: string | undefined, filter: QuantFilter) =>
    [USER_QUERY_PREFIX, sub, 'quant', 'list', filter] as const,
  strategy: (sub: string | undefined, id: number) =>
    [USER_QUERY_PREFIX, sub, 'quant', 'strategy', id] as const,
  liveStatistics: (sub: string | undefined, keyId: number) =>
    [USER_QUERY_PREFIX, sub, 'trading', 'statistics', keyId, 'all'] as const,
};

function useSub() {
  return useAuth().user?.sub;
}

/** GET /api/Quant/List with the filters (unset ones left out of the address). */
export function useQuantList(filter: QuantFilter) {
  const api = useApiClient();
  return useQuery({
    queryKey: quantKeys.list(useSub(), filter),
    queryFn: ({ signal }) => api.get('/api/Quant/List', { signal, query: filter }),
    placeholderData: (previous) => previous,
  });
}

/** GET /api/Quant/Get?id=: one strategy with its daily series; 404 when the member may not see it. */
export function useQuantStrategy(id: number | null) {
  const api = useApiClient();
  return useQuery<QuantStrategy>({
    queryKey: quantKeys.strategy(useSub(), id ?? 0),
    // A 404 is shown as the page's not-found state, not as a toast.
    queryFn: ({ signal }) => api.get('/api/Quant/Get', { signal, quiet: true, query: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** GET /api/Trading/Statistics?keyId=&period=all: the linked trader's live figures. */
export function useLiveFigures(keyId: number | null) {
  const api = useApiClient();
  return useQuery<TraderStatistics>({
    queryKey: quantKeys.liveStatistics(useSub(), keyId ?? 0),
    queryFn: ({ signal }) =>
      api.get('/api/Trading/Statistics', {
        signal,
        quiet: true,
        query: { keyId: keyId ?? 0, period: 'all' },
      }),
    enabled: keyId !== null,
    staleTime: 60_000,
  });
}
