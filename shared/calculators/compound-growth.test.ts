import { describe, expect, it } from 'vitest';
import { compoundGrowth } from './compound-growth.ts';

// Worked out by hand, and against the closed form start × (1 + r)^n + contribution × ((1 + r)^n − 1) ÷ r.

describe('compound growth', () => {
  it('adds each period’s gain and contribution, period by period', () => {
    // 1,000 at 10 % for 3 periods, 100 paid in after each: 1,000 → +100 +100 = 1,200 → +120 +100 = 1,420 →
    // +142 +100 = 1,662 = 1,000 × 1.331 + 100 × 0.331 ÷ 0.1. Paid in 1,300; gain 362; return 27.85 %.
    const outcome = compoundGrowth({ startAmount: 1_000, ratePercent: 10, periods: 3, contribution: 100 });
    if (!outcome.ok) throw new Error('expected figures');
    expect(outcome.value.finalAmount).toBeCloseTo(1_662, 9);
    expect(outcome.value.totalPaidIn).toBe(1_300);
    expect(outcome.value.totalGain).toBeCloseTo(362, 9);
    expect(outcome.value.totalReturn).toBeCloseTo(362 / 1_300, 12);
    expect(outcome.value.schedule.map((row) => Number(row.endBalance.toFixed(6)))).toEqual([
      1_200, 1_420, 1_662,
    ]);
    expect(outcome.value.schedule[1]).toMatchObject({ period: 2, startBalance: 1_200, contribution: 100 });
    expect(outcome.value.schedule[1]!.gain).toBeCloseTo(120, 9);
  });

  it('grows without contributions by (1 + r)^n, and handles 0 % and −100 %', () => {
    // 2 % a month for 12 months: 1,000 × 1.02^12 = 1,268.24.
    const monthly = compoundGrowth({ startAmount: 1_000, ratePercent: 2, periods: 12, contribution: null });
    expect(monthly.ok && monthly.value.finalAmount).toBeCloseTo(1_000 * 1.02 ** 12, 9);
    expect(monthly.ok && monthly.value.finalAmount).toBeCloseTo(1_268.24, 2);
    const flat = compoundGrowth({ startAmount: 500, ratePercent: 0, periods: 12, contribution: 50 });
    expect(flat.ok && flat.value).toMatchObject({ finalAmount: 1_100, totalGain: 0 });
    const wiped = compoundGrowth({ startAmount: 1_000, ratePercent: -100, periods: 1 });
    expect(wiped.ok && wiped.value.finalAmount).toBe(0);
    const nothing = compoundGrowth({ startAmount: 0, ratePercent: 5, periods: 2 });
    expect(nothing.ok && nothing.value.totalReturn).toBeNull();
  });

  it('checks every field', () => {
    expect(compoundGrowth({ startAmount: -1, ratePercent: -101, periods: 2.5, contribution: -3 })).toEqual({
      ok: false,
      errors: {
        startAmount: { code: 'nonNegative' },
        ratePercent: { code: 'rateTooLow', params: { min: -100 } },
        periods: { code: 'integer' },
        contribution: { code: 'nonNegative' },
      },
    });
    expect(compoundGrowth({ startAmount: 1, ratePercent: 1, periods: 601 })).toEqual({
      ok: false,
      errors: { periods: { code: 'range', params: { min: 1, max: 600 } } },
    });
  });
});
