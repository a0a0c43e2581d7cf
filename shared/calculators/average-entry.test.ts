import { describe, expect, it } from 'vitest';
import { averageEntry } from './average-entry.ts';

// Worked out by hand (a weighted mean has no exchange-published example to cite).

describe('average entry', () => {
  it('weights each price by the quantity bought', () => {
    // 0.1 at 30,000 (3,000) + 0.2 at 25,000 (5,000) + 0.3 at 20,000 (6,000): 14,000 for 0.6 → 23,333.33.
    const outcome = averageEntry('quantity', [
      { price: 30_000, size: 0.1 },
      { price: 25_000, size: 0.2 },
      { price: 20_000, size: 0.3 },
    ]);
    if (!outcome.ok) throw new Error('expected figures');
    expect(outcome.value.totalQuantity).toBeCloseTo(0.6, 12);
    expect(outcome.value.totalCost).toBeCloseTo(14_000, 9);
    expect(outcome.value.averagePrice).toBeCloseTo(23_333.3333, 3);
    expect(outcome.value.buys[1]).toEqual({ price: 25_000, quantity: 0.2, cost: 5_000 });
  });

  it('turns amounts spent into quantities: the harmonic mean of the prices', () => {
    // 1,000 USDT at 50 (20) and 1,000 at 25 (40): 2,000 for 60 → 33.33, not the plain mean 37.5.
    const outcome = averageEntry('amount', [
      { price: 50, size: 1_000 },
      { price: 25, size: 1_000 },
    ]);
    if (!outcome.ok) throw new Error('expected figures');
    expect(outcome.value.totalQuantity).toBe(60);
    expect(outcome.value.totalCost).toBe(2_000);
    expect(outcome.value.averagePrice).toBeCloseTo(33.3333, 4);
  });

  it('names the bad cells of each row, and asks for at least one row', () => {
    expect(
      averageEntry('quantity', [
        { price: 10, size: 1 },
        { price: null, size: 0 },
        { price: -3, size: 2e15 },
      ]),
    ).toEqual({
      ok: false,
      noRows: false,
      rows: [{}, { price: 'required', size: 'positive' }, { price: 'positive', size: 'tooLarge' }],
    });
    expect(averageEntry('quantity', [])).toEqual({ ok: false, noRows: true, rows: [] });
  });
});
