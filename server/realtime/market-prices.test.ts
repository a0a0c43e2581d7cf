import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BinanceFake } from '../test/binance-fake.ts';
import { startBinanceFake } from '../test/binance-fake-kit.ts';
import { TEST_DIALECTS } from '../test/databases.ts';
import { events, eventually } from '../test/hub-client.ts';
import { useHubTestKit } from './hub-test-kit.ts';

// Live prices for open charts through a real socket.io client: a member's connection that asks for a
// listed symbol gets MarketPrice from the exchange's ticker, at most once a second, until it stops asking;
// a non-member's connection and a symbol off the list get nothing. (What did not arrive is shown by what
// another connection received meanwhile.)

describe.each(TEST_DIALECTS)('live market prices on %s', (dialect) => {
  let fake: BinanceFake;
  beforeAll(async () => {
    fake = await startBinanceFake();
    fake.setPrice('BTCUSDT', 60_000);
  });
  afterAll(async () => {
    await fake?.stop();
  });
  const kit = useHubTestKit(dialect, () => ({ EXCHANGE_TEST_BASE_URL: fake.baseUrl }));

  it('sends a watched symbol’s price to the members who ask, once a second at most, until they stop', async () => {
    expect((await kit.post('/api/Market/AddSymbol', { symbol: 'BTCUSDT' })).statusCode).toBe(200);
    const member = await kit.member(['StandardUser']);
    const other = await kit.member(['StandardUser']);
    const nonMember = await kit.member([], { memberDays: 0 });
    const clients = {
      member: await kit.welcomed(member.token),
      other: await kit.welcomed(other.token),
      nonMember: await kit.welcomed(nonMember.token),
    };
    const prices = (name: keyof typeof clients) => events(clients[name].received, 'MarketPrice');
    clients.member.socket.emit('WatchMarket', 'BTCUSDT');
    // ETHUSDT is traded at the exchange but not on the market list.
    clients.member.socket.emit('WatchMarket', 'ETHUSDT');
    clients.nonMember.socket.emit('WatchMarket', 'BTCUSDT');
    clients.other.socket.emit('WatchMarket', 'BTCUSDT');

    // The process's ticks, as its timer would run them.
    const tick = () => kit.t.app.marketPrices.tick();
    await eventually(async () => {
      await tick();
      return prices('member').length >= 1 && prices('other').length >= 1 ? true : undefined;
    });
    expect(prices('member')[0]).toEqual({
      symbol: 'BTCUSDT',
      price: 60_000,
      priceChangePercent: expect.any(Number),
      at: expect.any(String),
    });
    fake.setPrice('BTCUSDT', 60_500);
    await eventually(async () => {
      await tick();
      return prices('other').some((p) => p.price === 60_500) ? true : undefined;
    });
    await eventually(() => (prices('member').some((p) => p.price === 60_500) ? true : undefined));
    // One price per ticker read: never two within a second.
    const times = prices('member').map((p) => Date.parse(p.at as string));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
    expect(prices('member').every((p) => p.symbol === 'BTCUSDT')).toBe(true);
    expect(prices('nonMember')).toEqual([]);

    // The member stops: the other member's next price arrives, the member's does not.
    clients.member.socket.emit('UnwatchMarket', 'BTCUSDT');
    // The hub has handled it once only the other member's connection is left in the symbol's room.
    const room = () => kit.t.app.hub.io.of('/').adapter.rooms.get('market:BTCUSDT')?.size;
    await eventually(() => (room() === 1 ? true : undefined));
    const stoppedAt = prices('member').length;
    fake.setPrice('BTCUSDT', 61_000);
    await eventually(async () => {
      await tick();
      return prices('other').some((p) => p.price === 61_000) ? true : undefined;
    });
    expect(prices('member')).toHaveLength(stoppedAt);
  });
});
