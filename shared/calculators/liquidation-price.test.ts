import { describe, expect, it } from 'vitest';
import { type LiquidationInput, liquidationPrice } from './liquidation-price.ts';
import { BTCUSDT_BRACKETS } from './maintenance-brackets.ts';

// Formula: Binance Support, "How to Calculate Liquidation Price of USDⓈ-M Futures Contracts"
// (https://www.binance.com/en/support/faq/how-to-calculate-liquidation-price-of-usd%E2%93%A2-m-futures-contracts-b3c689c1f50a44cabb3a84e663b81d93),
// one-way mode. That page publishes worked figures only for the tiers (264,000 USDT → rate 1 %; 500,000 USDT
// → maintenance amount 1,300 USDT; see maintenance-brackets.test.ts), not a liquidation price, and none was
// found elsewhere from Binance; so each liquidation price below is worked out by hand from the formula
//   LP = (WB − TMM1 + UPNL1 + cumB − Side × Position × EP) / (Position × MMR − Side × Position)
// over the BTCUSDT tiers of maintenance-brackets.ts, and checked the other way: at LP the position's equity
// (WB + its PnL at LP) equals its maintenance margin (notional at LP × MMR − cum).

const base = { brackets: BTCUSDT_BRACKETS } as const;

function price(input: Omit<LiquidationInput, 'brackets'>) {
  const outcome = liquidationPrice({ ...input, ...base });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.value;
}

describe('liquidation price, isolated', () => {
  it("uses the FAQ's published tier of a 500,000 USDT position: rate 1 %, maintenance amount 1,300", () => {
    // Long 10 BTC at 50,000 (notional 500,000: tier 3, 1 %, cum 1,300), 20×: WB = 500,000 ÷ 20 = 25,000.
    // LP = (25,000 + 1,300 − 10 × 50,000) / (10 × 0.01 − 10) = −473,700 / −9.9 = 47,848.4848…
    // (notional 478,484.85: still tier 3). Check: equity 25,000 + 10 × (47,848.48 − 50,000) = 3,484.85;
    // maintenance 478,484.85 × 1 % − 1,300 = 3,484.85.
    const result = price({
      side: 'long',
      marginMode: 'isolated',
      entryPrice: 50_000,
      quantity: 10,
      leverage: 20,
    });
    expect(result.liquidationPrice).toBeCloseTo(47_848.4848, 3);
    expect(result.walletBalance).toBe(25_000);
    expect(result.notional).toBe(500_000);
    expect(result.entryBracketIndex).toBe(2);
    expect(result.bracketIndex).toBe(2);
    expect(result.bracket).toMatchObject({ maintenanceMarginRate: 0.01, maintenanceAmount: 1_300 });
    // 500,000 × 1 % − 1,300 = 3,700.
    expect(result.maintenanceMarginAtEntry).toBeCloseTo(3_700, 9);
    expect(result.distance).toBeCloseTo(-0.0430303, 6);
    expect(result.liquidatedAtEntry).toBe(false);
  });

  it('computes a long and a short of 1 BTC at 60,000, 20×', () => {
    // Notional 60,000: tier 2 (0.5 %, cum 50); WB 3,000.
    // Long: (3,000 + 50 − 60,000) / (0.005 − 1) = −56,950 / −0.995 = 57,236.1809…
    //   check: equity 3,000 − 2,763.82 = 236.18; maintenance 57,236.18 × 0.5 % − 50 = 236.18.
    // Short: (3,000 + 50 + 60,000) / (0.005 + 1) = 63,050 / 1.005 = 62,736.3184…
    //   check: equity 3,000 − 2,736.32 = 263.68; maintenance 62,736.32 × 0.5 % − 50 = 263.68.
    const long = price({
      side: 'long',
      marginMode: 'isolated',
      entryPrice: 60_000,
      quantity: 1,
      leverage: 20,
    });
    const short = price({
      side: 'short',
      marginMode: 'isolated',
      entryPrice: 60_000,
      quantity: 1,
      leverage: 20,
    });
    expect(long.liquidationPrice).toBeCloseTo(57_236.1809, 3);
    expect(short.liquidationPrice).toBeCloseTo(62_736.3184, 3);
    expect(short.distance).toBeGreaterThan(0);
  });

  it('counts margin added to the position', () => {
    // As above, long, with 1,000 added: WB 4,000: (4,000 + 50 − 60,000) / −0.995 = 56,231.1557…
    const result = price({
      side: 'long',
      marginMode: 'isolated',
      entryPrice: 60_000,
      quantity: 1,
      leverage: 20,
      addedMargin: 1_000,
    });
    expect(result.walletBalance).toBe(4_000);
    expect(result.liquidationPrice).toBeCloseTo(56_231.1557, 3);
  });

  it('recalculates with the tier of the notional at the liquidation price, as the FAQ says', () => {
    // Long 5 BTC at 52,000 (notional 260,000: tier 3), 2×: WB 130,000.
    // Tier 3: (130,000 + 1,300 − 260,000) / (5 × 0.01 − 5) = 26,000: notional 130,000, which is tier 2.
    // Tier 2: (130,000 + 50 − 260,000) / (5 × 0.005 − 5) = −129,950 / −4.975 = 26,120.6030…: notional
    // 130,603 (tier 2). Check: equity 130,000 + 5 × (26,120.60 − 52,000) = 603.02; maintenance 130,603.02 ×
    // 0.5 % − 50 = 603.02.
    const result = price({
      side: 'long',
      marginMode: 'isolated',
      entryPrice: 52_000,
      quantity: 5,
      leverage: 2,
    });
    expect(result.entryBracketIndex).toBe(2);
    expect(result.bracketIndex).toBe(1);
    expect(result.liquidationPrice).toBeCloseTo(26_120.603, 3);
  });

  it('answers no price when the position cannot be liquidated', () => {
    // Long at 1×: (100 + 0 − 100) / (0.004 − 1) = 0, and with margin added the formula is negative.
    expect(
      price({ side: 'long', marginMode: 'isolated', entryPrice: 100, quantity: 1, leverage: 1 }),
    ).toMatchObject({ liquidationPrice: null, distance: null, liquidatedAtEntry: false });
    const added = price({
      side: 'long',
      marginMode: 'isolated',
      entryPrice: 100,
      quantity: 1,
      leverage: 2,
      addedMargin: 80,
    });
    expect(added.liquidationPrice).toBeNull();
  });
});

describe('liquidation price, cross', () => {
  it("counts the other positions' maintenance margin and unrealized PnL", () => {
    // Short 2 BTC at 30,000 (notional 60,000: tier 2), wallet 10,000, others: maintenance 500, PnL −200.
    // LP = (10,000 − 500 − 200 + 50 + 2 × 30,000) / (2 × 0.005 + 2) = 69,350 / 2.01 = 34,502.4876…
    // (notional 69,004.98: tier 2). Check: equity 10,000 − 500 − 200 − 2 × 4,502.49 = 294.02 = maintenance
    // 69,004.98 × 0.5 % − 50.
    const result = price({
      side: 'short',
      marginMode: 'cross',
      entryPrice: 30_000,
      quantity: 2,
      leverage: null,
      walletBalance: 10_000,
      otherMaintenanceMargin: 500,
      otherUnrealizedPnl: -200,
    });
    expect(result.liquidationPrice).toBeCloseTo(34_502.4876, 3);
    expect(result.walletBalance).toBe(10_000);
  });

  it('flags a position whose balance does not cover its maintenance margin at entry', () => {
    // Long 1 BTC at 60,000, wallet 200 (maintenance at entry 60,000 × 0.5 % − 50 = 250):
    // (200 + 50 − 60,000) / −0.995 = 60,050.25, above the entry.
    const result = price({
      side: 'long',
      marginMode: 'cross',
      entryPrice: 60_000,
      quantity: 1,
      leverage: null,
      walletBalance: 200,
    });
    expect(result.liquidationPrice).toBeCloseTo(60_050.2513, 3);
    expect(result.maintenanceMarginAtEntry).toBeCloseTo(250, 9);
    expect(result.liquidatedAtEntry).toBe(true);
  });
});

describe('liquidation price, validation', () => {
  it('asks for the fields of the chosen margin mode only', () => {
    const isolated = liquidationPrice({
      ...base,
      side: 'long',
      marginMode: 'isolated',
      entryPrice: null,
      quantity: 0,
      leverage: 126,
      addedMargin: -5,
      walletBalance: null,
    });
    expect(isolated).toEqual({
      ok: false,
      errors: {
        entryPrice: { code: 'required' },
        quantity: { code: 'positive' },
        leverage: { code: 'range', params: { min: 1, max: 125 } },
        addedMargin: { code: 'nonNegative' },
      },
    });
    const cross = liquidationPrice({
      ...base,
      side: 'long',
      marginMode: 'cross',
      entryPrice: 100,
      quantity: 1,
      leverage: null,
      walletBalance: null,
      otherMaintenanceMargin: -1,
    });
    expect(cross).toEqual({
      ok: false,
      errors: { walletBalance: { code: 'required' }, otherMaintenanceMargin: { code: 'nonNegative' } },
    });
  });

  it('refuses a notional above the last tier', () => {
    // 10,000 BTC at 60,000 = 600,000,000 USDT, above the last cap (500,000,000).
    const outcome = liquidationPrice({
      ...base,
      side: 'long',
      marginMode: 'isolated',
      entryPrice: 60_000,
      quantity: 10_000,
      leverage: 1,
    });
    expect(outcome).toEqual({
      ok: false,
      errors: { quantity: { code: 'notionalAboveTiers', params: { cap: 500_000_000 } } },
    });
  });
});
