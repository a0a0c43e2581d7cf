import type { z } from 'zod';
import type {
  ClosedPositionDto,
  KeyCheck,
  KeySync,
  LiveFill,
  LiveOrder,
  LivePosition,
  LiveSnapshot,
  liveTrader,
  StatisticsFiguresDto,
  TraderLiveChangedPayload,
  TraderStatistics,
} from '#shared/schemas/trading.ts';

// Live trading and statistics answers as the API sends them, for the app's tests.

export type LiveTraderDto = z.infer<typeof liveTrader>;

export function syncOf(overrides: Partial<KeySync> = {}): KeySync {
  return {
    state: 'syncing',
    reconciledAt: '2025-06-01T08:00:00.000Z',
    lastError: null,
    lastErrorAt: null,
    ...overrides,
  };
}

export function liveTraderOf(overrides: Partial<LiveTraderDto> = {}): LiveTraderDto {
  return {
    id: 1,
    keyName: 'Alpha Desk',
    coEfficient: 0.5,
    leverageCoefficient: 2,
    sync: syncOf(),
    ...overrides,
  };
}

export function positionOf(overrides: Partial<LivePosition> = {}): LivePosition {
  return {
    symbol: 'BTCUSDT',
    positionSide: 1,
    size: 0.25,
    entryPrice: 60000,
    markPrice: 61000,
    unrealizedPnl: 250,
    roe: 0.1667,
    leverage: 10,
    marginMode: 'cross',
    liquidationPrice: 52000.5,
    openedAt: '2025-06-01T06:00:00.000Z',
    ...overrides,
  };
}

export function orderOf(overrides: Partial<LiveOrder> = {}): LiveOrder {
  return {
    orderId: '9001',
    symbol: 'ETHUSDT',
    algo: false,
    type: 0,
    status: 0,
    side: 0,
    positionSide: 2,
    price: 2400.5,
    triggerPrice: null,
    quantity: 2,
    filled: 0.5,
    reduceOnly: false,
    createdAt: '2025-06-01T07:00:00.000Z',
    ...overrides,
  };
}

export function fillOf(overrides: Partial<LiveFill> = {}): LiveFill {
  return {
    tradeId: '501',
    orderId: '8001',
    symbol: 'BTCUSDT',
    side: 0,
    positionSide: 1,
    price: 60000,
    quantity: 0.25,
    realizedPnl: 0,
    commission: 6,
    commissionAsset: 'USDT',
    time: '2025-06-01T06:00:00.000Z',
    ...overrides,
  };
}

export function closedOf(overrides: Partial<ClosedPositionDto> = {}): ClosedPositionDto {
  return {
    symbol: 'SOLUSDT',
    side: 'SHORT',
    size: 10,
    entryPrice: 150,
    exitPrice: 140,
    realizedPnl: 100,
    netPnl: 98.5,
    openedAt: '2025-05-31T10:00:00.000Z',
    closedAt: '2025-05-31T13:30:00.000Z',
    holdingMs: 3.5 * 3600_000,
    ...overrides,
  };
}

export function snapshotOf(overrides: Partial<LiveSnapshot> = {}): LiveSnapshot {
  return {
    keyId: 1,
    seq: 10,
    positions: [positionOf()],
    orders: [orderOf()],
    fills: [fillOf()],
    closed: [closedOf()],
    syncedAt: '2025-06-01T08:00:00.000Z',
    ...overrides,
  };
}

export function changeOf(overrides: Partial<TraderLiveChangedPayload> = {}): TraderLiveChangedPayload {
  return {
    keyId: 1,
    seq: 11,
    positions: [],
    removedPositions: [],
    orders: [],
    removedOrders: [],
    fills: [],
    closed: [],
    opened: [],
    ...overrides,
  };
}

export function figuresOf(overrides: Partial<StatisticsFiguresDto> = {}): StatisticsFiguresDto {
  return {
    keyId: 1,
    keyName: 'Alpha Desk',
    period: '30d',
    roi: 0.1234,
    pnl: { realized: 1500, funding: -20, commission: -80, netRealized: 1400, unrealized: 250, total: 1650 },
    maxDrawdown: 0.085,
    winRate: 0.6,
    profitFactor: 1.8,
    profitFactorInfinite: false,
    trades: 25,
    averageHoldingMs: 5 * 3600_000 + 30 * 60_000,
    long: { trades: 15, wins: 10, pnl: 1100 },
    short: { trades: 10, wins: 5, pnl: 300 },
    tradingDays: 18,
    sharpe: 1.42,
    ...overrides,
  };
}

export function statisticsOf(overrides: Partial<TraderStatistics> = {}): TraderStatistics {
  return {
    ...figuresOf(),
    netValueCurve: [
      { day: '2025-05-30', netValue: 1 },
      { day: '2025-05-31', netValue: 1.05 },
      { day: '2025-06-01', netValue: 1.1234 },
    ],
    dailyPnl: [
      { day: '2025-05-31', pnl: 500 },
      { day: '2025-06-01', pnl: -120 },
    ],
    ...overrides,
  };
}

export function keyCheckOf(overrides: Partial<KeyCheck> = {}): KeyCheck {
  return {
    state: 'ok',
    canRead: true,
    canTrade: false,
    canWithdraw: false,
    ipRestricted: true,
    checkedAt: '2025-06-01T08:00:00.000Z',
    lastError: null,
    lastErrorAt: null,
    ...overrides,
  };
}
