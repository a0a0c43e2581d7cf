import { useQuery } from '@tanstack/react-query';
import type { LiveSnapshot, TraderStatistics } from '#shared/schemas/trading.ts';
import type { StatisticsPeriod } from '#shared/trading-statistics.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { useApiClient } from '../../lib/use-api.ts';

// Live trading and statistics (GET /api/Trading/...). The server decides whose accounts the caller may watch:
// a member's subscribed and entitled traders, every key for an administrator.

export const tradingKeys = {
  traders: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'trading', 'traders'] as const,
  statistics: (sub: string | undefined, keyId: number, period: StatisticsPeriod) =>
    [USER_QUERY_PREFIX, sub, 'trading', 'statistics', keyId, period] as const,
  comparison: (sub: string | undefined, period: StatisticsPeriod) =>
    [USER_QUERY_PREFIX, sub, 'trading', 'comparison', period] as const,
};

/** Statistics change slowly (hourly equity, closed positions): a minute before asking again. */
const STATISTICS_STALE_MS = 60_000;
/** A live snapshot nobody shows is dropped after this; the hub keeps a shown one current. */
const LIVE_GC_MS = 5 * 60_000;

function useSub() {
  return useAuth().user?.sub;
}

/** GET /api/Trading/Traders: the traders the caller may watch, with their ratios and sync state. */
export function useLiveTraders() {
  const api = useApiClient();
  return useQuery({
    queryKey: tradingKeys.traders(useSub()),
    queryFn: ({ signal }) => api.get('/api/Trading/Traders', { signal }),
  });
}

export type LiveTrader = NonNullable<ReturnType<typeof useLiveTraders>['data']>[number];

/**
 * GET /api/Trading/Live?keyId=: the trader's account now. The query sits under the hub's keys: the hub
 * applies TraderLiveChanged to it in seq order and refetches it on a gap or a reconnect.
 */
export function useLiveSnapshot(keyId: number) {
  const api = useApiClient();
  return useQuery<LiveSnapshot>({
    queryKey: hubKeys.traderLive(useSub(), keyId),
    queryFn: ({ signal }) => api.get('/api/Trading/Live', { signal, query: { keyId } }),
    gcTime: LIVE_GC_MS,
  });
}

/** GET /api/Trading/Statistics: a trader's figures and series for a period. */
export function useTraderStatistics(keyId: number, period: StatisticsPeriod) {
  const api = useApiClient();
  return useQuery<TraderStatistics>({
    queryKey: tradingKeys.statistics(useSub(), keyId, period),
    queryFn: ({ signal }) => api.get('/api/Trading/Statistics', { signal, query: { keyId, period } }),
    staleTime: STATISTICS_STALE_MS,
  });
}

/** GET /api/Trading/Comparison: every watched trader's figures for a period. */
export function useComparison(period: StatisticsPeriod) {
  const api = useApiClient();
  return useQuery({
    queryKey: tradingKeys.comparison(useSub(), period),
    queryFn: ({ signal }) => api.get('/api/Trading/Comparison', { signal, query: { period } }),
    staleTime: STATISTICS_STALE_MS,
  });
}
