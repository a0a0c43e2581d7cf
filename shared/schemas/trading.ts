import { z } from 'zod';
import { EXCHANGE_KEY_STATES } from '../trading-labels.ts';
import { STATISTICS_PERIODS } from '../trading-statistics.ts';

// Live trading and statistics from the traders' own exchange accounts (DESIGN §8): the key check shown to
// administrators, what members see of a trader's account (positions, orders, fills, closed positions),
// the live changes the hub pushes, and the statistics. Order type, status, side and position side are the
// spec §3 codes (shared/trading.ts), labelled by shared/trading-labels.ts. Balances are never sent.

/** A key's state: what reading it at the exchange found, or `broken` when its stored secret cannot be opened. */
export const keyCheckState = z.enum([...EXCHANGE_KEY_STATES, 'broken']);
export type KeyCheckState = z.infer<typeof keyCheckState>;

/** The key's last check (restrictions; null where they could not be read). */
export const keyCheck = z.object({
  state: keyCheckState,
  canRead: z.boolean().nullable(),
  canTrade: z.boolean().nullable(),
  canWithdraw: z.boolean().nullable(),
  ipRestricted: z.boolean().nullable(),
  checkedAt: z.string(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
});
export type KeyCheck = z.infer<typeof keyCheck>;

/** How following the key goes: not followed (inactive, unchecked or refused), following, or failing. */
export const SYNC_STATES = ['idle', 'syncing', 'refused', 'error'] as const;
export const keySync = z.object({
  state: z.enum(SYNC_STATES),
  reconciledAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
});
export type KeySync = z.infer<typeof keySync>;

/** POST /api/TraderKey/CheckApiKey: reads the key's restrictions now. */
export const checkApiKeyRequest = z.object({ apiKeyId: z.number().int() });

/** A trader whose account the caller may watch (subscribed and entitled; administrators: every key). */
export const liveTrader = z.object({
  id: z.number(),
  keyName: z.string(),
  /** Currency ratio: a follower's size is the trader's size × this. */
  coEfficient: z.number(),
  /** Leverage ratio: a follower's leverage is the trader's leverage × this. */
  leverageCoefficient: z.number(),
  sync: keySync,
});
export const liveTraderList = z.array(liveTrader);

export const keyIdQuery = z.object({ keyId: z.coerce.number().int() });

export const livePosition = z.object({
  symbol: z.string(),
  /** POSITION_MODE code: 0 short, 1 long, 2 single (one-way). */
  positionSide: z.number().int(),
  /** Signed in one-way mode (negative short); the side's size in hedge mode. */
  size: z.number(),
  entryPrice: z.number(),
  markPrice: z.number(),
  unrealizedPnl: z.number(),
  /** Unrealized PnL over the position's initial margin (a fraction). */
  roe: z.number().nullable(),
  leverage: z.number(),
  marginMode: z.enum(['cross', 'isolated']),
  liquidationPrice: z.number().nullable(),
  openedAt: z.string().nullable(),
});
export type LivePosition = z.infer<typeof livePosition>;

export const liveOrder = z.object({
  orderId: z.string(),
  symbol: z.string(),
  /** A conditional (algo) order. */
  algo: z.boolean(),
  type: z.number().int(),
  status: z.number().int(),
  side: z.number().int(),
  positionSide: z.number().int(),
  price: z.number().nullable(),
  triggerPrice: z.number().nullable(),
  quantity: z.number(),
  filled: z.number(),
  reduceOnly: z.boolean(),
  createdAt: z.string(),
});
export type LiveOrder = z.infer<typeof liveOrder>;

export const liveFill = z.object({
  tradeId: z.string(),
  orderId: z.string(),
  symbol: z.string(),
  side: z.number().int(),
  positionSide: z.number().int(),
  price: z.number(),
  quantity: z.number(),
  realizedPnl: z.number(),
  commission: z.number(),
  commissionAsset: z.string(),
  time: z.string(),
});
export type LiveFill = z.infer<typeof liveFill>;

export const closedPosition = z.object({
  symbol: z.string(),
  side: z.enum(['LONG', 'SHORT']),
  size: z.number(),
  entryPrice: z.number(),
  exitPrice: z.number(),
  realizedPnl: z.number(),
  /** Realized PnL net of commission. */
  netPnl: z.number(),
  openedAt: z.string(),
  closedAt: z.string(),
  holdingMs: z.number(),
});
export type ClosedPositionDto = z.infer<typeof closedPosition>;

/**
 * GET /api/Trading/Live: a trader's account now. `seq` numbers the key's live changes: a client applies
 * the hub's TraderLiveChanged with seq + 1 onwards, and fetches a new snapshot on a gap or a reconnect.
 */
export const liveSnapshot = z.object({
  keyId: z.number(),
  seq: z.number(),
  positions: z.array(livePosition),
  orders: z.array(liveOrder),
  /** The most recent fills, newest first. */
  fills: z.array(liveFill),
  /** The most recent closed positions, newest first. */
  closed: z.array(closedPosition),
  syncedAt: z.string().nullable(),
});
export type LiveSnapshot = z.infer<typeof liveSnapshot>;

/** Hub TraderLiveChanged: what changed at the exchange (not stored; a reconnect fetches a snapshot). */
export const traderLiveChangedPayload = z.object({
  keyId: z.number(),
  seq: z.number(),
  positions: z.array(livePosition),
  /** Positions that closed: symbol and position side. */
  removedPositions: z.array(z.object({ symbol: z.string(), positionSide: z.number().int() })),
  orders: z.array(liveOrder),
  removedOrders: z.array(z.string()),
  fills: z.array(liveFill),
  closed: z.array(closedPosition),
  /** For the notification and reminder sound: positions newly opened or closed by this change. */
  opened: z.array(z.object({ symbol: z.string(), positionSide: z.number().int() })),
});
export type TraderLiveChangedPayload = z.infer<typeof traderLiveChangedPayload>;

export const statisticsPeriod = z.enum(STATISTICS_PERIODS);
export const statisticsQuery = z.object({ keyId: z.coerce.number().int(), period: statisticsPeriod });
export const comparisonQuery = z.object({ period: statisticsPeriod });

const sideFigures = z.object({ trades: z.number(), wins: z.number(), pnl: z.number() });

/** A trader's figures for a period (definitions: shared/trading-statistics.ts). */
export const statisticsFigures = z.object({
  keyId: z.number(),
  keyName: z.string(),
  period: statisticsPeriod,
  roi: z.number().nullable(),
  pnl: z.object({
    realized: z.number(),
    funding: z.number(),
    commission: z.number(),
    netRealized: z.number(),
    unrealized: z.number(),
    total: z.number(),
  }),
  maxDrawdown: z.number().nullable(),
  winRate: z.number().nullable(),
  /** null: nothing to divide; `profitFactorInfinite`: wins and no loss. */
  profitFactor: z.number().nullable(),
  profitFactorInfinite: z.boolean(),
  trades: z.number(),
  averageHoldingMs: z.number().nullable(),
  long: sideFigures,
  short: sideFigures,
  tradingDays: z.number(),
  sharpe: z.number().nullable(),
});
export type StatisticsFiguresDto = z.infer<typeof statisticsFigures>;

/** GET /api/Trading/Statistics: the figures with the series for the charts. */
export const traderStatistics = statisticsFigures.extend({
  netValueCurve: z.array(z.object({ day: z.string(), netValue: z.number() })),
  dailyPnl: z.array(z.object({ day: z.string(), pnl: z.number() })),
});
export type TraderStatistics = z.infer<typeof traderStatistics>;

/** GET /api/Trading/Comparison: every trader the caller watches, for the sortable table. */
export const statisticsComparison = z.array(statisticsFigures);
