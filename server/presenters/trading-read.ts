import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  type ClosedPositionDto,
  type LiveFill,
  type LiveOrder,
  type LivePosition,
  type LiveSnapshot,
  type liveTrader,
  type StatisticsFiguresDto,
  SYNC_STATES,
  type TraderStatistics,
} from '#shared/schemas/trading.ts';
import type { TraderFillsTable, TraderOrdersTable, TraderPositionsTable } from '../db/schema.ts';
import type { LiveSnapshotRows, TraderRow } from '../services/trading-read.ts';
import type { ClosedPosition, StatisticsFigures } from '../trading/statistics.ts';
import { isoTime, isoTimeOrNull } from './common.ts';

// Live trading and statistics as members (and administrators) read them: the traders they watch, a
// trader's account now, and the figures. Balances are never part of them.

type SyncState = (typeof SYNC_STATES)[number];
const isSyncState = (state: string): state is SyncState => (SYNC_STATES as readonly string[]).includes(state);

/** A watched trader with how following its account goes (no sync row, or a state unknown here: idle). */
export function presentLiveTrader(row: TraderRow): z.infer<typeof liveTrader> {
  const state = row.sync_state ?? 'idle';
  return {
    id: row.id,
    keyName: row.key_name,
    coEfficient: row.co_efficient,
    leverageCoefficient: row.leverage_coefficient,
    sync: {
      state: isSyncState(state) ? state : 'idle',
      reconciledAt: isoTimeOrNull(row.reconciled_at),
      lastError: row.last_error,
      lastErrorAt: isoTimeOrNull(row.last_error_at),
    },
  };
}

/**
 * Unrealized PnL over the position's initial margin, |size| × entry price / leverage (a fraction); null
 * when there is no margin to divide by.
 */
export function returnOnEquity(position: {
  size: number;
  entry_price: number;
  leverage: number;
  unrealized_pnl: number;
}): number | null {
  const margin = (Math.abs(position.size) * position.entry_price) / position.leverage;
  return Number.isFinite(margin) && margin > 0 ? position.unrealized_pnl / margin : null;
}

export function presentLivePosition(row: Selectable<TraderPositionsTable>): LivePosition {
  return {
    symbol: row.symbol,
    positionSide: row.position_side,
    size: row.size,
    entryPrice: row.entry_price,
    markPrice: row.mark_price,
    unrealizedPnl: row.unrealized_pnl,
    roe: returnOnEquity(row),
    leverage: row.leverage,
    marginMode: row.margin_mode.toLowerCase() === 'isolated' ? 'isolated' : 'cross',
    // The exchange reports 0 for a position that cannot be liquidated.
    liquidationPrice: row.liquidation_price ? row.liquidation_price : null,
    openedAt: isoTimeOrNull(row.opened_at),
  };
}

export function presentLiveOrder(row: Selectable<TraderOrdersTable>): LiveOrder {
  return {
    orderId: row.order_id,
    symbol: row.symbol,
    algo: row.algo === 1,
    type: row.type,
    status: row.status,
    side: row.side,
    positionSide: row.position_side,
    price: row.price,
    triggerPrice: row.trigger_price,
    quantity: row.quantity,
    filled: row.filled,
    reduceOnly: row.reduce_only === 1,
    createdAt: isoTime(row.created_at),
  };
}

export function presentLiveFill(row: Selectable<TraderFillsTable>): LiveFill {
  return {
    tradeId: row.trade_id,
    orderId: row.order_id,
    symbol: row.symbol,
    side: row.side,
    positionSide: row.position_side,
    price: row.price,
    quantity: row.quantity,
    realizedPnl: row.realized_pnl,
    commission: row.commission,
    commissionAsset: row.commission_asset,
    time: isoTime(row.time),
  };
}

export function presentClosedPosition(position: ClosedPosition): ClosedPositionDto {
  return {
    symbol: position.symbol,
    side: position.side,
    size: position.size,
    entryPrice: position.entryPrice,
    exitPrice: position.exitPrice,
    realizedPnl: position.realizedPnl,
    netPnl: position.netPnl,
    openedAt: isoTime(position.openTime),
    closedAt: isoTime(position.closeTime),
    holdingMs: position.holdingMs,
  };
}

export function presentLiveSnapshot(rows: LiveSnapshotRows): LiveSnapshot {
  return {
    keyId: rows.keyId,
    seq: rows.seq,
    positions: rows.positions.map(presentLivePosition),
    orders: rows.orders.map(presentLiveOrder),
    fills: rows.fills.map(presentLiveFill),
    closed: rows.closed.map(presentClosedPosition),
    syncedAt: isoTimeOrNull(rows.syncedAt),
  };
}

/** A UTC day (its start, epoch ms) as an ISO date, 2025-01-31. */
export const isoDay = (day: number): string => isoTime(day).slice(0, 10);

type Key = { id: number; key_name: string };

/** The figures of a period; a profit factor without losses (Infinity) is null with `profitFactorInfinite`. */
export function presentStatisticsFigures(key: Key, figures: StatisticsFigures): StatisticsFiguresDto {
  const infinite = figures.profitFactor === Number.POSITIVE_INFINITY;
  const { realized, funding, commission, netRealized, unrealized, total } = figures.pnl;
  const side = (s: StatisticsFigures['long']) => ({ trades: s.trades, wins: s.wins, pnl: s.pnl });
  return {
    keyId: key.id,
    keyName: key.key_name,
    period: figures.period,
    roi: figures.roi,
    pnl: { realized, funding, commission, netRealized, unrealized, total },
    maxDrawdown: figures.maxDrawdown,
    winRate: figures.winRate,
    profitFactor: infinite ? null : figures.profitFactor,
    profitFactorInfinite: infinite,
    trades: figures.trades,
    averageHoldingMs: figures.averageHoldingMs,
    long: side(figures.long),
    short: side(figures.short),
    tradingDays: figures.tradingDays,
    sharpe: figures.sharpe,
  };
}

/** The figures with the net-value curve and the daily PnL bars (mark-to-market). */
export function presentTraderStatistics(key: Key, figures: StatisticsFigures): TraderStatistics {
  return {
    ...presentStatisticsFigures(key, figures),
    netValueCurve: figures.netValueCurve.map((p) => ({ day: isoDay(p.day), netValue: p.netValue })),
    dailyPnl: figures.dailyPnl.map((bar) => ({ day: isoDay(bar.day), pnl: bar.pnl })),
  };
}
