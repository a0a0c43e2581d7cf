import { describe, expect, it } from 'vitest';
import { futuresPnl, targetPrice } from './futures-pnl.ts';

// Formulas: Binance Support, "How to Use the Binance Futures Calculator"
// (https://www.binance.com/en/support/faq/how-to-use-the-binance-futures-calculator-360036498511). That page
// gives the formulas but no worked figures, so the examples below are worked out by hand.

describe('futures PnL and ROE', () => {
  it('computes a long: margin, PnL and ROE', () => {
    // Long 0.5 BTC at 60,000, closed at 63,000, 10×: margin 0.5 × 60,000 ÷ 10 = 3,000; PnL (63,000 − 60,000) ×
    // 0.5 = 1,500; ROE 1,500 ÷ 3,000 = 50 %; the price moved 5 %.
    const outcome = futuresPnl({
      side: 'long',
      entryPrice: 60_000,
      exitPrice: 63_000,
      quantity: 0.5,
      leverage: 10,
    });
    expect(outcome).toEqual({
      ok: true,
      value: {
        initialMargin: 3_000,
        entryNotional: 30_000,
        exitNotional: 31_500,
        pnl: 1_500,
        roe: 0.5,
        priceChange: 0.05,
      },
    });
  });

  it('computes a short: a rise is a loss', () => {
    // Short 2 ETH at 3,000, closed at 3,150, 20×: margin 2 × 3,000 ÷ 20 = 300; PnL (3,000 − 3,150) × 2 = −300;
    // ROE −100 %.
    const outcome = futuresPnl({
      side: 'short',
      entryPrice: 3_000,
      exitPrice: 3_150,
      quantity: 2,
      leverage: 20,
    });
    expect(outcome.ok && outcome.value.pnl).toBe(-300);
    expect(outcome.ok && outcome.value.roe).toBe(-1);
    expect(outcome.ok && outcome.value.initialMargin).toBe(300);
  });

  it('names every missing or impossible field', () => {
    expect(futuresPnl({ side: 'long', entryPrice: null, exitPrice: 0, quantity: -1, leverage: 200 })).toEqual(
      {
        ok: false,
        errors: {
          entryPrice: { code: 'required' },
          exitPrice: { code: 'positive' },
          quantity: { code: 'positive' },
          leverage: { code: 'range', params: { min: 1, max: 125 } },
        },
      },
    );
    expect(futuresPnl({ side: 'long', entryPrice: 1e16, exitPrice: 1, quantity: 1, leverage: 0.5 })).toEqual({
      ok: false,
      errors: {
        entryPrice: { code: 'tooLarge', params: { max: 1e15 } },
        leverage: { code: 'range', params: { min: 1, max: 125 } },
      },
    });
  });
});

describe('target price', () => {
  it('finds the price of a wanted ROE, long and short', () => {
    // Long at 60,000, 10×, ROE 50 %: 60,000 × (1 + 0.5 ÷ 10) = 63,000 (the example above, backwards).
    expect(targetPrice({ side: 'long', entryPrice: 60_000, leverage: 10, targetRoePercent: 50 })).toEqual({
      ok: true,
      value: { targetPrice: 63_000, priceChange: 0.05 },
    });
    // Short at 3,000, 20×, ROE 40 %: 3,000 × (1 − 0.4 ÷ 20) = 2,940.
    const short = targetPrice({ side: 'short', entryPrice: 3_000, leverage: 20, targetRoePercent: 40 });
    expect(short.ok && short.value.targetPrice).toBeCloseTo(2_940, 9);
    // A loss: long at 100, 5×, ROE −25 %: 100 × (1 − 0.25 ÷ 5) = 95.
    const loss = targetPrice({ side: 'long', entryPrice: 100, leverage: 5, targetRoePercent: -25 });
    expect(loss.ok && loss.value.targetPrice).toBeCloseTo(95, 9);
  });

  it('refuses an ROE whose price would be 0 or less', () => {
    // Short at 10×: ROE 1,000 % would need the price to reach 0.
    expect(targetPrice({ side: 'short', entryPrice: 100, leverage: 10, targetRoePercent: 1_000 })).toEqual({
      ok: false,
      errors: { targetRoePercent: { code: 'targetNotPositive', params: { limit: 1_000 } } },
    });
    expect(targetPrice({ side: 'long', entryPrice: 100, leverage: 10, targetRoePercent: -1_000 }).ok).toBe(
      false,
    );
    expect(targetPrice({ side: 'long', entryPrice: 100, leverage: 10, targetRoePercent: -999 }).ok).toBe(
      true,
    );
  });
});
