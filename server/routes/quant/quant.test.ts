import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AddQuantRequest,
  freqtradeImport,
  quantCardList,
  quantStrategy,
} from '#shared/schemas/quant.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createTraderKey, createUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

// Quantitative strategies through HTTP on both databases: publishing with validation, who sees what (the
// strategy's role tags), filters and sorting, editing and deleting (audited), and the freqtrade import with
// its refusals.

type Headers = { authorization: string };

const FIXTURE = readFileSync(
  path.join(import.meta.dirname, '../../test/fixtures/freqtrade-backtest-result.json'),
);

function multipart(data: Buffer, filename = 'backtest-result-2024-02-07_10-00-00.json') {
  const boundary = '----quant-test-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/json\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(TEST_DIALECTS)('quantitative strategies on %s', (dialect) => {
  let t: TestApp;
  let admin: Headers;
  let standard: Headers;
  let premium: Headers;
  let gold: Headers;
  let premiumRoleId: number;
  let goldRoleId: number;
  let traderKeyId: number;
  const ids: Record<string, number> = {};

  const get = (url: string, headers: Headers, language = 'en') =>
    t.app.inject({ url, headers: { ...headers, 'accept-language': language } });
  const post = (url: string, payload: object, headers: Headers = admin, language = 'en') =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'accept-language': language } });
  const upload = (data: Buffer, query = '', headers: Headers = admin, language = 'en') => {
    const body = multipart(data);
    return t.app.inject({
      method: 'POST',
      url: `/api/Quant/ImportFreqtrade${query}`,
      payload: body.payload,
      headers: { ...headers, 'content-type': body.contentType, 'accept-language': language },
    });
  };
  const names = async (url: string, headers: Headers) => {
    const res = await get(url, headers);
    expect(res.statusCode, res.body).toBe(200);
    return quantCardList.parse(res.json()).map((card) => card.name);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const db = t.testDb.database.db;
    const a = await createUser(db, { roles: ['Admin'] });
    admin = (await signIn(t.app, a.email, a.password)).auth;
    const s = await createUser(db, { roles: ['StandardUser'], memberDays: 30 });
    standard = (await signIn(t.app, s.email, s.password)).auth;
    const p = await createUser(db, { roles: ['PremiumUser'], memberDays: 30 });
    premium = (await signIn(t.app, p.email, p.password)).auth;
    const g = await createUser(db, { roles: ['Gold'], memberDays: 30 });
    gold = (await signIn(t.app, g.email, g.password)).auth;
    const roleId = async (name: string) =>
      (await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    premiumRoleId = await roleId('PremiumUser');
    goldRoleId = await roleId('Gold');
    // A trader the standard member follows (so may watch its statistics); the premium member does not.
    traderKeyId = await createTraderKey(db, { name: 'Grid trader', roleIds: [await roleId('StandardUser')] });
    await db
      .insertInto('subscriptions')
      .values({ user_id: s.id, key_id: traderKeyId, created_at: Date.now() })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads a freqtrade backtest result for review, the first strategy or the one asked for', async () => {
    const res = await upload(FIXTURE);
    expect(res.statusCode, res.body).toBe(200);
    const read = freqtradeImport.parse(res.json());
    expect(read.strategies).toEqual(['GridFuturesV2', 'TrendFollowV1']);
    expect(read.strategy).toBe('GridFuturesV2');
    expect(read.results).toMatchObject({
      source: 'freqtrade',
      totalReturn: 0.019,
      annualizedReturn: 1.668242570889896,
      maxDrawdown: 0.020752812584623716,
      sharpe: 4.1654948073499165,
      sortino: 6.2666290948003995,
      calmar: 249.87627844668629,
      winRate: 0.6666666666666666,
      profitFactor: 1.7421875,
      trades: 6,
      periodStart: '2024-01-28',
      periodEnd: '2024-02-04',
      startingBalance: 10000,
      finalBalance: 10190,
      currency: 'USDT',
    });
    expect(read.results.daily?.points).toHaveLength(8);
    expect(read.results.daily?.points[5]).toEqual({ date: '2024-02-02', value: -210.75 });
    expect(read.suggested).toMatchObject({ timeframe: '15m', symbols: ['BTCUSDT', 'ETHUSDT'] });

    const other = freqtradeImport.parse((await upload(FIXTURE, '?strategy=TrendFollowV1')).json());
    expect(other.strategy).toBe('TrendFollowV1');
    expect(other.results).toMatchObject({ totalReturn: 0.005, sharpe: null, winRate: 0.5, trades: 4 });

    const unknown = await upload(FIXTURE, '?strategy=Nope');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      strategy: ['The backtest result holds no strategy of that name'],
    });
  });

  it('refuses files that are not freqtrade results, in zh and en', async () => {
    const cases: Array<[Buffer, string, string]> = [
      [
        Buffer.from('not json at all'),
        '文件不是有效的 JSON：请上传 freqtrade 回测结果文件（backtest-result-*.json）',
        'The file is not valid JSON: upload a freqtrade backtest result (backtest-result-*.json)',
      ],
      [
        Buffer.from(JSON.stringify({ latest_backtest: 'backtest-result-2024-02-07_10-00-00.json' })),
        '这不是 freqtrade 回测结果：文件中没有 strategy 对象',
        'This is not a freqtrade backtest result: the file has no "strategy" object',
      ],
      [
        Buffer.from('PK\x03\x04\x14\x00\x00\x00', 'latin1'),
        '这是一个压缩文件：请解压后上传其中的 backtest-result-*.json 文件',
        'This is a compressed archive: unpack it and upload the backtest-result-*.json file inside',
      ],
    ];
    for (const [data, zh, en] of cases) {
      const inChinese = await upload(data, '', admin, 'zh');
      expect(inChinese.statusCode, inChinese.body).toBe(400);
      expect(inChinese.json()).toMatchObject({ detail: zh, errors: { file: [zh] } });
      expect((await upload(data)).json()).toMatchObject({ detail: en, errors: { file: [en] } });
    }

    const wrongType = JSON.parse(FIXTURE.toString('utf8'));
    wrongType.strategy.GridFuturesV2.total_trades = 'six';
    const refused = await upload(Buffer.from(JSON.stringify(wrongType)));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: { file: ['A field of the freqtrade backtest result is missing or of the wrong type'] },
      field: 'strategy.GridFuturesV2.total_trades',
    });

    const tooLarge = await upload(Buffer.alloc(20 * 1024 * 1024 + 1, 0x20));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().errors).toEqual({ file: ['The file is larger than 20 MB.'] });

    expect((await upload(FIXTURE, '', premium)).statusCode).toBe(403);
  });

  it('publishes a strategy with the imported results, cleaned and in order', async () => {
    const read = freqtradeImport.parse((await upload(FIXTURE)).json());
    const body: AddQuantRequest = {
      name: '  BTC/ETH futures grid  ',
      type: 'grid',
      market: 'USDⓈ-M futures',
      symbols: ['btcusdt', 'ETHUSDT', 'BTCUSDT'],
      timeframe: '15m',
      riskLevel: 'medium',
      status: 'backtest',
      description: '<p>Grid on <b>BTC</b> and ETH.</p><script>alert(1)</script><img src="javascript:x">',
      parameters: [
        { key: 'grid_levels', value: '24' },
        { key: 'stoploss', value: '-0.05' },
      ],
      roleIds: [],
      traderKeyId,
      results: read.results,
    };
    const added = await post('/api/Quant/Add', body);
    expect(added.statusCode, added.body).toBe(200);
    ids.grid = added.json().id;

    const got = await get(`/api/Quant/Get?id=${ids.grid}`, standard);
    expect(got.statusCode, got.body).toBe(200);
    const strategy = quantStrategy.parse(got.json());
    expect(strategy).toMatchObject({
      name: 'BTC/ETH futures grid',
      type: 'grid',
      market: 'USDⓈ-M futures',
      symbols: ['BTCUSDT', 'ETHUSDT'],
      timeframe: '15m',
      riskLevel: 'medium',
      status: 'backtest',
      description: '<p>Grid on <b>BTC</b> and ETH.</p>',
      parameters: body.parameters,
      roleIds: [],
      trader: { id: traderKeyId, keyName: 'Grid trader', watchable: true },
    });
    // What the import proposed is what is kept, the daily series included.
    expect(strategy.results).toEqual(read.results);

    // The premium member sees it too (no tags: every member), without the right to watch the trader.
    const forPremium = quantStrategy.parse((await get(`/api/Quant/Get?id=${ids.grid}`, premium)).json());
    expect(forPremium.trader).toEqual({ id: traderKeyId, keyName: 'Grid trader', watchable: false });

    const audit = await t.testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id'])
      .where('action', 'like', 'admin.quant.%')
      .execute();
    expect(audit).toEqual([
      { action: 'admin.quant.add', target_type: 'quantStrategy', target_id: String(ids.grid) },
    ]);
  });

  it('refuses what is not valid, with a message per field', async () => {
    const bad = await post('/api/Quant/Add', {
      name: ' ',
      type: 'scalping',
      riskLevel: 'extreme',
      status: 'draft',
      market: 'x'.repeat(61),
      timeframe: 'x'.repeat(21),
      symbols: ['BTC/USDT'],
      parameters: [
        { key: 'a', value: '1' },
        { key: 'a', value: 'x'.repeat(201) },
      ],
      results: {
        totalReturn: -1.5,
        maxDrawdown: 1.2,
        winRate: 2,
        trades: 1.5,
        periodStart: '2024-02-30',
        startingBalance: 0,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      name: ['The strategy name is required'],
      type: ['Choose a strategy type'],
      riskLevel: ['Choose a risk level: low, medium or high'],
      status: ['Choose a status: backtest, paper trading or live'],
      market: ['The market cannot exceed 60 characters'],
      timeframe: ['The timeframe cannot exceed 20 characters'],
      'symbols.0': ['A symbol is 2 to 30 letters and digits, such as BTCUSDT'],
      'parameters.1.value': ['A parameter value cannot exceed 200 characters'],
      'parameters.1.key': ['Each parameter name may appear only once'],
      'results.totalReturn': ['A return cannot be below -100 % or above the allowed maximum'],
      'results.maxDrawdown': ['The max drawdown is 0 to 100 %'],
      'results.winRate': ['The win rate is 0 to 100 %'],
      'results.trades': ['The number of trades is a whole number of at least 0'],
      'results.periodStart': ['A date is a valid YYYY-MM-DD'],
      'results.startingBalance': ['The starting balance must be above 0 and the final balance at least 0'],
    });

    const base = { name: 'x', type: 'trend', riskLevel: 'low', status: 'paper' } as const;
    const series = await post(
      '/api/Quant/Add',
      {
        ...base,
        results: {
          periodStart: '2024-03-01',
          periodEnd: '2024-02-01',
          daily: {
            kind: 'profit',
            points: [
              { date: '2024-02-01', value: 1 },
              { date: '2024-02-01', value: 2 },
            ],
          },
        },
      },
      admin,
      'zh',
    );
    expect(series.statusCode).toBe(400);
    expect(series.json().errors).toEqual({
      'results.daily.points.1.date': ['每日序列中有重复的日期'],
      'results.periodEnd': ['结束日期不能早于开始日期'],
      'results.startingBalance': ['按每日盈亏录入时须填写初始资金'],
    });

    const unknownRole = await post('/api/Quant/Add', { ...base, roleIds: [999_999] });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().errors).toEqual({ roleIds: ['Some of the tags do not exist'] });
    const unknownTrader = await post('/api/Quant/Add', { ...base, traderKeyId: 999_999 });
    expect(unknownTrader.statusCode).toBe(400);
    expect(unknownTrader.json().errors).toEqual({ traderKeyId: ['No such trader'] });
    expect((await post('/api/Quant/Add', base, standard)).statusCode).toBe(403);
  });

  it('shows a strategy only to the members its tags admit', async () => {
    const add = async (body: object) => {
      const res = await post('/api/Quant/Add', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as number;
    };
    ids.premium = await add({
      name: 'Premium trend',
      type: 'trend',
      riskLevel: 'high',
      status: 'live',
      symbols: ['SOLUSDT'],
      roleIds: [premiumRoleId],
      results: { totalReturn: 0.42, maxDrawdown: 0.3, sharpe: 1.1 },
    });
    ids.gold = await add({
      name: 'Gold and premium DCA',
      type: 'dca',
      riskLevel: 'low',
      status: 'paper',
      symbols: ['BTCUSDT'],
      roleIds: [premiumRoleId, goldRoleId],
      results: { totalReturn: 0.08, maxDrawdown: 0.05, sharpe: 2.4 },
    });

    expect(await names('/api/Quant/List', standard)).toEqual(['BTC/ETH futures grid']);
    expect((await get(`/api/Quant/Get?id=${ids.premium}`, standard)).statusCode).toBe(404);
    const hidden = await get(`/api/Quant/Get?id=${ids.gold}`, standard, 'zh');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().errors).toEqual({ id: ['量化策略不存在'] });

    expect(await names('/api/Quant/List', gold)).toEqual(['Gold and premium DCA', 'BTC/ETH futures grid']);
    expect((await get(`/api/Quant/Get?id=${ids.premium}`, gold)).statusCode).toBe(404);
    expect(await names('/api/Quant/List', premium)).toEqual([
      'Gold and premium DCA',
      'Premium trend',
      'BTC/ETH futures grid',
    ]);
    const seen = quantStrategy.parse((await get(`/api/Quant/Get?id=${ids.premium}`, premium)).json());
    expect(seen.roleIds).toEqual([premiumRoleId]);
    expect(seen.trader).toBeNull();
    expect(seen.results.daily).toBeNull();
    expect((await names('/api/Quant/List', admin)).length).toBe(3);
    // The tags come with the cards for administrators (their list shows them), never for members.
    const tagsOf = async (who: typeof admin) =>
      Object.fromEntries(
        quantCardList
          .parse((await get('/api/Quant/List', who)).json())
          .map((c) => [c.name, [...c.roleIds].sort()]),
      );
    expect(await tagsOf(admin)).toEqual({
      'Gold and premium DCA': [premiumRoleId, goldRoleId].sort(),
      'Premium trend': [premiumRoleId],
      'BTC/ETH futures grid': [],
    });
    expect(Object.values(await tagsOf(gold)).flat()).toEqual([]);
    expect((await get('/api/Quant/Get?id=999999', admin)).statusCode).toBe(404);
  });

  it('filters and sorts the cards', async () => {
    const cards = quantCardList.parse((await get('/api/Quant/List?sort=return', admin)).json());
    expect(cards.map((c) => [c.name, c.headline.totalReturn])).toEqual([
      ['Premium trend', 0.42],
      ['Gold and premium DCA', 0.08],
      ['BTC/ETH futures grid', 0.019],
    ]);
    expect(cards[2]).toMatchObject({
      symbols: ['BTCUSDT', 'ETHUSDT'],
      traderKeyId,
      headline: {
        maxDrawdown: 0.020752812584623716,
        trades: 6,
        periodStart: '2024-01-28',
        periodEnd: '2024-02-04',
      },
    });
    expect(await names('/api/Quant/List?sort=drawdown', admin)).toEqual([
      'BTC/ETH futures grid',
      'Gold and premium DCA',
      'Premium trend',
    ]);
    expect(await names('/api/Quant/List?sort=sharpe', admin)).toEqual([
      'BTC/ETH futures grid',
      'Gold and premium DCA',
      'Premium trend',
    ]);
    expect(await names('/api/Quant/List?symbol=btcusdt', admin)).toEqual([
      'Gold and premium DCA',
      'BTC/ETH futures grid',
    ]);
    expect(await names('/api/Quant/List?type=trend&status=live&riskLevel=high', premium)).toEqual([
      'Premium trend',
    ]);
    expect(await names('/api/Quant/List?type=arbitrage', admin)).toEqual([]);
    const bad = await get('/api/Quant/List?type=magic&sort=luck', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ type: ['Choose a strategy type'], sort: ['The value is not valid'] });
  });

  it('replaces a strategy on update, its daily series and tags included', async () => {
    const updated = await post('/api/Quant/Update', {
      id: ids.grid,
      name: 'BTC grid',
      type: 'grid',
      riskLevel: 'low',
      status: 'live',
      symbols: ['BTCUSDT'],
      roleIds: [goldRoleId],
      results: {
        totalReturn: 0.1,
        startingBalance: 1000,
        currency: ' ',
        daily: {
          kind: 'equity',
          points: [
            { date: '2024-03-02', value: 1100 },
            { date: '2024-03-01', value: 1050 },
          ],
        },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await get(`/api/Quant/Get?id=${ids.grid}`, standard)).statusCode).toBe(404);
    const strategy = quantStrategy.parse((await get(`/api/Quant/Get?id=${ids.grid}`, gold)).json());
    expect(strategy).toMatchObject({
      name: 'BTC grid',
      status: 'live',
      symbols: ['BTCUSDT'],
      market: '',
      description: '',
      parameters: [],
      roleIds: [goldRoleId],
      trader: null,
    });
    expect(strategy.results).toEqual({
      source: 'manual',
      totalReturn: 0.1,
      annualizedReturn: null,
      maxDrawdown: null,
      sharpe: null,
      sortino: null,
      calmar: null,
      winRate: null,
      profitFactor: null,
      trades: null,
      periodStart: null,
      periodEnd: null,
      startingBalance: 1000,
      finalBalance: null,
      currency: null,
      daily: {
        kind: 'equity',
        points: [
          { date: '2024-03-01', value: 1050 },
          { date: '2024-03-02', value: 1100 },
        ],
      },
    });
    const rows = await t.testDb.database.db
      .selectFrom('quant_strategy_days')
      .select('day')
      .where('strategy_id', '=', ids.grid!)
      .execute();
    expect(rows).toHaveLength(2);

    const missing = await post('/api/Quant/Update', {
      id: 999_999,
      name: 'x',
      type: 'grid',
      riskLevel: 'low',
      status: 'live',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a strategy with its parts, audited', async () => {
    const deleted = await post('/api/Quant/Delete', { id: ids.gold! });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(`/api/Quant/Get?id=${ids.gold}`, admin)).statusCode).toBe(404);
    expect((await post('/api/Quant/Delete', { id: ids.gold! })).statusCode).toBe(404);
    const db = t.testDb.database.db;
    const left = await db
      .selectFrom('quant_strategy_roles')
      .select('role_id')
      .where('strategy_id', '=', ids.gold!)
      .execute();
    expect(left).toEqual([]);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', 'like', 'admin.quant.%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'admin.quant.add',
      'admin.quant.add',
      'admin.quant.add',
      'admin.quant.update',
      'admin.quant.delete',
    ]);
    expect(audit.at(-1)?.target_id).toBe(String(ids.gold));
  });
});
