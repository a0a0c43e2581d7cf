import { z } from 'zod';

// The market desk's data (DESIGN §8): the symbols admins allow, candles and 24-hour tickers served from the
// exchange's public endpoints through the server, cached and coalesced. Chart series carry epoch
// milliseconds, as the exchange's do; everything else presents ISO times.

/** Candle intervals offered on the charts (Binance's names). */
export const MARKET_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type MarketInterval = (typeof MARKET_INTERVALS)[number];
/** The most candles one answer holds. */
export const MAX_CANDLES = 499;

export const symbolField = z
  .string({ message: 'symbolRequired' })
  .trim()
  .toUpperCase()
  .min(1, { message: 'symbolRequired', abort: true })
  .regex(/^[A-Z0-9]{2,30}$/, 'symbolInvalid');

/** A symbol of the allow-list. */
export const marketSymbol = z.object({
  symbol: z.string(),
  baseAsset: z.string(),
  quoteAsset: z.string(),
  /** Decimals of a price (for display). */
  pricePrecision: z.number().int(),
  quantityPrecision: z.number().int(),
  tickSize: z.number().nullable(),
  addedAt: z.string(),
});
export type MarketSymbol = z.infer<typeof marketSymbol>;
export const marketSymbolList = z.array(marketSymbol);

export const candlesQuery = z.object({
  symbol: symbolField,
  interval: z.enum(MARKET_INTERVALS, { message: 'intervalInvalid' }).default('1h'),
  limit: z.coerce
    .number({ message: 'limitInvalid' })
    .int('limitInvalid')
    .min(1, 'limitInvalid')
    .max(MAX_CANDLES, 'limitInvalid')
    .default(300),
});

export const candle = z.object({
  /** Open time, epoch milliseconds. */
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type Candle = z.infer<typeof candle>;

/** How fresh an answer is: `stale` when the exchange did not answer and the last data is shown. */
const freshness = {
  stale: z.boolean(),
  /** When the data was read from the exchange. */
  updatedAt: z.string(),
};

export const candleSeries = z.object({
  symbol: z.string(),
  interval: z.enum(MARKET_INTERVALS),
  /** Oldest first; the last one is still open. */
  candles: z.array(candle),
  ...freshness,
});
export type CandleSeries = z.infer<typeof candleSeries>;

export const tickerQuery = z.object({ symbol: symbolField });

export const marketTicker = z.object({
  symbol: z.string(),
  lastPrice: z.number(),
  priceChange: z.number(),
  priceChangePercent: z.number(),
  highPrice: z.number(),
  lowPrice: z.number(),
  /** 24-hour turnover in the quote asset. */
  quoteVolume: z.number(),
  ...freshness,
});
export type MarketTicker = z.infer<typeof marketTicker>;

/** GET /api/Market/ExchangeSymbols (admins): what the exchange lists, to pick from. */
export const exchangeSymbol = z.object({
  symbol: z.string(),
  baseAsset: z.string(),
  quoteAsset: z.string(),
  contractType: z.string(),
  /** Already on the allow-list. */
  listed: z.boolean(),
});
export const exchangeSymbolList = z.object({ symbols: z.array(exchangeSymbol), ...freshness });

export const marketSymbolRequest = z.object({ symbol: symbolField });
export type MarketSymbolRequest = z.input<typeof marketSymbolRequest>;
