import { describe, expect, it } from 'vitest';
import {
  BTCUSDT_BRACKETS,
  bracketIndexFor,
  bracketsFromDrafts,
  deriveMaintenanceAmounts,
  draftsFromBrackets,
  maintenanceMargin,
} from './maintenance-brackets.ts';

// The worked examples Binance publishes in "How to Calculate Liquidation Price of USDⓈ-M Futures Contracts"
// (https://www.binance.com/en/support/faq/how-to-calculate-liquidation-price-of-usd%E2%93%A2-m-futures-contracts-b3c689c1f50a44cabb3a84e663b81d93):
//  - "if the position size of a USDT-margined BTCUSDT contract is 264,000 USDT, then the maintenance margin
//    rate would be 1% (or 0.01)";
//  - "if the position size of a USDT-margined BTCUSDT contract is 500,000 USDT, then the maintenance amount
//    would be 1,300 USDT";
//  - "the Maintenance Amount on Level 3 = 250,000 * (1% - 0.5%) + 50 USDT = 1,300 USDT".

describe('BTCUSDT maintenance tiers', () => {
  it("give the FAQ's maintenance margin rate for a 264,000 USDT position", () => {
    const index = bracketIndexFor(BTCUSDT_BRACKETS, 264_000);
    expect(BTCUSDT_BRACKETS[index]!.maintenanceMarginRate).toBe(0.01);
  });

  it("give the FAQ's maintenance amount for a 500,000 USDT position", () => {
    const index = bracketIndexFor(BTCUSDT_BRACKETS, 500_000);
    expect(BTCUSDT_BRACKETS[index]!.maintenanceAmount).toBe(1_300);
  });

  it("derive the FAQ's level-3 maintenance amount, and every amount of the table, by its formula", () => {
    const derived = deriveMaintenanceAmounts(BTCUSDT_BRACKETS.map((b) => ({ ...b, maintenanceAmount: -1 })));
    expect(derived[2]!.maintenanceAmount).toBe(250_000 * (0.01 - 0.005) + 50);
    expect(derived[2]!.maintenanceAmount).toBe(1_300);
    expect(derived).toEqual(BTCUSDT_BRACKETS);
  });

  it('place a notional by floor (excluded) and cap (included), and nothing above the last cap', () => {
    expect(bracketIndexFor(BTCUSDT_BRACKETS, 0)).toBe(0);
    expect(bracketIndexFor(BTCUSDT_BRACKETS, 50_000)).toBe(0);
    expect(bracketIndexFor(BTCUSDT_BRACKETS, 50_000.01)).toBe(1);
    expect(bracketIndexFor(BTCUSDT_BRACKETS, 500_000_000)).toBe(9);
    expect(bracketIndexFor(BTCUSDT_BRACKETS, 500_000_001)).toBe(-1);
  });

  it('keep the maintenance margin continuous from one tier to the next', () => {
    // At 250,000 (cap of tier 2, floor of tier 3): 250,000 × 0.5 % − 50 = 1,200 = 250,000 × 1 % − 1,300.
    expect(maintenanceMargin(BTCUSDT_BRACKETS[1]!, 250_000)).toBe(1_200);
    expect(maintenanceMargin(BTCUSDT_BRACKETS[2]!, 250_000)).toBe(1_200);
  });
});

describe('the editable tier table', () => {
  it('reads back the tiers it was given, rates in percent', () => {
    const drafts = draftsFromBrackets(BTCUSDT_BRACKETS);
    expect(drafts[0]).toEqual({ cap: 50_000, maintenanceMarginRatePercent: 0.4, maintenanceAmount: 0 });
    expect(bracketsFromDrafts(drafts)).toEqual({ ok: true, brackets: BTCUSDT_BRACKETS });
  });

  it('names each bad cell: empty, a cap not above the one before, a rate out of (0, 100) %', () => {
    const outcome = bracketsFromDrafts([
      { cap: 1_000, maintenanceMarginRatePercent: 0.5, maintenanceAmount: 0 },
      { cap: 1_000, maintenanceMarginRatePercent: 100, maintenanceAmount: -1 },
      { cap: null, maintenanceMarginRatePercent: null, maintenanceAmount: null },
    ]);
    expect(outcome).toEqual({
      ok: false,
      errors: {
        empty: false,
        rows: [
          {},
          { cap: 'capNotAboveFloor', maintenanceMarginRate: 'rateRange', maintenanceAmount: 'nonNegative' },
          { cap: 'required', maintenanceMarginRate: 'required', maintenanceAmount: 'required' },
        ],
      },
    });
    expect(bracketsFromDrafts([])).toEqual({ ok: false, errors: { empty: true, rows: [] } });
  });
});
