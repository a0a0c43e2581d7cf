import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { LiveSnapshot } from '#shared/schemas/trading.ts';
import {
  changeOf,
  closedOf,
  fillOf,
  orderOf,
  positionOf,
  snapshotOf,
} from '../../testing/trading-fixtures.ts';
import { hubKeys } from './hub-keys.ts';
import {
  applyTraderLiveChange,
  LIVE_HISTORY_LIMIT,
  liveAnnouncements,
  liveChangeVerdict,
} from './hub-live.ts';
import { hubCacheHandlers, refreshTraderLive } from './hub-sync.ts';

describe('liveChangeVerdict', () => {
  it('applies the next change, drops one already held, refetches on a gap and ignores unheld keys', () => {
    expect(liveChangeVerdict({ seq: 4 }, { seq: 5 })).toBe('apply');
    expect(liveChangeVerdict({ seq: 4 }, { seq: 4 })).toBe('stale');
    expect(liveChangeVerdict({ seq: 4 }, { seq: 2 })).toBe('stale');
    expect(liveChangeVerdict({ seq: 4 }, { seq: 6 })).toBe('gap');
    expect(liveChangeVerdict(undefined, { seq: 6 })).toBe('none');
  });
});

describe('applyTraderLiveChange', () => {
  it('updates, adds and removes positions by symbol and position side', () => {
    const current = snapshotOf({
      positions: [positionOf(), positionOf({ symbol: 'ETHUSDT', positionSide: 0, size: 3 })],
    });
    const next = applyTraderLiveChange(
      current,
      changeOf({
        positions: [positionOf({ markPrice: 62000 }), positionOf({ symbol: 'XRPUSDT', positionSide: 2 })],
        removedPositions: [{ symbol: 'ETHUSDT', positionSide: 0 }],
      }),
    );
    expect(next.seq).toBe(11);
    expect(next.positions.map((p) => [p.symbol, p.markPrice])).toEqual([
      ['XRPUSDT', 61000],
      ['BTCUSDT', 62000],
    ]);
    expect(current.positions).toHaveLength(2);
  });

  it('keeps only open orders: removed ones and ones that reached a final status leave', () => {
    const current = snapshotOf({
      orders: [orderOf({ orderId: '1' }), orderOf({ orderId: '2' }), orderOf({ orderId: '3' })],
    });
    const next = applyTraderLiveChange(
      current,
      changeOf({
        orders: [
          orderOf({ orderId: '1', status: 1, filled: 1 }),
          orderOf({ orderId: '2', status: 2 }),
          orderOf({ orderId: '4' }),
        ],
        removedOrders: ['3'],
      }),
    );
    expect(next.orders.map((o) => [o.orderId, o.status])).toEqual([
      ['4', 0],
      ['1', 1],
    ]);
  });

  it('adds fills and closed positions newest first, once each, within the kept window', () => {
    const current = snapshotOf({
      fills: [fillOf({ tradeId: '1', time: '2025-06-01T01:00:00.000Z' })],
      closed: [closedOf()],
    });
    const next = applyTraderLiveChange(
      current,
      changeOf({
        fills: [
          fillOf({ tradeId: '2', time: '2025-06-01T02:00:00.000Z' }),
          fillOf({ tradeId: '1', time: '2025-06-01T01:00:00.000Z' }),
        ],
        closed: [closedOf({ symbol: 'BNBUSDT', closedAt: '2025-06-01T02:00:00.000Z' })],
      }),
    );
    expect(next.fills.map((f) => f.tradeId)).toEqual(['2', '1']);
    expect(next.closed.map((c) => c.symbol)).toEqual(['BNBUSDT', 'SOLUSDT']);

    const many = Array.from({ length: LIVE_HISTORY_LIMIT + 5 }, (_, i) =>
      fillOf({ tradeId: String(100 + i), time: new Date(Date.UTC(2025, 5, 2, 0, i)).toISOString() }),
    );
    expect(applyTraderLiveChange(current, changeOf({ fills: many })).fills).toHaveLength(LIVE_HISTORY_LIMIT);
  });
});

describe('liveAnnouncements', () => {
  it('announces positions opened by the change and the positions it closed', () => {
    const opened = positionOf({ symbol: 'ETHUSDT', positionSide: 0 });
    const closed = closedOf();
    const announcements = liveAnnouncements(
      changeOf({
        positions: [opened],
        removedPositions: [{ symbol: 'SOLUSDT', positionSide: 0 }],
        opened: [
          { symbol: 'ETHUSDT', positionSide: 0 },
          // Listed as opened but gone again within the same change: announced by its closed position.
          { symbol: 'SOLUSDT', positionSide: 0 },
        ],
        closed: [closed],
      }),
    );
    expect(announcements).toEqual([
      { kind: 'opened', keyId: 1, symbol: 'ETHUSDT', positionSide: 0, position: opened },
      { kind: 'closed', keyId: 1, closed },
    ]);
    expect(liveAnnouncements(changeOf({ fills: [fillOf()] }))).toEqual([]);
  });
});

describe('TraderLiveChanged in the cache', () => {
  function setup(snapshot?: LiveSnapshot) {
    const queryClient = new QueryClient();
    const onTraderLive = vi.fn();
    const handlers = hubCacheHandlers({ queryClient, sub: 'u1', onTraderLive });
    if (snapshot) queryClient.setQueryData(hubKeys.traderLive('u1', snapshot.keyId), snapshot);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const held = () => queryClient.getQueryData<LiveSnapshot>(hubKeys.traderLive('u1', 1));
    return { queryClient, handlers, onTraderLive, invalidate, held };
  }

  it('applies the next change and announces it', () => {
    const { handlers, onTraderLive, invalidate, held } = setup(snapshotOf({ seq: 10 }));
    const change = changeOf({ seq: 11, positions: [positionOf({ markPrice: 63000 })] });
    handlers.TraderLiveChanged(change);
    expect(held()?.seq).toBe(11);
    expect(held()?.positions[0]?.markPrice).toBe(63000);
    expect(onTraderLive).toHaveBeenCalledWith(change);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('refetches the snapshot on a gap instead of applying the change', () => {
    const { handlers, onTraderLive, invalidate, held } = setup(snapshotOf({ seq: 10 }));
    handlers.TraderLiveChanged(changeOf({ seq: 13, positions: [positionOf({ markPrice: 63000 })] }));
    expect(held()?.seq).toBe(10);
    expect(held()?.positions[0]?.markPrice).toBe(61000);
    expect(invalidate).toHaveBeenCalledWith(
      { queryKey: hubKeys.traderLive('u1', 1), exact: true },
      { cancelRefetch: false },
    );
    expect(onTraderLive).toHaveBeenCalledTimes(1);
  });

  it('drops a change the snapshot already holds, silently', () => {
    const { handlers, onTraderLive, invalidate, held } = setup(snapshotOf({ seq: 10 }));
    handlers.TraderLiveChanged(changeOf({ seq: 10, opened: [{ symbol: 'BTCUSDT', positionSide: 1 }] }));
    expect(held()?.seq).toBe(10);
    expect(onTraderLive).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('only announces changes of a trader nobody is looking at', () => {
    const { queryClient, handlers, onTraderLive } = setup();
    handlers.TraderLiveChanged(changeOf({ keyId: 5, seq: 3 }));
    expect(queryClient.getQueryData(hubKeys.traderLive('u1', 5))).toBeUndefined();
    expect(onTraderLive).toHaveBeenCalledTimes(1);
  });

  it('refetches every live snapshot after a reconnect', async () => {
    const { queryClient, invalidate } = setup(snapshotOf());
    await refreshTraderLive(queryClient, 'u1');
    expect(invalidate).toHaveBeenCalledWith(
      { queryKey: hubKeys.traderLiveAll('u1') },
      { cancelRefetch: false },
    );
    expect(queryClient.getQueryState(hubKeys.traderLive('u1', 1))?.isInvalidated).toBe(true);
  });
});
