import { describe, expect, it } from 'vitest';
import { SIDE } from '#shared/trading.ts';
import {
  applyFill,
  type ClosedPosition,
  closedPositions,
  createPositionBook,
  type Fill,
  type OpenPosition,
  openPositions,
  rebuildPositions,
} from './positions.ts';

// Closed positions rebuilt from fills. Expected values worked out by hand in the comments.

const T = Date.UTC(2025, 0, 1);
const MINUTE = 60_000;

function fill(
  tradeId: number | string,
  side: Fill['side'],
  positionSide: Fill['positionSide'],
  qty: number,
  price: number,
  minute: number,
  realizedPnl = 0,
  commission = 0,
  symbol = 'BTCUSDT',
): Fill {
  return {
    tradeId,
    symbol,
    side,
    positionSide,
    qty,
    price,
    time: T + minute * MINUTE,
    realizedPnl,
    commission,
  };
}

describe('rebuildPositions', () => {
  it('an add after a partial close belongs to the same position', () => {
    // BUY 2 @100, SELL 1 @110 (+10), BUY 2 @130, SELL 3 @120 (remaining 1 @100 + 2 @130, avg 120: 0).
    // Entry (2x100 + 2x130) / 4 = 115; exit (1x110 + 3x120) / 4 = 117.5; 4 closed; largest size 1 + 2 = 3.
    const [position, ...rest] = closedPositions([
      fill(1, 'BUY', 'BOTH', 2, 100, 0),
      fill(2, 'SELL', 'BOTH', 1, 110, 1, 10),
      fill(3, 'BUY', 'BOTH', 2, 130, 2),
      fill(4, 'SELL', 'BOTH', 3, 120, 3, 0),
    ]);
    expect(rest).toEqual([]);
    expect(position).toMatchObject({
      entryPrice: 115,
      exitPrice: 117.5,
      size: 4,
      maxSize: 3,
      realizedPnl: 10,
    });
    expect(position!.holdingMs).toBe(3 * MINUTE);
  });

  it('a close of a position opened before the history is left out, not taken for an opening', () => {
    // SELL 1 with realized PnL 5 on a flat book closes an older long: ignored. Then a full round trip.
    // Hedge mode: BUY SHORT with nothing tracked on the short side: ignored too.
    const rebuilt = rebuildPositions([
      fill(1, 'SELL', 'BOTH', 1, 110, 0, 5),
      fill(2, 'BUY', 'SHORT', 1, 110, 1, 3),
      fill(3, 'BUY', 'BOTH', 1, 100, 2),
      fill(4, 'SELL', 'BOTH', 1, 105, 3, 5),
    ]);
    expect(rebuilt.ignoredFills).toBe(2);
    expect(rebuilt.open).toEqual([]);
    expect(rebuilt.closed).toHaveLength(1);
    expect(rebuilt.closed[0]).toMatchObject({
      side: 'LONG',
      entryPrice: 100,
      exitPrice: 105,
      realizedPnl: 5,
    });
  });

  it('hedge mode: reducing beyond the tracked size closes what is tracked, by quantity', () => {
    // Tracked long 1 (fee 0.1); SELL LONG 3 @110, PnL 30, fee 0.3: 1/3 of it is ours: PnL 10, fee 0.1.
    const rebuilt = rebuildPositions([
      fill(1, 'BUY', 'LONG', 1, 100, 0, 0, 0.1),
      fill(2, 'SELL', 'LONG', 3, 110, 1, 30, 0.3),
    ]);
    expect(rebuilt.ignoredFills).toBe(1);
    expect(rebuilt.closed).toHaveLength(1);
    expect(rebuilt.closed[0]).toMatchObject({ size: 1, realizedPnl: 10, exitPrice: 110 });
    expect(rebuilt.closed[0]!.commission).toBeCloseTo(0.2, 12);
    // No flip in hedge mode.
    expect(rebuilt.open).toEqual([]);
  });

  it('sizes made of decimal steps close exactly (0.1 + 0.2 - 0.3)', () => {
    const rebuilt = rebuildPositions([
      fill(1, 'BUY', 'BOTH', 0.1, 100, 0),
      fill(2, 'BUY', 'BOTH', 0.2, 100, 1),
      fill(3, 'SELL', 'BOTH', 0.3, 101, 2, 0.3),
    ]);
    expect(rebuilt.closed).toHaveLength(1);
    expect(rebuilt.open).toEqual([]);
    expect(rebuilt.ignoredFills).toBe(0);
  });

  it('sorts by time then trade id (ids as strings compare as integers); numeric SIDE values', () => {
    // Same millisecond: id '9' (the buy) comes before id '10' (the sell), whatever the input order.
    const positions = closedPositions([
      fill('10', SIDE.sell, 'BOTH', 1, 101, 0, 1),
      fill('9', SIDE.buy, 'BOTH', 1, 100, 0),
      fill('11', SIDE.sell, 'BOTH', 2, 90, 5, 0, 0, 'ETHUSDT'),
      fill('12', SIDE.buy, 'BOTH', 2, 80, 6, 20, 0, 'ETHUSDT'),
    ]);
    expect(positions.map((p) => [p.symbol, p.side, p.netPnl])).toEqual([
      ['BTCUSDT', 'LONG', 1],
      ['ETHUSDT', 'SHORT', 20],
    ]);
  });

  it('a book stored and restored between syncs gives the same positions as one pass', () => {
    const fills = [
      fill(1, 'BUY', 'BOTH', 2, 100, 0, 0, 0.2),
      fill(2, 'SELL', 'BOTH', 1, 110, 1, 10, 0.11),
      fill(3, 'SELL', 'SHORT', 1, 110, 2, 0, 0, 'ETHUSDT'),
      // --- stored here
      fill(4, 'SELL', 'BOTH', 3, 120, 3, 20, 0.36),
      fill(5, 'BUY', 'BOTH', 2, 130, 4, -20, 0.26),
      fill(6, 'BUY', 'SHORT', 1, 100, 5, 10, 0, 'ETHUSDT'),
    ];
    const closed: ClosedPosition[] = [];
    const book = createPositionBook();
    for (const f of fills.slice(0, 3)) applyFill(book, f, closed);
    const stored = JSON.parse(JSON.stringify(openPositions(book))) as OpenPosition[];
    const restored = createPositionBook(stored);
    for (const f of fills.slice(3)) applyFill(restored, f, closed);
    expect(closed).toEqual(closedPositions(fills));
    expect(closed).toHaveLength(3);
  });
});
