import { describe, expect, it } from 'vitest';
import {
  closedPositions,
  computeAllPeriods,
  computeStatistics,
  type EquitySnapshot,
  type Fill,
  type IncomeEntry,
  prepareHistory,
  sharpeRatio,
  type TradingHistory,
} from './statistics.ts';

// A small history whose figures are worked out by hand in the comments (never with the code under test).

const DAY = 86_400_000;
const HOUR = 3_600_000;
const D0 = Date.UTC(2025, 0, 1);
/** Day `d` (0 = 2025-01-01 UTC) at hour `h`. */
const at = (d: number, h = 0) => D0 + d * DAY + h * HOUR;
const day = (d: number) => at(d);

function fill(
  tradeId: number,
  symbol: string,
  side: Fill['side'],
  positionSide: Fill['positionSide'],
  qty: number,
  price: number,
  time: number,
  realizedPnl = 0,
  commission = 0,
): Fill {
  return { tradeId, symbol, side, positionSide, qty, price, time, realizedPnl, commission };
}

// BTCUSDT in one-way mode (BOTH), a partial close and a flip:
//  1 BUY 2 @100 (fee 0.20)            long 2
//  2 SELL 1 @110, pnl +10 (fee 0.11)  partial close: long 1
//  3 SELL 3 @120, pnl +20 (fee 0.36)  closes the last 1 (pnl (120-100)x1) and opens short 2 @120;
//                                     the fee is split by quantity: 1/3 = 0.12 closing, 2/3 = 0.24 opening
//  4 BUY 2 @130, pnl -20 (fee 0.26)   closes the short: (120-130)x2 = -20
// ETHUSDT in hedge mode, a long and a short open at the same time:
//  11 BUY LONG 10 @10 (fee 0.10), 12 SELL SHORT 5 @10.5 (fee 0.05),
//  13 SELL LONG 10 @9.9, pnl (9.9-10)x10 = -1 (fee 0.099), 14 BUY SHORT 5 @10, pnl (10.5-10)x5 = 2.5 (fee 0.05)
// SOLUSDT: 21 BUY 1 @50 (fee 0.05), still open.
const FILLS: Fill[] = [
  fill(1, 'BTCUSDT', 'BUY', 'BOTH', 2, 100, at(1, 1), 0, 0.2),
  fill(2, 'BTCUSDT', 'SELL', 'BOTH', 1, 110, at(1, 3), 10, 0.11),
  fill(3, 'BTCUSDT', 'SELL', 'BOTH', 3, 120, at(1, 5), 20, 0.36),
  fill(4, 'BTCUSDT', 'BUY', 'BOTH', 2, 130, at(2, 2), -20, 0.26),
  fill(11, 'ETHUSDT', 'BUY', 'LONG', 10, 10, at(2, 4), 0, 0.1),
  fill(12, 'ETHUSDT', 'SELL', 'SHORT', 5, 10.5, at(2, 6), 0, 0.05),
  fill(13, 'ETHUSDT', 'SELL', 'LONG', 10, 9.9, at(3, 4), -1, 0.099),
  fill(14, 'ETHUSDT', 'BUY', 'SHORT', 5, 10, at(3, 8), 2.5, 0.05),
  fill(21, 'SOLUSDT', 'BUY', 'BOTH', 1, 50, at(4, 9), 0, 0.05),
];

// Equity and unit value (NV):
//  day 0 23:00  1000                      first snapshot: 1000 units, NV 1 (the 1000 deposited at 08:00
//                                         is in it already, so that transfer is not counted again)
//  day 1 23:00  1100                      NV 1100/1000 = 1.1
//  day 2 10:00  deposit 990
//  day 2 23:00  1980                      the old units are worth 1980-990 = 990: NV 0.99;
//                                         the deposit buys 990/0.99 = 1000 units: 2000 units
//  day 3 05:00  1900                      NV 0.95 (intraday low)
//  day 3 23:00  2178                      NV 1.089
//  day 4 12:00  2395.8                    NV 1.1979
const SNAPSHOTS: EquitySnapshot[] = [
  { time: at(0, 23), equity: 1000 },
  { time: at(1, 23), equity: 1100 },
  { time: at(2, 23), equity: 1980 },
  { time: at(3, 5), equity: 1900 },
  { time: at(3, 23), equity: 2178 },
  { time: at(4, 12), equity: 2395.8 },
];

const INCOME: IncomeEntry[] = [
  { type: 'TRANSFER', amount: 1000, time: at(0, 8) },
  { type: 'COMMISSION', amount: -0.2, time: at(1, 1) },
  { type: 'REALIZED_PNL', amount: 10, time: at(1, 3) },
  { type: 'COMMISSION', amount: -0.11, time: at(1, 3) },
  { type: 'REALIZED_PNL', amount: 20, time: at(1, 5) },
  { type: 'COMMISSION', amount: -0.36, time: at(1, 5) },
  { type: 'REALIZED_PNL', amount: -20, time: at(2, 2) },
  { type: 'COMMISSION', amount: -0.26, time: at(2, 2) },
  { type: 'COMMISSION', amount: -0.1, time: at(2, 4) },
  { type: 'COMMISSION', amount: -0.05, time: at(2, 6) },
  { type: 'FUNDING_FEE', amount: -0.3, time: at(2, 8) },
  { type: 'TRANSFER', amount: 990, time: at(2, 10) },
  { type: 'REALIZED_PNL', amount: -1, time: at(3, 4) },
  { type: 'COMMISSION', amount: -0.099, time: at(3, 4) },
  { type: 'REALIZED_PNL', amount: 2.5, time: at(3, 8) },
  { type: 'COMMISSION', amount: -0.05, time: at(3, 8) },
  { type: 'FUNDING_FEE', amount: 0.1, time: at(3, 16) },
  { type: 'COMMISSION', amount: -0.05, time: at(4, 9) },
  { type: 'WELCOME_BONUS', amount: 5, time: at(4, 10) },
];

const HISTORY: TradingHistory = { fills: FILLS, income: INCOME, snapshots: SNAPSHOTS, unrealizedPnl: 3 };
const NOW = at(4, 12);
const EMPTY: TradingHistory = { fills: [], income: [], snapshots: [], unrealizedPnl: 0 };

describe('closedPositions', () => {
  it('rebuilds a partial close, a one-way flip and hedge-mode sides', () => {
    expect(closedPositions(FILLS)).toEqual([
      {
        // Entry 100; exits 1 @110 and 1 @120: (110 + 120) / 2 = 115. Fees 0.2 + 0.11 + 1/3 of 0.36.
        symbol: 'BTCUSDT',
        side: 'LONG',
        positionSide: 'BOTH',
        openTime: at(1, 1),
        closeTime: at(1, 5),
        holdingMs: 4 * HOUR,
        entryPrice: 100,
        exitPrice: 115,
        size: 2,
        maxSize: 2,
        realizedPnl: 30,
        commission: expect.closeTo(0.43, 10),
        netPnl: expect.closeTo(29.57, 10),
        fills: 3,
      },
      {
        // Opened by the flip: 2 @120 with 2/3 of 0.36 = 0.24 of fee; closed 2 @130 (fee 0.26).
        symbol: 'BTCUSDT',
        side: 'SHORT',
        positionSide: 'BOTH',
        openTime: at(1, 5),
        closeTime: at(2, 2),
        holdingMs: 21 * HOUR,
        entryPrice: 120,
        exitPrice: 130,
        size: 2,
        maxSize: 2,
        realizedPnl: -20,
        commission: expect.closeTo(0.5, 10),
        netPnl: expect.closeTo(-20.5, 10),
        fills: 2,
      },
      {
        symbol: 'ETHUSDT',
        side: 'LONG',
        positionSide: 'LONG',
        openTime: at(2, 4),
        closeTime: at(3, 4),
        holdingMs: 24 * HOUR,
        entryPrice: 10,
        exitPrice: 9.9,
        size: 10,
        maxSize: 10,
        realizedPnl: -1,
        commission: expect.closeTo(0.199, 10),
        netPnl: expect.closeTo(-1.199, 10),
        fills: 2,
      },
      {
        symbol: 'ETHUSDT',
        side: 'SHORT',
        positionSide: 'SHORT',
        openTime: at(2, 6),
        closeTime: at(3, 8),
        holdingMs: 26 * HOUR,
        entryPrice: 10.5,
        exitPrice: 10,
        size: 5,
        maxSize: 5,
        realizedPnl: 2.5,
        commission: expect.closeTo(0.1, 10),
        netPnl: expect.closeTo(2.4, 10),
        fills: 2,
      },
    ]);
  });
});

describe('statistics of a hand-computed history', () => {
  const all = computeStatistics(HISTORY, 'all', NOW);

  it('ROI on the unit value, the deposit in the middle neutralized', () => {
    // 1.1979 / 1 - 1. (Equity alone would say 2395.8 / 1000 - 1 = 139.58 %.)
    expect(all.roi).toBeCloseTo(0.1979, 10);
  });

  it('max drawdown on every snapshot of the unit-value curve', () => {
    // Peak 1.1 (day 1), low 0.95 (day 3 05:00): (1.1 - 0.95) / 1.1 = 0.15 / 1.1 = 3/22.
    expect(all.maxDrawdown).toBeCloseTo(3 / 22, 10);
  });

  it('closed positions: win rate, profit factor, holding time, long/short', () => {
    // Net of commission: BTC long 30 - (0.2 + 0.11 + 0.12) = 29.57, BTC short -20 - (0.24 + 0.26) = -20.5,
    // ETH long -1 - (0.1 + 0.099) = -1.199, ETH short 2.5 - (0.05 + 0.05) = 2.4.
    expect(all.trades).toBe(4);
    expect(all.wins).toBe(2);
    expect(all.losses).toBe(2);
    expect(all.winRate).toBe(0.5);
    expect(all.grossProfit).toBeCloseTo(29.57 + 2.4, 10); // 31.97
    expect(all.grossLoss).toBeCloseTo(20.5 + 1.199, 10); // 21.699
    expect(all.profitFactor).toBeCloseTo(31.97 / 21.699, 10); // 1.47334...
    // Holding: 4 h, 21 h (day 1 05:00 to day 2 02:00), 24 h, 26 h (day 2 06:00 to day 3 08:00): 75 / 4 h.
    expect(all.averageHoldingMs).toBe(18.75 * HOUR);
    expect(all.long.trades).toBe(2);
    expect(all.long.wins).toBe(1);
    expect(all.long.pnl).toBeCloseTo(29.57 - 1.199, 10); // 28.371
    expect(all.short.trades).toBe(2);
    expect(all.short.wins).toBe(1);
    expect(all.short.pnl).toBeCloseTo(-20.5 + 2.4, 10); // -18.1
  });

  it('PnL: realized income of the period plus the unrealized PnL now; trading days', () => {
    // Realized 10 + 20 - 20 - 1 + 2.5 = 11.5; funding -0.3 + 0.1 = -0.2;
    // commission -(0.2 + 0.11 + 0.36 + 0.26 + 0.1 + 0.05 + 0.099 + 0.05 + 0.05) = -1.279.
    // Net 11.5 - 0.2 - 1.279 = 10.021; with the unrealized 3: 13.021. Transfers and the bonus are not PnL.
    expect(all.pnl.realized).toBeCloseTo(11.5, 10);
    expect(all.pnl.funding).toBeCloseTo(-0.2, 10);
    expect(all.pnl.commission).toBeCloseTo(-1.279, 10);
    expect(all.pnl.netRealized).toBeCloseTo(10.021, 10);
    expect(all.pnl.unrealized).toBe(3);
    expect(all.pnl.total).toBeCloseTo(13.021, 10);
    // Fills on days 1, 2, 3 and 4.
    expect(all.tradingDays).toBe(4);
  });

  it('Sharpe ratio on the daily returns of the unit value', () => {
    // Daily closes 1, 1.1, 0.99, 1.089, 1.1979 after the opening 1: returns 0, 0.1, -0.1, 0.1, 0.1.
    // Mean 0.2 / 5 = 0.04; squared deviations 0.0016 + 0.0036 + 0.0196 + 0.0036 + 0.0036 = 0.032;
    // sample variance 0.032 / 4 = 0.008, deviation sqrt(0.008) = 0.04 * sqrt(5).
    // Sharpe = 0.04 / (0.04 sqrt 5) * sqrt(365) = sqrt(365 / 5) = sqrt(73) = 8.5440037...
    expect(all.sharpe).toBeCloseTo(8.54400374531753, 10);
  });

  it('series: the net-value curve and the daily PnL bars', () => {
    // Mark-to-market PnL so far = equity - 1000 - transfers since: day 0: 0, day 1: 100,
    // day 2: 1980 - 1000 - 990 = -10, day 3: 2178 - 1990 = 188, day 4: 2395.8 - 1990 = 405.8.
    // Daily: 0, 100, -110, 198, 217.8. Realized per day (pnl + funding + commission):
    // day 1: 30 - 0.67 = 29.33; day 2: -20 - 0.3 - 0.41 = -20.71; day 3: 1.5 + 0.1 - 0.149 = 1.451; day 4: -0.05.
    const expected = [
      [0, 1, 0, 0],
      [1, 1.1, 100, 29.33],
      [2, 0.99, -110, -20.71],
      [3, 1.089, 198, 1.451],
      [4, 1.1979, 217.8, -0.05],
    ] as const;
    expect(all.netValueCurve).toHaveLength(5);
    expect(all.dailyPnl).toHaveLength(5);
    expected.forEach(([d, netValue, pnl, realized], i) => {
      expect(all.netValueCurve[i]!.day).toBe(day(d));
      expect(all.netValueCurve[i]!.netValue).toBeCloseTo(netValue, 10);
      expect(all.dailyPnl[i]!.day).toBe(day(d));
      expect(all.dailyPnl[i]!.pnl).toBeCloseTo(pnl, 9);
      expect(all.dailyPnl[i]!.realized).toBeCloseTo(realized, 10);
    });
  });

  it('a bounded period covering the whole history gives the same figures', () => {
    const periods = computeAllPeriods(HISTORY, NOW);
    // 7 days ending on day 4: from day -2.
    expect(periods['7d']).toEqual({ ...all, period: '7d', from: day(-2) });
    expect(periods['180d'].roi).toBeCloseTo(0.1979, 10);
  });

  it('a 7-day period later on starts from the unit value before it', () => {
    // At day 10 12:00 the 7 days are days 4 to 10. NV before them: 1.089 (day 3 close);
    // in them only the day-4 snapshot: ROI 1.1979 / 1.089 - 1 = 0.1, no fall from the peak 1.089.
    const later = computeStatistics(HISTORY, '7d', at(10, 12));
    expect(later.from).toBe(day(4));
    expect(later.roi).toBeCloseTo(0.1, 10);
    expect(later.maxDrawdown).toBe(0);
    // One daily return only: no Sharpe.
    expect(later.sharpe).toBeNull();
    expect(later.netValueCurve).toHaveLength(1);
    expect(later.dailyPnl[0]!.pnl).toBeCloseTo(217.8, 9);
    expect(later.dailyPnl[0]!.realized).toBeCloseTo(-0.05, 10);
    // No position closed in it; one fill (SOL, day 4); only the day-4 commission is realized.
    expect(later.trades).toBe(0);
    expect(later.winRate).toBeNull();
    expect(later.profitFactor).toBeNull();
    expect(later.averageHoldingMs).toBeNull();
    expect(later.tradingDays).toBe(1);
    expect(later.pnl.netRealized).toBeCloseTo(-0.05, 10);
    expect(later.pnl.total).toBeCloseTo(2.95, 10);
  });

  it('leaves out history after `now`', () => {
    // At day 2 23:00: the BTC positions are closed (29.57 and -20.5), the ETH ones still open.
    const early = computeStatistics(HISTORY, 'all', at(2, 23));
    expect(early.trades).toBe(2);
    expect(early.roi).toBeCloseTo(-0.01, 10); // NV 0.99
    expect(early.tradingDays).toBe(2);
    expect(prepareHistory(HISTORY, at(2, 23)).open.map((p) => `${p.symbol} ${p.side}`)).toEqual([
      'ETHUSDT LONG',
      'ETHUSDT SHORT',
    ]);
  });
});

describe('statistics edge cases', () => {
  it('no history: empty figures', () => {
    expect(computeStatistics(EMPTY, 'all', NOW)).toEqual({
      period: 'all',
      from: null,
      to: NOW,
      roi: null,
      pnl: { realized: 0, funding: 0, commission: 0, netRealized: 0, unrealized: 0, total: 0 },
      maxDrawdown: null,
      winRate: null,
      profitFactor: null,
      grossProfit: 0,
      grossLoss: 0,
      trades: 0,
      wins: 0,
      losses: 0,
      averageHoldingMs: null,
      long: { trades: 0, wins: 0, pnl: 0 },
      short: { trades: 0, wins: 0, pnl: 0 },
      tradingDays: 0,
      sharpe: null,
      netValueCurve: [],
      dailyPnl: [],
    });
  });

  it('only open positions: no trades, no win rate or profit factor, the unrealized PnL counts', () => {
    const history: TradingHistory = {
      ...EMPTY,
      fills: [
        fill(1, 'BTCUSDT', 'BUY', 'BOTH', 1, 100, at(0, 1)),
        fill(2, 'ETHUSDT', 'SELL', 'SHORT', 2, 10, at(0, 2)),
      ],
      unrealizedPnl: -4,
    };
    const figures = computeStatistics(history, '30d', at(0, 12));
    expect(figures.trades).toBe(0);
    expect(figures.winRate).toBeNull();
    expect(figures.profitFactor).toBeNull();
    expect(figures.averageHoldingMs).toBeNull();
    expect(figures.tradingDays).toBe(1);
    expect(figures.pnl.total).toBe(-4);
    expect(prepareHistory(history, at(0, 12)).open).toHaveLength(2);
  });

  it('all losses: profit factor 0, win rate 0', () => {
    // Long 100 -> 90: -10; short 100 -> 105: -5. Gross profit 0, gross loss 15.
    const fills = [
      fill(1, 'BTCUSDT', 'BUY', 'BOTH', 1, 100, at(0, 1)),
      fill(2, 'BTCUSDT', 'SELL', 'BOTH', 1, 90, at(0, 2), -10),
      fill(3, 'BTCUSDT', 'SELL', 'BOTH', 1, 100, at(0, 3)),
      fill(4, 'BTCUSDT', 'BUY', 'BOTH', 1, 105, at(0, 4), -5),
    ];
    const figures = computeStatistics({ ...EMPTY, fills }, 'all', at(1));
    expect(figures.profitFactor).toBe(0);
    expect(figures.winRate).toBe(0);
    expect(figures.grossLoss).toBe(15);
  });

  it('all wins: profit factor Infinity (documented), win rate 1; break-even only: null', () => {
    const fills = [
      fill(1, 'BTCUSDT', 'BUY', 'BOTH', 1, 100, at(0, 1)),
      fill(2, 'BTCUSDT', 'SELL', 'BOTH', 1, 110, at(0, 2), 10),
    ];
    const wins = computeStatistics({ ...EMPTY, fills }, 'all', at(1));
    expect(wins.profitFactor).toBe(Number.POSITIVE_INFINITY);
    expect(wins.winRate).toBe(1);
    // A round trip at the same price without fees: a trade, neither a win nor a loss.
    const flat = [
      fill(1, 'BTCUSDT', 'BUY', 'BOTH', 1, 100, at(0, 1)),
      fill(2, 'BTCUSDT', 'SELL', 'BOTH', 1, 100, at(0, 2)),
    ];
    const evenFigures = computeStatistics({ ...EMPTY, fills: flat }, 'all', at(1));
    expect(evenFigures.trades).toBe(1);
    expect(evenFigures.winRate).toBe(0);
    expect(evenFigures.profitFactor).toBeNull();
  });

  it('a winning position whose fees exceed its profit is a loss', () => {
    // Realized +1, commission 0.6 + 0.6 = 1.2: net -0.2.
    const fills = [
      fill(1, 'BTCUSDT', 'BUY', 'BOTH', 1, 100, at(0, 1), 0, 0.6),
      fill(2, 'BTCUSDT', 'SELL', 'BOTH', 1, 101, at(0, 2), 1, 0.6),
    ];
    const figures = computeStatistics({ ...EMPTY, fills }, 'all', at(1));
    expect(figures.winRate).toBe(0);
    expect(figures.losses).toBe(1);
  });

  it('sharpeRatio: null with fewer than 2 returns or none varying', () => {
    expect(sharpeRatio([])).toBeNull();
    expect(sharpeRatio([0.1])).toBeNull();
    expect(sharpeRatio([0.1, 0.1, 0.1])).toBeNull();
    // 0.02 and 0: mean 0.01, sample deviation sqrt(2 x 0.0001) = 0.01 sqrt 2: 1 / sqrt 2 x sqrt 365.
    expect(sharpeRatio([0.02, 0])).toBeCloseTo(Math.sqrt(365 / 2), 10);
  });
});
