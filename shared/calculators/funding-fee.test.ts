import { describe, expect, it } from 'vitest';
import { fundingFee } from './funding-fee.ts';

// Funding amount = nominal value of positions × funding rate; a positive rate: longs pay shorts (Binance
// Support, "Introduction to Binance Futures Funding Rates"). Binance gives no worked figures there, so these
// are worked out by hand.

describe('funding fee', () => {
  it('makes a long pay a positive rate, per interval, per day and over N intervals', () => {
    // 10,000 × 0.01 % = 1 USDT paid per interval; 3 intervals of 8 h = 3 paid over 24 h.
    const outcome = fundingFee({
      side: 'long',
      notional: 10_000,
      fundingRatePercent: 0.01,
      intervals: 3,
      intervalHours: 8,
    });
    if (!outcome.ok) throw new Error('expected figures');
    expect(outcome.value.perInterval).toBeCloseTo(-1, 12);
    expect(outcome.value.total).toBeCloseTo(-3, 12);
    expect(outcome.value.perDay).toBeCloseTo(-3, 12);
    expect(outcome.value.payer).toBe('longs');
    expect(outcome.value.hours).toBe(24);
  });

  it('makes a short receive a positive rate and pay a negative one', () => {
    const receives = fundingFee({
      side: 'short',
      notional: 10_000,
      fundingRatePercent: 0.01,
      intervals: 1,
      intervalHours: 8,
    });
    expect(receives.ok && receives.value.perInterval).toBeCloseTo(1, 12);
    // 50,000 × −0.02 % = −10: shorts pay 10 per interval; 4-hour funding: 6 a day, 60 a day.
    const pays = fundingFee({
      side: 'short',
      notional: 50_000,
      fundingRatePercent: -0.02,
      intervals: 6,
      intervalHours: 4,
    });
    if (!pays.ok) throw new Error('expected figures');
    expect(pays.value.perInterval).toBeCloseTo(-10, 12);
    expect(pays.value.perDay).toBeCloseTo(-60, 12);
    expect(pays.value.payer).toBe('shorts');
    const none = fundingFee({
      side: 'long',
      notional: 1,
      fundingRatePercent: 0,
      intervals: 1,
      intervalHours: 8,
    });
    expect(none.ok && none.value.payer).toBe('nobody');
  });

  it('checks every field', () => {
    expect(
      fundingFee({ side: 'long', notional: 0, fundingRatePercent: null, intervals: 1.5, intervalHours: 0 }),
    ).toEqual({
      ok: false,
      errors: {
        notional: { code: 'positive' },
        fundingRatePercent: { code: 'required' },
        intervals: { code: 'integer' },
        intervalHours: { code: 'range', params: { min: 1, max: 24 } },
      },
    });
  });
});
