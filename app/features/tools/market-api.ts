import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../lib/use-api.ts';

// The market desk's symbols and tickers, used only to prefill entry prices. The calculators work without
// them: a failed call (the market desk not offered, the exchange unreachable) shows nothing and is not
// retried, and every price can always be typed by hand.

export const marketKeys = {
  symbols: ['market', 'symbols'] as const,
  ticker: (symbol: string) => ['market', 'ticker', symbol] as const,
};

/** GET /api/Market/Symbols: the allow-listed symbols; empty when the call fails. */
export function useMarketSymbols() {
  const api = useApiClient();
  return useQuery({
    queryKey: marketKeys.symbols,
    queryFn: ({ signal }) => api.get('/api/Market/Symbols', { quiet: true, signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/Market/Ticker for the chosen symbol, refreshed every 15 seconds while one is chosen. */
export function useMarketTicker(symbol: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: marketKeys.ticker(symbol ?? ''),
    queryFn: ({ signal }) =>
      api.get('/api/Market/Ticker', { query: { symbol: symbol ?? '' }, quiet: true, signal }),
    enabled: symbol !== null,
    retry: false,
    staleTime: 10_000,
    refetchInterval: 15_000,
  });
}
