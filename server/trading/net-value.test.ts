import { describe, expect, it } from 'vitest';
import {
  applySnapshot,
  applyTransfer,
  createNetValueState,
  type EquitySnapshot,
  type IncomeEntry,
  netValueCurve,
} from './net-value.ts';
import { computeStatistics, type TradingHistory } from './statistics.ts';

// The unit-value (net value) method: deposits and withdrawals change the units, never the unit value.
// Expected values worked out by hand in the comments.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const D0 = Date.UTC(2025, 0, 1);
const at = (d: number, h = 0) => D0 + d * DAY + h * HOUR;
const EMPTY: TradingHistory = { fills: [], income: [], snapshots: [], unrealizedPnl: 0 };

describe('net value', () => {
  it('a withdrawal takes units out at the unit value', () => {
    // 1000 units at NV 1; 1200: NV 1.2; withdraw 600; 660: the old units are worth 660 + 600 = 1260,
    // NV 1.26, and 600 / 1.26 units leave. ROI 26 % (not 660 / 1000 - 1 = -34 %).
    const figures = computeStatistics(
      {
        ...EMPTY,
        snapshots: [
          { time: at(0, 1), equity: 1000 },
          { time: at(1, 1), equity: 1200 },
          { time: at(2, 1), equity: 660 },
        ],
        income: [{ type: 'TRANSFER', amount: -600, time: at(1, 12) }],
      },
      'all',
      at(3),
    );
    expect(figures.roi).toBeCloseTo(0.26, 10);
    expect(figures.maxDrawdown).toBe(0);
  });

  it('an account funded after its first snapshot, with a day without snapshots', () => {
    // Day 0: equity 0 (no units, NV 1). Deposit 1000, day 1: 1050 -> 1000 units bought at 1, NV 1.05.
    // Day 3: 1102.5, NV 1.1025; day 2 has no snapshot and keeps NV 1.05 with PnL 0.
    const figures = computeStatistics(
      {
        ...EMPTY,
        snapshots: [
          { time: at(0, 1), equity: 0 },
          { time: at(1, 1), equity: 1050 },
          { time: at(3, 1), equity: 1102.5 },
        ],
        income: [{ type: 'TRANSFER', amount: 1000, time: at(0, 12) }],
      },
      'all',
      at(4),
    );
    expect(figures.roi).toBeCloseTo(0.1025, 10);
    expect(figures.netValueCurve.map((p) => p.netValue)).toEqual([1, 1.05, 1.05, 1.1025]);
    // PnL: day 1: 1050 - 0 - 1000 = 50; day 2: 0; day 3: 52.5.
    expect(figures.dailyPnl.map((b) => b.pnl)).toEqual([0, 50, 0, 52.5]);
  });

  it('a wiped-out account: ROI -100 %, drawdown 100 %, and a fresh start afterwards', () => {
    // NV 1; equity 0: NV 0; deposit 500 buys 500 units at the restart value 1; 550: NV 1.1; 605: NV 1.21.
    const history: TradingHistory = {
      ...EMPTY,
      snapshots: [
        { time: at(0, 1), equity: 1000 },
        { time: at(1, 1), equity: 0 },
        { time: at(2, 1), equity: 550 },
        { time: at(3, 1), equity: 605 },
      ],
      income: [{ type: 'TRANSFER', amount: 500, time: at(1, 12) }],
    };
    const all = computeStatistics(history, 'all', at(3, 12));
    expect(all.roi).toBe(-1);
    expect(all.maxDrawdown).toBe(1);
    // PnL so far: 0, -1000, 550 - 1000 - 500 = -950, -895: daily 0, -1000, 50, 55.
    expect(all.dailyPnl.map((b) => b.pnl)).toEqual([0, -1000, 50, 55]);
    // Seven days ending on day 9 start on day 3: from NV 1.1 (day 2) to 1.21.
    expect(computeStatistics(history, '7d', at(9)).roi).toBeCloseTo(0.1, 10);
  });

  it('withdrawing everything is not a wipe-out: the unit value waits for the next deposit', () => {
    // 1000 units at 1; 1100: NV 1.1; withdraw 1100; 0: the old units were worth 0 + 1100, NV 1.1, and
    // 1100 / 1.1 = 1000 units leave: none left. Deposit 550 buys 500 units at 1.1; 605: NV 1.21.
    const curve = netValueCurve(
      [
        { time: at(0, 1), equity: 1000 },
        { time: at(1, 1), equity: 1100 },
        { time: at(2, 1), equity: 0 },
        { time: at(3, 1), equity: 550 },
        { time: at(4, 1), equity: 605 },
      ],
      [
        { type: 'TRANSFER', amount: -1100, time: at(1, 12) },
        { type: 'TRANSFER', amount: 550, time: at(2, 12) },
      ],
    );
    expect(curve.map((v) => v.netValue)).toEqual([1, 1.1, 1.1, 1.1, expect.closeTo(1.21, 12)]);
    expect(curve[2]!.units).toBe(0);
    expect(curve[3]!.units).toBeCloseTo(500, 10);
  });

  it('a transfer at the same millisecond as a snapshot is in that snapshot', () => {
    // 1000 at NV 1; +500 and 1500 at the same moment: NV still 1 (not 1.5).
    const curve = netValueCurve(
      [
        { time: at(0, 1), equity: 1000 },
        { time: at(0, 2), equity: 1500 },
      ],
      [{ type: 'INTERNAL_TRANSFER', amount: 500, time: at(0, 2) }],
    );
    expect(curve.map((v) => v.netValue)).toEqual([1, 1]);
  });

  it('one snapshot and transfer at a time gives the same curve as the whole history at once', () => {
    const snapshots: EquitySnapshot[] = [
      { time: at(0, 1), equity: 1000 },
      { time: at(0, 2), equity: 1010 },
      { time: at(0, 3), equity: 1515 },
    ];
    const income: IncomeEntry[] = [
      { type: 'FUNDING_FEE', amount: -1, time: at(0, 2) },
      { type: 'TRANSFER', amount: 500, time: at(0, 2) + 1 },
    ];
    const state = createNetValueState();
    const first = applySnapshot(state, snapshots[0]!);
    const second = applySnapshot(state, snapshots[1]!);
    applyTransfer(state, 500);
    const third = applySnapshot(state, snapshots[2]!);
    expect([first, second, third]).toEqual(netValueCurve(snapshots, income));
    // 1010: NV 1.01; 1515 after +500: the old units are worth 1015, NV 1.015.
    expect(third.netValue).toBeCloseTo(1.015, 12);
  });
});
