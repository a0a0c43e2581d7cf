import { z } from 'zod';

// The JSON Binance documents for the endpoints and events the reader uses: only the fields the portal reads,
// checked, so a changed or broken answer is `malformed` instead of NaN or undefined further on. Binance sends
// decimals as strings ("0.00100000") and times as epoch milliseconds.

const decimal = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(number)) {
    ctx.addIssue({ code: 'custom', message: `not a decimal: ${JSON.stringify(value)}` });
    return z.NEVER;
  }
  return number;
});
/** A decimal that may be absent, null or empty (conditional-order prices): 0 then. */
const optionalDecimal = z
  .union([z.string(), z.number(), z.null(), z.undefined()])
  .transform((value) => (value === null || value === undefined || value === '' ? 0 : Number(value)))
  .pipe(z.number().finite());
const time = z.number().int().nonnegative();
const id = z.number().int();

export const rawServerTime = z.object({ serverTime: time });

export const rawListenKey = z.object({ listenKey: z.string().min(1) });

/** `{}`: what closing a listen key answers (keepalive answers the key now, `{}` before 2025: either is fine). */
export const rawEmpty = z.object({});

export const rawRestrictions = z.object({
  ipRestrict: z.boolean(),
  createTime: time,
  enableReading: z.boolean(),
  enableWithdrawals: z.boolean(),
  enableInternalTransfer: z.boolean().optional(),
  permitsUniversalTransfer: z.boolean().optional(),
  enableFutures: z.boolean(),
  enableSpotAndMarginTrading: z.boolean().optional(),
  tradingAuthorityExpirationTime: time.optional(),
});

export const rawPositions = z.array(
  z.object({
    symbol: z.string(),
    positionSide: z.string(),
    positionAmt: decimal,
    entryPrice: decimal,
    breakEvenPrice: decimal,
    markPrice: decimal,
    unRealizedProfit: decimal,
    liquidationPrice: decimal,
    notional: decimal,
    marginAsset: z.string(),
    initialMargin: decimal,
    maintMargin: decimal,
    isolatedMargin: decimal,
    updateTime: time,
  }),
);

export const rawOrders = z.array(
  z.object({
    orderId: id,
    clientOrderId: z.string(),
    symbol: z.string(),
    side: z.string(),
    positionSide: z.string(),
    type: z.string(),
    status: z.string(),
    price: decimal,
    stopPrice: optionalDecimal,
    origQty: decimal,
    executedQty: decimal,
    avgPrice: decimal,
    reduceOnly: z.boolean(),
    closePosition: z.boolean(),
    time,
    updateTime: time,
  }),
);

export const rawAlgoOrders = z.array(
  z.object({
    algoId: id,
    clientAlgoId: z.string(),
    orderType: z.string(),
    symbol: z.string(),
    side: z.string(),
    positionSide: z.string(),
    quantity: optionalDecimal,
    algoStatus: z.string(),
    triggerPrice: optionalDecimal,
    price: optionalDecimal,
    reduceOnly: z.boolean(),
    closePosition: z.boolean(),
    createTime: time,
    updateTime: time,
  }),
);

export const rawTrades = z.array(
  z.object({
    id,
    orderId: id,
    symbol: z.string(),
    side: z.string(),
    positionSide: z.string(),
    price: decimal,
    qty: decimal,
    quoteQty: decimal,
    commission: decimal,
    commissionAsset: z.string(),
    realizedPnl: decimal,
    maker: z.boolean(),
    time,
  }),
);

export const rawIncome = z.array(
  z.object({
    symbol: z.string(),
    incomeType: z.string(),
    income: decimal,
    asset: z.string(),
    info: z.string(),
    time,
    tranId: z.union([z.number(), z.string()]),
    tradeId: z.union([z.string(), z.number()]),
  }),
);

export const rawAccount = z.object({
  totalWalletBalance: decimal,
  totalUnrealizedProfit: decimal,
  totalMarginBalance: decimal,
  availableBalance: decimal,
  maxWithdrawAmount: decimal,
  assets: z.array(
    z.object({
      asset: z.string(),
      walletBalance: decimal,
      unrealizedProfit: decimal,
      marginBalance: decimal,
      availableBalance: decimal,
      maxWithdrawAmount: decimal,
      updateTime: time,
    }),
  ),
});

export const rawKlines = z.array(
  z.tuple([time, decimal, decimal, decimal, decimal, decimal, time, decimal, z.number().int()], z.unknown()),
);

const rawTicker = z.object({
  symbol: z.string(),
  lastPrice: decimal,
  priceChange: decimal,
  priceChangePercent: decimal,
  openPrice: decimal,
  highPrice: decimal,
  lowPrice: decimal,
  volume: decimal,
  quoteVolume: decimal,
  openTime: time,
  closeTime: time,
});
export const rawTickers = z.union([z.array(rawTicker), rawTicker.transform((ticker) => [ticker])]);

export const rawExchangeInfo = z.object({
  rateLimits: z.array(
    z.object({ rateLimitType: z.string(), interval: z.string(), intervalNum: z.number(), limit: z.number() }),
  ),
  symbols: z.array(
    z.object({
      symbol: z.string(),
      status: z.string(),
      contractType: z.string(),
      baseAsset: z.string(),
      quoteAsset: z.string(),
      marginAsset: z.string(),
      pricePrecision: z.number().int(),
      quantityPrecision: z.number().int(),
      filters: z.array(z.looseObject({ filterType: z.string() })),
      // Binance's reference shows the list as `OrderType`; the live answer says `orderTypes`.
      orderTypes: z.array(z.string()).optional(),
      OrderType: z.array(z.string()).optional(),
    }),
  ),
});

// User-data stream events (one JSON object per WebSocket message).

export const rawOrderTradeUpdate = z.object({
  e: z.literal('ORDER_TRADE_UPDATE'),
  E: time,
  T: time,
  o: z.object({
    s: z.string(),
    c: z.string(),
    S: z.string(),
    o: z.string(),
    q: decimal,
    p: decimal,
    ap: decimal,
    sp: optionalDecimal,
    x: z.string(),
    X: z.string(),
    i: id,
    l: decimal,
    z: decimal,
    L: decimal,
    N: z.string().nullish(),
    n: optionalDecimal,
    T: time,
    t: id,
    m: z.boolean(),
    R: z.boolean(),
    ps: z.string(),
    cp: z.boolean().optional(),
    rp: optionalDecimal,
  }),
});

export const rawAlgoUpdate = z.object({
  e: z.literal('ALGO_UPDATE'),
  E: time,
  T: time,
  o: z.object({
    caid: z.string(),
    aid: id,
    o: z.string(),
    s: z.string(),
    S: z.string(),
    ps: z.string(),
    q: optionalDecimal,
    X: z.string(),
    tp: optionalDecimal,
    p: optionalDecimal,
    cp: z.boolean().optional(),
    R: z.boolean().optional(),
  }),
});

export const rawAccountUpdate = z.object({
  e: z.literal('ACCOUNT_UPDATE'),
  E: time,
  T: time,
  a: z.object({
    m: z.string(),
    B: z.array(z.object({ a: z.string(), wb: decimal, cw: decimal, bc: decimal })),
    P: z.array(
      z.object({
        s: z.string(),
        pa: decimal,
        ep: decimal,
        bep: optionalDecimal,
        cr: decimal,
        up: decimal,
        mt: z.string(),
        iw: decimal,
        ps: z.string(),
      }),
    ),
  }),
});

/** Any event: its type decides which schema reads it. */
export const rawEventType = z.object({ e: z.string() });
