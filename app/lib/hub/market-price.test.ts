import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_USER } from '../../testing/fake-auth.ts';
import { fakeSocketFactory } from '../../testing/fake-hub-socket.ts';
import { hubKeys } from './hub-keys.ts';
import { acquireHub, closeHub, watchMarketPrice } from './hub-runtime.ts';

// What the connection asks the hub for live prices: each wanted symbol once, however many pages want it;
// again after every reconnection; UnwatchMarket when the last page lets it go. MarketPrice lands in the
// symbol's query.

describe('live market prices on the connection', () => {
  afterEach(() => closeHub());

  it('asks once per symbol, again on reconnecting, and stops when no page wants it', () => {
    const queryClient = new QueryClient();
    const sockets = fakeSocketFactory();
    const release = acquireHub({
      queryClient,
      sub: TEST_USER.sub,
      getToken: async () => 'token',
      connection: { createSocket: sockets.createSocket, retryDelay: () => 1000 },
    });
    const socket = sockets.sockets[0]!;
    // Wanted before the connection is up: asked for once it connects.
    const first = watchMarketPrice('BTCUSDT');
    const second = watchMarketPrice('BTCUSDT');
    expect(socket.emitted).toEqual([]);
    socket.fire('connect');
    expect(socket.emitted).toEqual([['WatchMarket', 'BTCUSDT']]);
    const eth = watchMarketPrice('ETHUSDT');
    expect(socket.emitted.at(-1)).toEqual(['WatchMarket', 'ETHUSDT']);

    socket.fire('MarketPrice', {
      symbol: 'BTCUSDT',
      price: 60_000,
      priceChangePercent: 1.5,
      at: '2026-11-26T10:00:00.000Z',
    });
    expect(queryClient.getQueryData(hubKeys.marketPrice(TEST_USER.sub, 'BTCUSDT'))).toMatchObject({
      price: 60_000,
    });

    // One page lets BTCUSDT go: still wanted by the other. ETHUSDT is let go by its only page.
    first();
    first();
    eth();
    expect(socket.emitted.slice(2)).toEqual([['UnwatchMarket', 'ETHUSDT']]);

    // Back after a drop: what is still wanted is asked for again.
    socket.fire('disconnect', 'transport close');
    socket.emitted.length = 0;
    socket.fire('connect');
    expect(socket.emitted).toEqual([['WatchMarket', 'BTCUSDT']]);
    second();
    expect(socket.emitted.at(-1)).toEqual(['UnwatchMarket', 'BTCUSDT']);
    release();
  });
});
