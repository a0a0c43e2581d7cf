import type { z } from 'zod';
import type {
  CandleSeries,
  exchangeSymbolList,
  MarketInterval,
  MarketSymbol,
  MarketTicker,
} from '#shared/schemas/market.ts';
import type { Candle, ExchangeInfo, Ticker } from '../exchange/exchange-reader.ts';
import type { Cached } from '../market/coalescing-cache.ts';
import type { MarketSymbolRow } from '../market/market-data.ts';
import { isoTime } from './common.ts';

// The market desk's data as members and admins read it.

const freshness = (cached: Cached<unknown>) => ({ stale: cached.stale, updatedAt: isoTime(cached.readAt) });

export function presentMarketSymbol(row: MarketSymbolRow): MarketSymbol {
  return {
    symbol: row.symbol,
    baseAsset: row.base_asset,
    quoteAsset: row.quote_asset,
    pricePrecision: row.price_precision,
    quantityPrecision: row.quantity_precision,
    tickSize: row.tick_size,
    addedAt: isoTime(row.added_at),
  };
}

export function presentCandles(
  symbol: string,
  interval: MarketInterval,
  cached: Cached<Candle[]>,
): CandleSeries {
  return {
    symbol,
    interval,
    candles: cached.value.map((c) => ({
      time: c.openTime,
      open: c.open,
      high: c.high,
      low: c.low,
      close: c.close,
      volume: c.volume,
    })),
    ...freshness(cached),
  };
}

export function presentTicker(cached: Cached<Ticker>): MarketTicker {
  const t = cached.value;
  return {
    symbol: t.symbol,
    lastPrice: t.lastPrice,
    priceChange: t.priceChange,
    priceChangePercent: t.priceChangePercent,
    highPrice: t.highPrice,
    lowPrice: t.lowPrice,
    quoteVolume: t.quoteVolume,
    ...freshness(cached),
  };
}

/** Trading perpetual and delivery contracts the exchange lists, by symbol. */
export function presentExchangeSymbols(
  cached: Cached<ExchangeInfo> & { listed: Set<string> },
): z.infer<typeof exchangeSymbolList> {
  return {
    symbols: cached.value.symbols
      .filter((s) => s.status === 'TRADING')
      .map((s) => ({
        symbol: s.symbol,
        baseAsset: s.baseAsset,
        quoteAsset: s.quoteAsset,
        contractType: s.contractType,
        listed: cached.listed.has(s.symbol),
      }))
      .sort((a, b) => a.symbol.localeCompare(b.symbol)),
    ...freshness(cached),
  };
}
