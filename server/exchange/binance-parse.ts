import type { z } from 'zod';
import type { OrderTypeCode } from '#shared/trading-labels.ts';
import { binanceCode, type UnknownCodeReporter } from './binance-codes.ts';
import type {
  rawAccount,
  rawAccountUpdate,
  rawAlgoOrders,
  rawAlgoUpdate,
  rawExchangeInfo,
  rawIncome,
  rawKlines,
  rawOrders,
  rawOrderTradeUpdate,
  rawPositions,
  rawRestrictions,
  rawTickers,
  rawTrades,
} from './binance-schemas.ts';
import type {
  AccountEvent,
  Balance,
  Candle,
  ExchangeInfo,
  Fill,
  IncomeEntry,
  KeyRestrictions,
  Order,
  OrderEvent,
  Position,
  SymbolInfo,
  Ticker,
} from './exchange-reader.ts';

// Binance's checked JSON (binance-schemas.ts) -> the portal's types (exchange-reader.ts).

type Item<T extends z.ZodType> = z.output<T> extends (infer U)[] ? U : never;

export function toRestrictions(raw: z.output<typeof rawRestrictions>): KeyRestrictions {
  return {
    canRead: raw.enableReading,
    canTradeFutures: raw.enableFutures,
    canTradeSpot: raw.enableSpotAndMarginTrading ?? false,
    canWithdraw: raw.enableWithdrawals,
    canTransfer: (raw.enableInternalTransfer ?? false) || (raw.permitsUniversalTransfer ?? false),
    ipRestricted: raw.ipRestrict,
    createdAt: raw.createTime,
    tradingExpiresAt: raw.tradingAuthorityExpirationTime || null,
  };
}

export function toPosition(raw: Item<typeof rawPositions>, report: UnknownCodeReporter): Position {
  return {
    symbol: raw.symbol,
    mode: binanceCode('positionSide', raw.positionSide, report),
    amount: raw.positionAmt,
    entryPrice: raw.entryPrice,
    breakEvenPrice: raw.breakEvenPrice,
    markPrice: raw.markPrice,
    unrealizedPnl: raw.unRealizedProfit,
    liquidationPrice: raw.liquidationPrice,
    notional: raw.notional,
    marginAsset: raw.marginAsset,
    initialMargin: raw.initialMargin,
    maintenanceMargin: raw.maintMargin,
    isolatedMargin: raw.isolatedMargin,
    updatedAt: raw.updateTime,
  };
}

export function toOrder(raw: Item<typeof rawOrders>, report: UnknownCodeReporter): Order {
  return {
    orderId: raw.orderId,
    algoId: null,
    clientOrderId: raw.clientOrderId,
    symbol: raw.symbol,
    side: binanceCode('side', raw.side, report),
    mode: binanceCode('positionSide', raw.positionSide, report),
    type: binanceCode('orderType', raw.type, report),
    status: binanceCode('orderStatus', raw.status, report),
    exchangeType: raw.type,
    exchangeStatus: raw.status,
    price: raw.price,
    stopPrice: raw.stopPrice,
    quantity: raw.origQty,
    filledQuantity: raw.executedQty,
    averagePrice: raw.avgPrice,
    reduceOnly: raw.reduceOnly,
    closePosition: raw.closePosition,
    createdAt: raw.time,
    updatedAt: raw.updateTime,
  };
}

/** A conditional order still waiting in Binance's algo service. */
export function toAlgoOrder(raw: Item<typeof rawAlgoOrders>, report: UnknownCodeReporter): Order {
  return {
    orderId: null,
    algoId: raw.algoId,
    clientOrderId: raw.clientAlgoId,
    symbol: raw.symbol,
    side: binanceCode('side', raw.side, report),
    mode: binanceCode('positionSide', raw.positionSide, report),
    type: binanceCode('orderType', raw.orderType, report),
    status: binanceCode('algoStatus', raw.algoStatus, report),
    exchangeType: raw.orderType,
    exchangeStatus: raw.algoStatus,
    price: raw.price,
    stopPrice: raw.triggerPrice,
    quantity: raw.quantity,
    filledQuantity: 0,
    averagePrice: 0,
    reduceOnly: raw.reduceOnly,
    closePosition: raw.closePosition,
    createdAt: raw.createTime,
    updatedAt: raw.updateTime,
  };
}

export function toFill(raw: Item<typeof rawTrades>, report: UnknownCodeReporter): Fill {
  return {
    id: raw.id,
    orderId: raw.orderId,
    symbol: raw.symbol,
    side: binanceCode('side', raw.side, report),
    mode: binanceCode('positionSide', raw.positionSide, report),
    price: raw.price,
    quantity: raw.qty,
    quoteQuantity: raw.quoteQty,
    commission: raw.commission,
    commissionAsset: raw.commissionAsset,
    realizedPnl: raw.realizedPnl,
    maker: raw.maker,
    time: raw.time,
  };
}

export function toIncome(raw: Item<typeof rawIncome>, report: UnknownCodeReporter): IncomeEntry {
  return {
    id: `${raw.incomeType}:${raw.tranId}`,
    kind: binanceCode('incomeType', raw.incomeType, report),
    exchangeType: raw.incomeType,
    symbol: raw.symbol || null,
    amount: raw.income,
    asset: raw.asset,
    time: raw.time,
    tradeId: raw.tradeId === '' ? null : String(raw.tradeId),
    info: raw.info,
  };
}

export function toBalance(raw: z.output<typeof rawAccount>): Balance {
  return {
    walletBalance: raw.totalWalletBalance,
    unrealizedPnl: raw.totalUnrealizedProfit,
    marginBalance: raw.totalMarginBalance,
    availableBalance: raw.availableBalance,
    maxWithdrawAmount: raw.maxWithdrawAmount,
    assets: raw.assets.map((asset) => ({
      asset: asset.asset,
      walletBalance: asset.walletBalance,
      unrealizedPnl: asset.unrealizedProfit,
      marginBalance: asset.marginBalance,
      availableBalance: asset.availableBalance,
      maxWithdrawAmount: asset.maxWithdrawAmount,
      updatedAt: asset.updateTime,
    })),
  };
}

export function toCandle(raw: Item<typeof rawKlines>): Candle {
  const [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades] = raw;
  return { openTime, open, high, low, close, volume, closeTime, quoteVolume, trades };
}

export function toTicker(raw: Item<typeof rawTickers>): Ticker {
  return { ...raw };
}

function filterNumber(filters: Record<string, unknown>[], type: string, field: string): number | null {
  const value = Number(filters.find((filter) => filter.filterType === type)?.[field]);
  return Number.isFinite(value) ? value : null;
}

export function toExchangeInfo(
  raw: z.output<typeof rawExchangeInfo>,
  report: UnknownCodeReporter,
): ExchangeInfo {
  const weight = raw.rateLimits.find(
    (limit) => limit.rateLimitType === 'REQUEST_WEIGHT' && limit.interval === 'MINUTE',
  );
  return {
    weightLimitPerMinute: weight ? weight.limit / weight.intervalNum : null,
    symbols: raw.symbols.map(
      (symbol): SymbolInfo => ({
        symbol: symbol.symbol,
        status: symbol.status,
        contractType: symbol.contractType,
        baseAsset: symbol.baseAsset,
        quoteAsset: symbol.quoteAsset,
        marginAsset: symbol.marginAsset,
        pricePrecision: symbol.pricePrecision,
        quantityPrecision: symbol.quantityPrecision,
        tickSize: filterNumber(symbol.filters, 'PRICE_FILTER', 'tickSize'),
        stepSize: filterNumber(symbol.filters, 'LOT_SIZE', 'stepSize'),
        minQuantity: filterNumber(symbol.filters, 'LOT_SIZE', 'minQty'),
        minNotional: filterNumber(symbol.filters, 'MIN_NOTIONAL', 'notional'),
        orderTypes: (symbol.orderTypes ?? symbol.OrderType ?? [])
          .map((type) => binanceCode('orderType', type, report))
          .filter((code): code is OrderTypeCode => code !== null),
      }),
    ),
  };
}

export function toOrderEvent(
  raw: z.output<typeof rawOrderTradeUpdate>,
  report: UnknownCodeReporter,
): OrderEvent {
  const o = raw.o;
  const side = binanceCode('side', o.S, report);
  const mode = binanceCode('positionSide', o.ps, report);
  const execution = binanceCode('executionType', o.x, report);
  return {
    eventTime: raw.E,
    transactionTime: raw.T,
    execution,
    order: {
      orderId: o.i,
      algoId: null,
      clientOrderId: o.c,
      symbol: o.s,
      side,
      mode,
      type: binanceCode('orderType', o.o, report),
      status: binanceCode('orderStatus', o.X, report),
      exchangeType: o.o,
      exchangeStatus: o.X,
      price: o.p,
      stopPrice: o.sp,
      quantity: o.q,
      filledQuantity: o.z,
      averagePrice: o.ap,
      reduceOnly: o.R,
      closePosition: o.cp ?? false,
      createdAt: o.T,
      updatedAt: o.T,
    },
    fill:
      execution === 'trade' || (execution === 'liquidation' && o.t > 0)
        ? {
            id: o.t,
            orderId: o.i,
            symbol: o.s,
            side,
            mode,
            price: o.L,
            quantity: o.l,
            quoteQuantity: o.L * o.l,
            commission: o.n,
            commissionAsset: o.N ?? '',
            realizedPnl: o.rp,
            maker: o.m,
            time: o.T,
          }
        : null,
  };
}

export function toAlgoEvent(raw: z.output<typeof rawAlgoUpdate>, report: UnknownCodeReporter): OrderEvent {
  const o = raw.o;
  return {
    eventTime: raw.E,
    transactionTime: raw.T,
    execution: 'conditional',
    order: {
      orderId: null,
      algoId: o.aid,
      clientOrderId: o.caid,
      symbol: o.s,
      side: binanceCode('side', o.S, report),
      mode: binanceCode('positionSide', o.ps, report),
      type: binanceCode('orderType', o.o, report),
      status: binanceCode('algoStatus', o.X, report),
      exchangeType: o.o,
      exchangeStatus: o.X,
      price: o.p,
      stopPrice: o.tp,
      quantity: o.q,
      filledQuantity: 0,
      averagePrice: 0,
      reduceOnly: o.R ?? false,
      closePosition: o.cp ?? false,
      createdAt: raw.T,
      updatedAt: raw.T,
    },
    fill: null,
  };
}

export function toAccountEvent(
  raw: z.output<typeof rawAccountUpdate>,
  report: UnknownCodeReporter,
): AccountEvent {
  return {
    eventTime: raw.E,
    transactionTime: raw.T,
    reason: raw.a.m,
    balances: raw.a.B.map((b) => ({
      asset: b.a,
      walletBalance: b.wb,
      crossWalletBalance: b.cw,
      balanceChange: b.bc,
    })),
    positions: raw.a.P.map((p) => ({
      symbol: p.s,
      mode: binanceCode('positionSide', p.ps, report),
      amount: p.pa,
      entryPrice: p.ep,
      breakEvenPrice: p.bep,
      unrealizedPnl: p.up,
      accumulatedRealized: p.cr,
      isolated: p.mt.toLowerCase() === 'isolated',
      isolatedWallet: p.iw,
    })),
  };
}
