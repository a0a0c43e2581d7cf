import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candleSeries, exchangeSymbolList, marketSymbolList, marketTicker } from '#shared/schemas/market.ts';
import type { BinanceFake } from '../../test/binance-fake.ts';
import { startBinanceFake } from '../../test/binance-fake-kit.ts';
import { klines } from '../../test/binance-fake-market.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

// The market desk's data through HTTP with the fake exchange's public endpoints: the admins' allow-list, the
// members' candles and tickers, validation, one upstream call for many callers, and the exchange failing
// (the last data marked stale, or 503 when there is none; never a 500).

type Headers = { authorization: string };

describe.each(TEST_DIALECTS)('market data on %s', (dialect) => {
  let t: TestApp;
  let fake: BinanceFake;
  let admin: Headers;
  let member: Headers;
  const calls = (path: string) => fake.requests.filter((r) => r.path === path).length;
  const get = (url: string, headers: Headers = member) => t.app.inject({ url, headers });
  const post = (url: string, payload: object, headers: Headers = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  beforeAll(async () => {
    fake = await startBinanceFake();
    t = await buildTestApp(dialect, { env: { EXCHANGE_TEST_BASE_URL: fake.baseUrl } });
    const db = t.testDb.database.db;
    const a = await createUser(db, { roles: ['Admin'] });
    admin = (await signIn(t.app, a.email, a.password)).auth;
    const m = await createUser(db, { roles: ['StandardUser'], memberDays: 30 });
    member = (await signIn(t.app, m.email, m.password)).auth;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  it('lets admins pick symbols the exchange trades, once each, with an audit row', async () => {
    const listed = await get('/api/Market/ExchangeSymbols', admin);
    expect(listed.statusCode, listed.body).toBe(200);
    const offer = exchangeSymbolList.parse(listed.json());
    expect(offer.symbols.map((s) => [s.symbol, s.listed])).toEqual([
      ['BTCUSDT', false],
      ['ETHUSDT', false],
    ]);
    expect(offer.stale).toBe(false);

    const added = await post('/api/Market/AddSymbol', { symbol: ' btcusdt ' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      symbol: 'BTCUSDT',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      pricePrecision: 2,
    });
    expect((await post('/api/Market/AddSymbol', { symbol: 'ETHUSDT' })).statusCode).toBe(200);

    const again = await post('/api/Market/AddSymbol', { symbol: 'BTCUSDT' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ symbol: ['该交易对已在行情列表中'] });
    const unknown = await post('/api/Market/AddSymbol', { symbol: 'DOGEUSDT' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ symbol: ['交易所没有该交易对，或其当前不可交易'] });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/Market/AddSymbol',
      payload: { symbol: 'BTC/USDT' },
      headers: { ...admin, 'accept-language': 'en' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({
      symbol: ['A symbol is 2 to 30 letters and digits, such as BTCUSDT'],
    });

    const symbols = marketSymbolList.parse((await get('/api/Market/Symbols')).json());
    expect(symbols.map((s) => s.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    const marked = exchangeSymbolList.parse((await get('/api/Market/ExchangeSymbols', admin)).json());
    expect(marked.symbols.every((s) => s.listed)).toBe(true);
    // The exchange's list was read once: the second time came from the cache.
    expect(calls('/fapi/v1/exchangeInfo')).toBe(1);

    const audit = await t.testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', 'like', 'admin.market.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'admin.market.add', target_id: 'BTCUSDT' },
      { action: 'admin.market.add', target_id: 'ETHUSDT' },
    ]);
  });

  it("answers a listed symbol's candles as the exchange has them, with one upstream call for many callers", async () => {
    const before = calls('/fapi/v1/klines');
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => get('/api/Market/Candles?symbol=BTCUSDT&interval=15m&limit=120')),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(calls('/fapi/v1/klines') - before).toBe(1);

    const series = candleSeries.parse(answers[0]!.json());
    expect(series).toMatchObject({ symbol: 'BTCUSDT', interval: '15m', stale: false });
    expect(series.candles).toHaveLength(120);
    // The closed candles are the exchange's (the fake's prices are a function of time); the last one is open.
    const last = series.candles.at(-1)!.time;
    const expected = klines('BTCUSDT', '15m', 120, last - 1).map((k) => ({
      time: k[0],
      open: Number(k[1]),
      high: Number(k[2]),
      low: Number(k[3]),
      close: Number(k[4]),
      volume: Number(k[5]),
    }));
    expect(series.candles.slice(0, -1)).toEqual(expected.slice(-119));

    // A smaller limit comes from the same cached read.
    const few = candleSeries.parse(
      (await get('/api/Market/Candles?symbol=BTCUSDT&interval=15m&limit=5')).json(),
    );
    expect(few.candles).toEqual(series.candles.slice(-5));
    expect(calls('/fapi/v1/klines') - before).toBe(1);
  });

  it('refuses bad queries with messages, and symbols off the list with 404', async () => {
    const bad = await get('/api/Market/Candles?symbol=BTCUSDT&interval=2m&limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ interval: ['K线周期无效'], limit: ['K线数量须为1-499'] });
    const missing = await get('/api/Market/Candles');
    expect(missing.json().errors).toEqual({ symbol: ['请选择交易对'] });
    const off = await get('/api/Market/Ticker?symbol=SOLUSDT');
    expect(off.statusCode).toBe(404);
    expect(off.json().errors).toEqual({ symbol: ['该交易对不在行情列表中'] });
  });

  it('answers the last ticker marked stale while the exchange fails, and 503 when it has none yet', async () => {
    const first = marketTicker.parse((await get('/api/Market/Ticker?symbol=BTCUSDT')).json());
    expect(first).toMatchObject({ symbol: 'BTCUSDT', stale: false });
    expect(first.lastPrice).toBeGreaterThan(50_000);

    // A ticker is read at most once a second: once that second has passed, the exchange fails.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    fake.fail({ kind: 'status', status: 502 }, { path: '/fapi/v1/ticker/24hr', times: 1 });
    const stale = await get('/api/Market/Ticker?symbol=BTCUSDT');
    expect(stale.statusCode).toBe(200);
    expect(marketTicker.parse(stale.json())).toEqual({ ...first, stale: true });

    fake.fail({ kind: 'malformed' }, { path: '/fapi/v1/ticker/24hr', times: 1 });
    const none = await get('/api/Market/Ticker?symbol=ETHUSDT');
    expect(none.statusCode).toBe(503);
    expect(none.headers['retry-after']).toBe('5');
    expect(none.json().errors ?? {}).toEqual({});
    expect(none.json().detail).toBe('暂时无法从交易所获取行情，请稍后重试');
  });

  it('stops serving a symbol taken off the list', async () => {
    const removed = await post('/api/Market/DeleteSymbol', { symbol: 'ETHUSDT' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await post('/api/Market/DeleteSymbol', { symbol: 'ETHUSDT' })).statusCode).toBe(404);
    expect((await get('/api/Market/Candles?symbol=ETHUSDT')).statusCode).toBe(404);
    const symbols = marketSymbolList.parse((await get('/api/Market/Symbols')).json());
    expect(symbols.map((s) => s.symbol)).toEqual(['BTCUSDT']);
  });
});
