import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketSymbolRequest } from '#shared/schemas/market.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { useApiClient } from '../../lib/use-api.ts';

// The market desk's allow-list in the admin console (/api/Market/...), under the signed-in person's prefix.

export const marketAdminKeys = {
  all: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-market'] as const,
  symbols: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-market', 'symbols'] as const,
  exchange: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-market', 'exchange'] as const,
};

function useSub() {
  return useAuth().user?.sub;
}

/** GET /api/Market/Symbols: the allow-list. */
export function useListedSymbols() {
  const api = useApiClient();
  return useQuery({
    queryKey: marketAdminKeys.symbols(useSub()),
    queryFn: ({ signal }) => api.get('/api/Market/Symbols', { signal }),
  });
}

/** GET /api/Market/ExchangeSymbols: what the exchange trades, marked when listed. */
export function useExchangeSymbols() {
  const api = useApiClient();
  return useQuery({
    queryKey: marketAdminKeys.exchange(useSub()),
    queryFn: ({ signal }) => api.get('/api/Market/ExchangeSymbols', { signal }),
    staleTime: 5 * 60_000,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  const sub = useSub();
  return () => queryClient.invalidateQueries({ queryKey: marketAdminKeys.all(sub) });
}

/** POST /api/Market/AddSymbol {symbol}. */
export function useAddSymbol() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    // Refusals (not traded, already listed) are shown by the API client's notice.
    mutationFn: (body: MarketSymbolRequest) => api.post('/api/Market/AddSymbol', body),
    onSuccess: refresh,
  });
}

/** POST /api/Market/DeleteSymbol {symbol}. */
export function useDeleteSymbol() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: MarketSymbolRequest) => api.post('/api/Market/DeleteSymbol', body),
    onSettled: refresh,
  });
}
