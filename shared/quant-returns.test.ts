import { describe, expect, it } from 'vitest';
import { quantReturns } from './quant-returns.ts';

// Expected figures worked out by hand (in the comments), not with the code under test.

const close = (actual: Array<number | null>, expected: Array<number | null>) => {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((value, i) => {
    const want = expected[i];
    if (want === null || want === undefined) expect(value, `#${i}`).toBeNull();
    else expect(value, `#${i}`).toBeCloseTo(want, 12);
  });
};

describe('quantReturns', () => {
  // Starting balance 1000; equity after each day:
  //   2024-01-30 +100    -> 1100   (peak 1100)
  //   2024-01-31 -50     -> 1050   drawdown 1050/1100 - 1 = -0.0454545…
  //   2024-02-01 -210    -> 840    drawdown 840/1100 - 1 = -0.2363636… (the largest: 260/1100)
  //   2024-02-29 +84     -> 924    drawdown 924/1100 - 1 = -0.16
  //   2024-04-15 +231    -> 1155   new peak
  //   2025-01-02 -115.5  -> 1039.5 drawdown 1039.5/1155 - 1 = -0.1
  // Months: Jan 1050/1000 - 1 = 0.05; Feb 924/1050 - 1 = -0.12; Mar nothing happened, 0; Apr 1155/924 - 1 =
  // 0.25; May to Dec 0; 2024 in all 1155/1000 - 1 = 0.155 (= 1.05 × 0.88 × 1.25 - 1). Jan 2025 1039.5/1155 - 1
  // = -0.1, the rest of 2025 is after the series.
  const profits = [
    { date: '2024-02-01', value: -210 },
    { date: '2024-01-30', value: 100 },
    { date: '2024-01-31', value: -50 },
    { date: '2024-02-29', value: 84 },
    { date: '2024-04-15', value: 231 },
    { date: '2025-01-02', value: -115.5 },
  ];

  it('adds up a profit series from the starting balance, in date order', () => {
    const result = quantReturns('profit', profits, 1000)!;
    expect(result.base).toBe(1000);
    expect(result.curve.map((p) => p.date)).toEqual([
      '2024-01-30',
      '2024-01-31',
      '2024-02-01',
      '2024-02-29',
      '2024-04-15',
      '2025-01-02',
    ]);
    close(
      result.curve.map((p) => p.equity),
      [1100, 1050, 840, 924, 1155, 1039.5],
    );
    close(
      result.curve.map((p) => p.drawdown),
      [0, -50 / 1100, -260 / 1100, -176 / 1100, 0, -0.1],
    );
    expect(result.maxDrawdown).toBeCloseTo(260 / 1100, 12);
  });

  it('compounds the days into a table of months and years', () => {
    const { monthly } = quantReturns('profit', profits, 1000)!;
    expect(monthly.map((row) => row.year)).toEqual([2024, 2025]);
    close(monthly[0]!.months, [0.05, -0.12, 0, 0.25, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(monthly[0]!.total).toBeCloseTo(0.155, 12);
    close(monthly[1]!.months, [-0.1, null, null, null, null, null, null, null, null, null, null, null]);
    expect(monthly[1]!.total).toBeCloseTo(-0.1, 12);
  });

  it('reads an equity series from its first day, or from the starting balance when given', () => {
    // Equity 100 (31 Mar), 120 (30 Apr), 90 (31 May): from 100, Mar 0, Apr 120/100 - 1 = 0.2,
    // May 90/120 - 1 = -0.25, the year 90/100 - 1 = -0.1; drawdown at the end 90/120 - 1 = -0.25.
    const equity = [
      { date: '2024-03-31', value: 100 },
      { date: '2024-04-30', value: 120 },
      { date: '2024-05-31', value: 90 },
    ];
    const own = quantReturns('equity', equity, null)!;
    expect(own.base).toBe(100);
    close(own.monthly[0]!.months, [null, null, 0, 0.2, -0.25, null, null, null, null, null, null, null]);
    expect(own.monthly[0]!.total).toBeCloseTo(-0.1, 12);
    close(
      own.curve.map((p) => p.drawdown),
      [0, 0, -0.25],
    );
    expect(own.maxDrawdown).toBeCloseTo(0.25, 12);

    // From a starting balance of 80: March 100/80 - 1 = 0.25, the year 90/80 - 1 = 0.125.
    const fromBalance = quantReturns('equity', equity, 80)!;
    close(fromBalance.monthly[0]!.months.slice(2, 5), [0.25, 0.2, -0.25]);
    expect(fromBalance.monthly[0]!.total).toBeCloseTo(0.125, 12);
  });

  it('counts an equity that reached zero as -100 %, and nothing after it', () => {
    // 1000 - 1000 = 0 in January: -100 %; February has no base to measure from.
    const result = quantReturns(
      'profit',
      [
        { date: '2024-01-10', value: -1000 },
        { date: '2024-02-10', value: 50 },
      ],
      1000,
    )!;
    close(result.monthly[0]!.months.slice(0, 2), [-1, null]);
    expect(result.maxDrawdown).toBe(1);
    expect(result.curve.map((p) => p.drawdown)).toEqual([-1, -0.95]);
  });

  it('answers null when there is nothing to measure from', () => {
    expect(quantReturns('profit', [], 1000)).toBeNull();
    expect(quantReturns('profit', profits, null)).toBeNull();
    expect(quantReturns('profit', profits, 0)).toBeNull();
    expect(quantReturns('equity', [{ date: '2024-01-01', value: 0 }], null)).toBeNull();
  });
});
