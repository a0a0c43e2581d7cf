import { describe, expect, it } from 'vitest';
import { BTCUSDT_BRACKETS } from './maintenance-brackets.ts';
import { type PositionSizeInput, positionSize } from './position-size.ts';

// Position sizing from a fixed fractional risk has no exchange-published worked example; the figures below
// are worked out by hand, the liquidation prices with Binance's formula (liquidation-price.test.ts).

const input = (overrides: Partial<PositionSizeInput>): PositionSizeInput => ({
  side: 'long',
  accountSize: 10_000,
  riskPercent: 1,
  entryPrice: 50_000,
  stopMode: 'price',
  stop: 49_000,
  leverage: 10,
  brackets: BTCUSDT_BRACKETS,
  ...overrides,
});

describe('position size', () => {
  it('sizes a long from the risk and a stop price', () => {
    // Risk 1 % of 10,000 = 100; stop 1,000 below the entry (2 %): 100 ÷ 1,000 = 0.1 BTC, notional 5,000;
    // 10× → margin 500. Liquidation (isolated, tier 1: 0.4 %, cum 0): (500 − 5,000) / (0.1 × 0.004 − 0.1) =
    // −4,500 / −0.0996 = 45,180.72, below the stop: no warning.
    const outcome = positionSize(input({}));
    if (!outcome.ok) throw new Error('expected figures');
    expect(outcome.value).toMatchObject({
      riskAmount: 100,
      stopPrice: 49_000,
      stopDistance: 1_000,
      stopDistanceFraction: 0.02,
      quantity: 0.1,
      notional: 5_000,
      margin: 500,
      stopBeyondLiquidation: false,
      marginAboveAccount: false,
      notionalAboveTiers: false,
    });
    expect(outcome.value.liquidationPrice).toBeCloseTo(45_180.7229, 3);
  });

  it('warns when the stop lies beyond the liquidation price', () => {
    // The same at 50×: margin 100; liquidation (100 − 5,000) / −0.0996 = 49,196.79, above the 49,000 stop.
    const outcome = positionSize(input({ leverage: 50 }));
    if (!outcome.ok) throw new Error('expected figures');
    expect(outcome.value.liquidationPrice).toBeCloseTo(49_196.7871, 3);
    expect(outcome.value.stopBeyondLiquidation).toBe(true);
  });

  it('sizes a short from a stop in percent', () => {
    // Risk 2 % of 5,000 = 100; short at 2,000, stop 5 % above: 2,100, distance 100 → 1 unit, notional 2,000;
    // 5× → margin 400; liquidation (400 + 2,000) / (0.004 + 1) = 2,390.44, above the stop: no warning.
    const outcome = positionSize(
      input({
        side: 'short',
        accountSize: 5_000,
        riskPercent: 2,
        entryPrice: 2_000,
        stopMode: 'percent',
        stop: 5,
        leverage: 5,
      }),
    );
    if (!outcome.ok) throw new Error('expected figures');
    expect(outcome.value.stopPrice).toBeCloseTo(2_100, 9);
    expect(outcome.value.quantity).toBeCloseTo(1, 9);
    expect(outcome.value.margin).toBeCloseTo(400, 9);
    expect(outcome.value.liquidationPrice).toBeCloseTo(2_390.4382, 3);
    expect(outcome.value.stopBeyondLiquidation).toBe(false);
  });

  it('says when the margin is more than the account', () => {
    // Risk 10 % of 1,000 = 100 with a stop 1 below 100: 100 units, notional 10,000, at 1× a margin of 10,000.
    const outcome = positionSize(
      input({ accountSize: 1_000, riskPercent: 10, entryPrice: 100, stop: 99, leverage: 1 }),
    );
    expect(outcome.ok && outcome.value.marginAboveAccount).toBe(true);
  });

  it('refuses a stop on the wrong side, at the entry, or 100 % below a long', () => {
    expect(positionSize(input({ stop: 51_000 }))).toEqual({
      ok: false,
      errors: { stop: { code: 'stopAboveEntry' } },
    });
    expect(positionSize(input({ side: 'short', stop: 49_000 }))).toEqual({
      ok: false,
      errors: { stop: { code: 'stopBelowEntry' } },
    });
    expect(positionSize(input({ stop: 50_000 }))).toEqual({
      ok: false,
      errors: { stop: { code: 'stopEqualsEntry' } },
    });
    expect(positionSize(input({ stopMode: 'percent', stop: 100 }))).toEqual({
      ok: false,
      errors: { stop: { code: 'stopBeyondZero' } },
    });
    // A short's stop may be more than 100 % above the entry.
    expect(positionSize(input({ side: 'short', stopMode: 'percent', stop: 150 })).ok).toBe(true);
  });

  it('keeps the risk between 0 (excluded) and 100 %', () => {
    for (const riskPercent of [0, -1, 101]) {
      expect(positionSize(input({ riskPercent }))).toEqual({
        ok: false,
        errors: { riskPercent: { code: 'range', params: { min: 0, max: 100 } } },
      });
    }
    expect(positionSize(input({ riskPercent: 100 })).ok).toBe(true);
  });
});
