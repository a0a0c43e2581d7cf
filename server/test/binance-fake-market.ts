// Public market data of the fake exchange (server/test/binance-fake.ts): exchange information, candles and
// 24-hour tickers in Binance's USDⓈ-M shapes. Prices are made up but deterministic: the same symbol, interval
// and time always give the same candle, so tests can compare answers.

const MINUTE = 60_000;
export const INTERVAL_MS: Record<string, number> = {
  '1m': MINUTE,
  '3m': 3 * MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '2h': 120 * MINUTE,
  '4h': 240 * MINUTE,
  '6h': 360 * MINUTE,
  '8h': 480 * MINUTE,
  '12h': 720 * MINUTE,
  '1d': 1440 * MINUTE,
  '3d': 3 * 1440 * MINUTE,
  '1w': 7 * 1440 * MINUTE,
  '1M': 30 * 1440 * MINUTE,
};

/** A symbol's base price (BTCUSDT about 60000, others from their name). */
function basePrice(symbol: string): number {
  if (symbol.startsWith('BTC')) return 60_000;
  if (symbol.startsWith('ETH')) return 3000;
  return 1 + ([...symbol].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 100);
}

function priceAt(symbol: string, time: number): number {
  const base = basePrice(symbol);
  return base * (1 + 0.02 * Math.sin(time / 3_600_000) + 0.005 * Math.sin(time / 240_000));
}

const decimal = (value: number) => value.toFixed(2);

export function exchangeSymbol(symbol: string, baseAsset: string, quoteAsset = 'USDT') {
  return {
    symbol,
    pair: symbol,
    contractType: 'PERPETUAL',
    deliveryDate: 4133404800000,
    onboardDate: 1569398400000,
    status: 'TRADING',
    maintMarginPercent: '2.5000',
    requiredMarginPercent: '5.0000',
    baseAsset,
    quoteAsset,
    marginAsset: quoteAsset,
    pricePrecision: 2,
    quantityPrecision: 3,
    baseAssetPrecision: 8,
    quotePrecision: 8,
    underlyingType: 'COIN',
    underlyingSubType: ['PoW'],
    settlePlan: 0,
    triggerProtect: '0.0500',
    liquidationFee: '0.012500',
    marketTakeBound: '0.05',
    maxMoveOrderLimit: 10000,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: '0.10', maxPrice: '4529764', tickSize: '0.10' },
      { filterType: 'LOT_SIZE', minQty: '0.001', maxQty: '1000', stepSize: '0.001' },
      { filterType: 'MARKET_LOT_SIZE', minQty: '0.001', maxQty: '120', stepSize: '0.001' },
      { filterType: 'MAX_NUM_ORDERS', limit: 200 },
      { filterType: 'MAX_NUM_ALGO_ORDERS', limit: 10 },
      { filterType: 'MIN_NOTIONAL', notional: '100' },
      {
        filterType: 'PERCENT_PRICE',
        multiplierUp: '1.0500',
        multiplierDown: '0.9500',
        multiplierDecimal: '4',
      },
    ],
    orderTypes: [
      'LIMIT',
      'MARKET',
      'STOP',
      'STOP_MARKET',
      'TAKE_PROFIT',
      'TAKE_PROFIT_MARKET',
      'TRAILING_STOP_MARKET',
    ],
    timeInForce: ['GTC', 'IOC', 'FOK', 'GTX', 'GTD'],
  };
}

export function exchangeInfo(symbols: object[], weightLimit: number, now: number) {
  return {
    timezone: 'UTC',
    serverTime: now,
    futuresType: 'U_MARGINED',
    rateLimits: [
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: weightLimit },
      { rateLimitType: 'ORDERS', interval: 'MINUTE', intervalNum: 1, limit: 1200 },
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 300 },
    ],
    exchangeFilters: [],
    assets: [
      { asset: 'USDT', marginAvailable: true, autoAssetExchange: '-10000' },
      { asset: 'BTC', marginAvailable: true, autoAssetExchange: '-0.10' },
    ],
    symbols,
  };
}

/**
 * GET /fapi/v1/klines: the latest `limit` candles, or from `startTime` on. With a `last` price set by the test,
 * the candle still open closes at it (its high and low stretched to it).
 */
export function klines(
  symbol: string,
  interval: string,
  limit: number,
  now: number,
  startTime?: number,
  last?: number,
) {
  const step = INTERVAL_MS[interval]!;
  const first =
    startTime === undefined
      ? (Math.floor(now / step) - limit + 1) * step
      : Math.ceil(startTime / step) * step;
  const candles: unknown[][] = [];
  for (let open = first; open <= now && candles.length < limit; open += step) {
    const close = Math.min(open + step - 1, now);
    const prices = [open, open + step / 3, open + (2 * step) / 3, close].map((t) => priceAt(symbol, t));
    if (last !== undefined && open + step > now) prices[3] = last;
    const volume = 10 + ((open / step) % 7);
    candles.push([
      open,
      decimal(prices[0]!),
      decimal(Math.max(...prices)),
      decimal(Math.min(...prices)),
      decimal(prices[3]!),
      volume.toFixed(3),
      open + step - 1,
      (volume * prices[3]!).toFixed(5),
      100 + ((open / step) % 50),
      (volume / 2).toFixed(3),
      ((volume / 2) * prices[3]!).toFixed(5),
      '0',
    ]);
  }
  return candles;
}

/** GET /fapi/v1/ticker/24hr for one symbol (its last price the test's, when set). */
export function ticker(symbol: string, now: number, lastPrice?: number) {
  const open = priceAt(symbol, now - 86_400_000);
  const last = lastPrice ?? priceAt(symbol, now);
  return {
    symbol,
    priceChange: decimal(last - open),
    priceChangePercent: (((last - open) / open) * 100).toFixed(3),
    weightedAvgPrice: decimal((last + open) / 2),
    lastPrice: decimal(last),
    lastQty: '0.010',
    openPrice: decimal(open),
    highPrice: decimal(Math.max(last, open) * 1.01),
    lowPrice: decimal(Math.min(last, open) * 0.99),
    volume: '123456.789',
    quoteVolume: decimal(123456.789 * last),
    openTime: now - 86_400_000,
    closeTime: now,
    firstId: 1000,
    lastId: 2000,
    count: 1001,
  };
}
