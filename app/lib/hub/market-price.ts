import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MarketPricePayload } from '#shared/realtime.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { hubKeys } from './hub-keys.ts';
import { watchMarketPrice } from './hub-runtime.ts';

/**
 * A symbol's live price from the hub (MarketPrice, at most once a second) while the calling component is
 * mounted; undefined until the first one arrives.
 */
export function useLiveMarketPrice(symbol: string | undefined): MarketPricePayload | undefined {
  const sub = useAuth().user?.sub;
  useEffect(() => (symbol ? watchMarketPrice(symbol) : undefined), [symbol]);
  const { data } = useQuery<MarketPricePayload>({
    queryKey: hubKeys.marketPrice(sub, symbol ?? ''),
    queryFn: skipToken,
  });
  return data;
}
