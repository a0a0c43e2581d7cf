import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { OnchainChain, OnchainDirection } from '#shared/onchain.ts';
import type { OnchainAlertPage } from '#shared/schemas/onchain.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { useApiClient } from '../../lib/use-api.ts';

// On-chain monitoring for members (GET /api/Onchain/*). Every query sits under the hub's on-chain key: an
// alert published, changed or deleted (OnchainAlert, OnchainAlertRemoved) reads them all again.

export interface AlertFilters {
  chain?: OnchainChain;
  asset?: string;
  direction?: OnchainDirection;
  minUsd?: number;
}

/** The 24 h window slides: the totals are read again now and then even when no alert arrives. */
const TOTALS_REFRESH_MS = 5 * 60_000;

export const onchainKeys = {
  alerts: (sub: string | undefined, filters: AlertFilters) =>
    [...hubKeys.onchain(sub), 'alerts', filters] as const,
  totals: (sub: string | undefined) => [...hubKeys.onchain(sub), 'totals'] as const,
  filters: (sub: string | undefined) => [...hubKeys.onchain(sub), 'filters'] as const,
};

const useSub = () => useAuth().user?.sub;

/** Published alerts, newest first, with these filters, page by page. */
export function useOnchainAlerts(filters: AlertFilters) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: onchainKeys.alerts(useSub(), filters),
    initialPageParam: null as string | null,
    getNextPageParam: (last: OnchainAlertPage) => last.nextCursor,
    queryFn: ({ signal, pageParam }) =>
      api.get('/api/Onchain/Alerts', {
        signal,
        query: pageParam ? { ...filters, cursor: pageParam } : filters,
      }),
    // While other filters load, the list stays (dimmed) rather than flashing the skeleton.
    placeholderData: keepPreviousData,
  });
}

/** Per asset, the last 24 h of exchange inflow and outflow. Quiet: the summary says it failed itself. */
export function useOnchainTotals() {
  const api = useApiClient();
  return useQuery({
    queryKey: onchainKeys.totals(useSub()),
    queryFn: ({ signal }) => api.get('/api/Onchain/Totals', { signal, quiet: true }),
    refetchInterval: TOTALS_REFRESH_MS,
  });
}

/** The chains and assets published alerts have, for the filters. */
export function useOnchainFilters() {
  const api = useApiClient();
  return useQuery({
    queryKey: onchainKeys.filters(useSub()),
    queryFn: ({ signal }) => api.get('/api/Onchain/Filters', { signal, quiet: true }),
  });
}
