import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHubTestKit } from '../realtime/hub-test-kit.ts';
import type { BinanceFake } from '../test/binance-fake.ts';
import { fakeReader, recordingLogger, startBinanceFake } from '../test/binance-fake-kit.ts';
import { TEST_DIALECTS } from '../test/databases.ts';
import { connected, events, eventually } from '../test/hub-client.ts';
import { createLevelWatch } from './level-watch.ts';
import { createMarketData } from './market-data.ts';

// Crossing alerts through the hub, with the fake exchange's price moved by the test: a watcher who may see
// the set gets one LevelCrossed per crossing, live or on reconnecting; nobody else gets it; two processes
// watching record a crossing once.

/** The ticker is read at most once a second: a price set now is read after that second. */
const nextTickerRead = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe.each(TEST_DIALECTS)('level crossing alerts on %s', (dialect) => {
  let fake: BinanceFake;
  beforeAll(async () => {
    fake = await startBinanceFake();
    fake.setPrice('BTCUSDT', 60_000);
  });
  afterAll(async () => {
    await fake?.stop();
  });
  const kit = useHubTestKit(dialect, () => ({ EXCHANGE_TEST_BASE_URL: fake.baseUrl }));
  const crossings = async () =>
    (
      await kit.db().selectFrom('hub_events').select('payload').where('name', '=', 'levels.crossed').execute()
    ).map((row) => JSON.parse(row.payload) as { direction: string; levelId: number });

  it('alerts the watchers who may see the set once per crossing, live or when they come back', async () => {
    expect((await kit.post('/api/Market/AddSymbol', { symbol: 'BTCUSDT' })).statusCode).toBe(200);
    const added = await kit.post('/api/Levels/Add', {
      symbol: 'BTCUSDT',
      timeframe: '1h',
      bias: 'neutral',
      supports: [{ price: 59_000, reason: 'range low', strength: 3 }],
      resistances: [{ price: 61_000, reason: 'range high', strength: null }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const setId = added.json().id as number;
    const watcher = await kit.member(['StandardUser']);
    const bystander = await kit.member(['StandardUser']);
    const leaver = await kit.member(['StandardUser']);
    for (const who of [watcher, leaver]) {
      const res = await kit.t.app.inject({
        method: 'POST',
        url: '/api/Levels/Watch',
        headers: who.auth,
        payload: { id: setId, watch: true },
      });
      expect(res.statusCode).toBe(200);
    }
    const clients = {
      watcher: await kit.welcomed(watcher.token),
      bystander: await kit.welcomed(bystander.token),
    };
    const crossed = (name: keyof typeof clients) => events(clients[name].received, 'LevelCrossed');

    // First look: where the price stands is noted, nothing is sent.
    await kit.t.app.levelWatch.tick();
    expect(await crossings()).toEqual([]);

    // Below the support: one alert to the watcher.
    fake.setPrice('BTCUSDT', 58_500);
    await nextTickerRead();
    await kit.t.app.levelWatch.tick();
    await kit.t.app.levelWatch.tick();
    await kit.mark(Object.values(clients));
    const levels = await kit
      .db()
      .selectFrom('levels')
      .select(['id', 'kind'])
      .where('set_id', '=', setId)
      .execute();
    const support = levels.find((l) => l.kind === 'support')!.id;
    expect(crossed('watcher')).toEqual([
      {
        setId,
        levelId: support,
        symbol: 'BTCUSDT',
        kind: 'support',
        level: 59_000,
        price: 58_500,
        direction: 'down',
        at: expect.any(String),
        eventId: expect.any(Number),
      },
    ]);
    expect(crossed('bystander')).toEqual([]);

    // The leaver's membership is over: a crossing no longer reaches them, though they still watch.
    await kit
      .db()
      .updateTable('users')
      .set({ member_expiry_date: Date.now() - 1000 })
      .where('id', '=', leaver.user.id)
      .execute();

    // Away while the price comes back above the support: the alert waits for the watcher's return.
    const lastEventId = crossed('watcher')[0]!.eventId as number;
    clients.watcher.socket.disconnect();
    fake.setPrice('BTCUSDT', 59_500);
    await nextTickerRead();
    // Two processes watching: the crossing is recorded once.
    const other = createLevelWatch({
      db: kit.db(),
      market: createMarketData({
        db: kit.db(),
        source: fakeReader(fake, undefined).reader,
        log: recordingLogger(),
      }),
      log: recordingLogger(),
    });
    await Promise.all([kit.t.app.levelWatch.tick(), other.tick()]);
    await other.stop();
    expect((await crossings()).map((c) => c.direction)).toEqual(['down', 'up']);

    const back = kit.open(watcher.token, { lastEventId });
    await connected(back.socket);
    const replayed = await eventually(() => events(back.received, 'LevelCrossed')[0]);
    expect(replayed).toMatchObject({ setId, levelId: support, direction: 'up', price: 59_500 });
    const leaverClient = kit.open(leaver.token, { lastEventId });
    await connected(leaverClient.socket);
    await kit.mark([back, clients.bystander]);
    expect(events(back.received, 'LevelCrossed')).toHaveLength(1);
    expect(events(leaverClient.received, 'LevelCrossed')).toEqual([]);
    expect(crossed('bystander')).toEqual([]);
  });
});
