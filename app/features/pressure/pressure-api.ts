import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LEVEL_BIASES } from '#shared/schemas/levels.ts';
import type { MarketInterval } from '#shared/schemas/market.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { useApiClient } from '../../lib/use-api.ts';

// Level sets (/api/Levels/...) and the candles of their charts. The list sits under the hub's level-set key:
// LevelSetChanged and LevelCrossed read it again; it is also read again now and then, as the states and
// distances follow the market.

export type LevelFilter = {
  symbol?: string | undefined;
  timeframe?: MarketInterval | undefined;
  bias?: (typeof LEVEL_BIASES)[number] | undefined;
  history: boolean;
};

/** How often the list is read again while open (states and distances move with the price). */
const LIST_REFRESH_MS = 30_000;
/** How often a chart's candles are read again (the server caches them per refresh). */
const CANDLES_REFRESH_MS = 10_000;
export const CHART_CANDLES = 200;

function useSub() {
  return useAuth().user?.sub;
}

/** GET /api/Levels/List with the filters. */
export function useLevelSets(filter: LevelFilter) {
  const api = useApiClient();
  const { history, ...rest } = filter;
  const query = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return useQuery({
    queryKey: [...hubKeys.levelSets(useSub()), filter],
    queryFn: ({ signal }) =>
      api.get('/api/Levels/List', { signal, query: { ...query, history: history ? 'true' : 'false' } }),
    refetchInterval: LIST_REFRESH_MS,
    staleTime: 0,
  });
}

/** GET /api/Market/Symbols, for the symbol filter. */
export function useListedSymbols() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['market', 'symbols'],
    queryFn: ({ signal }) => api.get('/api/Market/Symbols', { signal, quiet: true }),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/Market/Candles for a chart. */
export function useChartCandles(symbol: string, interval: MarketInterval) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['market', 'candles', symbol, interval],
    queryFn: ({ signal }) =>
      api.get('/api/Market/Candles', {
        signal,
        quiet: true,
        query: { symbol, interval, limit: CHART_CANDLES },
      }),
    refetchInterval: CANDLES_REFRESH_MS,
    retry: false,
  });
}

/** POST /api/Levels/Watch {id, watch}. */
export function useWatchLevelSet() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const sub = useSub();
  return useMutation({
    mutationFn: (body: { id: number; watch: boolean }) => api.post('/api/Levels/Watch', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hubKeys.levelSets(sub) }),
  });
}
