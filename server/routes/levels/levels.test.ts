import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelSetList, levelSetView } from '#shared/schemas/levels.ts';
import { marketTicker } from '#shared/schemas/market.ts';
import { useHubTestKit } from '../../realtime/hub-test-kit.ts';
import type { BinanceFake } from '../../test/binance-fake.ts';
import { startBinanceFake } from '../../test/binance-fake-kit.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { events } from '../../test/hub-client.ts';

// Support and pressure level sets through HTTP and the hub, with the fake exchange's market data: the
// admins' validation, who sees a set (its roles, none: every member), the live LevelSetChanged to exactly
// those people, each level's state and distance from the live price, watching, and the history.

const HOUR = 3_600_000;
const level = (price: number, reason = '', strength: number | null = null) => ({ price, reason, strength });

describe.each(TEST_DIALECTS)('level sets on %s', (dialect) => {
  let fake: BinanceFake;
  beforeAll(async () => {
    fake = await startBinanceFake();
  });
  afterAll(async () => {
    await fake?.stop();
  });
  const kit = useHubTestKit(dialect, () => ({ EXCHANGE_TEST_BASE_URL: fake.baseUrl }));
  const get = (url: string, headers: { authorization: string }) => kit.t.app.inject({ url, headers });
  const validSet = {
    symbol: 'BTCUSDT',
    timeframe: '1h',
    bias: 'bullish',
    // Far below and far above the price (about 60,000): untouched. A support above the price has closes
    // below it (broken), a resistance below it closes above it (broken).
    supports: [level(1000, 'Weekly demand', 4), level(1e9, 'Above the market')],
    resistances: [level(1e9, 'Far above', 2), level(1000, 'Below the market')],
    invalidationPrice: 900,
    targets: [70_000, 75_000],
    notes: '<p>Hold above <strong>58k</strong></p><script>alert(1)</script>',
    expiresAt: new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
    roleIds: [],
  };

  it('refuses bad sets with messages, and a symbol that is not on the market list', async () => {
    const empty = await kit.post('/api/Levels/Add', { ...validSet, supports: [], resistances: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ supports: ['请至少填写一个支撑位或压力位'] });
    const bad = await kit.post('/api/Levels/Add', {
      ...validSet,
      bias: 'sideways',
      supports: [{ price: -5, reason: '', strength: 9 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      bias: ['请选择方向：看多、看空或中性'],
      'supports.0.price': ['价格须为正数'],
      'supports.0.strength': ['强度须为1-5'],
    });
    const notListed = await kit.post('/api/Levels/Add', validSet);
    expect(notListed.statusCode).toBe(400);
    expect(notListed.json().errors).toEqual({ symbol: ['该交易对不在行情列表中'] });

    expect((await kit.post('/api/Market/AddSymbol', { symbol: 'BTCUSDT' })).statusCode).toBe(200);
    const past = await kit.post('/api/Levels/Add', {
      ...validSet,
      expiresAt: new Date(Date.now() - HOUR).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ expiresAt: ['到期时间须晚于现在'] });
  });

  it('publishes a set to every member live, with states and distances from the live price', async () => {
    const member = await kit.member(['StandardUser']);
    const nonMember = await kit.member([], { memberDays: 0 });
    const clients = {
      member: await kit.welcomed(member.token),
      nonMember: await kit.welcomed(nonMember.token),
    };
    await kit.mark(Object.values(clients));

    const added = await kit.post('/api/Levels/Add', validSet);
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as number;
    await kit.mark(Object.values(clients));
    expect(events(clients.member.received, 'LevelSetChanged')).toEqual([
      { setId: id, symbol: 'BTCUSDT', removed: false, eventId: expect.any(Number) },
    ]);
    expect(events(clients.nonMember.received, 'LevelSetChanged')).toEqual([]);

    const list = levelSetList.parse((await get('/api/Levels/List', member.auth)).json());
    const ticker = marketTicker.parse((await get('/api/Market/Ticker?symbol=BTCUSDT', member.auth)).json());
    expect(list).toHaveLength(1);
    const [set] = list;
    expect(set).toMatchObject({
      id,
      symbol: 'BTCUSDT',
      timeframe: '1h',
      bias: 'bullish',
      invalidationPrice: 900,
      targets: [70_000, 75_000],
      notes: '<p>Hold above <strong>58k</strong></p>',
      expired: false,
      watched: false,
      roleIds: [],
      lastPrice: ticker.lastPrice,
      stale: false,
    });
    expect(set!.supports.map((l) => [l.price, l.reason, l.strength, l.state])).toEqual([
      [1000, 'Weekly demand', 4, 'untested'],
      [1e9, 'Above the market', null, 'broken'],
    ]);
    expect(set!.resistances.map((l) => [l.price, l.state])).toEqual([
      [1e9, 'untested'],
      [1000, 'broken'],
    ]);
    expect(set!.supports[0]!.distancePercent).toBeCloseTo(
      ((1000 - ticker.lastPrice) / ticker.lastPrice) * 100,
      10,
    );
    // Non-members are refused by the member routes as a whole.
    expect((await get('/api/Levels/List', nonMember.auth)).statusCode).toBe(403);
  });

  it('shows a set limited to a role to that role and the admins only, live and in the list', async () => {
    const standard = await kit.member(['StandardUser']);
    const premium = await kit.member(['PremiumUser']);
    const adminToken = kit.admin.authorization.slice('Bearer '.length);
    const clients = {
      standard: await kit.welcomed(standard.token),
      premium: await kit.welcomed(premium.token),
      admin: await kit.welcomed(adminToken),
    };
    await kit.mark(Object.values(clients));
    const added = await kit.post('/api/Levels/Add', {
      ...validSet,
      bias: 'bearish',
      roleIds: [kit.roleIds.PremiumUser],
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as number;
    await kit.mark(Object.values(clients));
    const changed = (name: keyof typeof clients) =>
      events(clients[name].received, 'LevelSetChanged').filter((p) => p.setId === id);
    expect(changed('premium')).toHaveLength(1);
    expect(changed('admin')).toHaveLength(1);
    expect(changed('standard')).toEqual([]);

    const ids = async (who: { authorization: string }) =>
      levelSetList.parse((await get('/api/Levels/List', who)).json()).map((s) => s.id);
    expect(await ids(premium.auth)).toContain(id);
    expect(await ids(standard.auth)).not.toContain(id);
    expect((await get(`/api/Levels/Get?id=${id}`, standard.auth)).statusCode).toBe(404);
    const forAdmin = levelSetView.parse((await get(`/api/Levels/Get?id=${id}`, kit.admin)).json());
    expect(forAdmin.roleIds).toEqual([kit.roleIds.PremiumUser]);
    // A filter that leaves it out.
    expect(
      levelSetList.parse((await get('/api/Levels/List?bias=bullish', premium.auth)).json()).map((s) => s.id),
    ).not.toContain(id);

    // Deleting it tells the same people, and only them.
    expect((await kit.post('/api/Levels/Delete', { id })).statusCode).toBe(200);
    await kit.mark(Object.values(clients));
    expect(changed('premium').at(-1)).toMatchObject({ removed: true });
    expect(changed('admin').at(-1)).toMatchObject({ removed: true });
    expect(changed('standard')).toEqual([]);
    expect(await ids(premium.auth)).not.toContain(id);
    expect((await kit.post('/api/Levels/Delete', { id })).statusCode).toBe(404);
  });

  it('lets a member watch a set, and moves an expired set to the history', async () => {
    const member = await kit.member(['StandardUser']);
    const id = (await kit.post('/api/Levels/Add', { ...validSet, timeframe: '4h' })).json().id as number;
    const watch = (watch: boolean) =>
      kit.t.app.inject({
        method: 'POST',
        url: '/api/Levels/Watch',
        headers: member.auth,
        payload: { id, watch },
      });
    expect((await watch(true)).statusCode).toBe(200);
    expect((await watch(true)).statusCode).toBe(200);
    const view = async () => levelSetView.parse((await get(`/api/Levels/Get?id=${id}`, member.auth)).json());
    expect((await view()).watched).toBe(true);
    expect((await watch(false)).statusCode).toBe(200);
    expect((await view()).watched).toBe(false);
    expect(
      (
        await kit.t.app.inject({
          method: 'POST',
          url: '/api/Levels/Watch',
          headers: member.auth,
          payload: { id: 999_999, watch: true },
        })
      ).statusCode,
    ).toBe(404);

    await kit
      .db()
      .updateTable('level_sets')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', id)
      .execute();
    const current = levelSetList.parse((await get('/api/Levels/List', member.auth)).json());
    expect(current.map((s) => s.id)).not.toContain(id);
    const history = levelSetList.parse((await get('/api/Levels/List?history=true', member.auth)).json());
    expect(history.find((s) => s.id === id)).toMatchObject({ expired: true, timeframe: '4h' });
  });

  it('reads a level against the last price as soon as the ticker has it, before the candles are read again', async () => {
    const member = await kit.member(['StandardUser']);
    const id = (
      await kit.post('/api/Levels/Add', {
        ...validSet,
        timeframe: '1d',
        supports: [level(1000)],
        resistances: [],
      })
    ).json().id as number;
    const state = async () =>
      levelSetView.parse((await get(`/api/Levels/Get?id=${id}`, member.auth)).json()).supports[0]!.state;
    expect(await state()).toBe('untested');
    // The price falls through the support: the day's candle (read again only after a minute) is still open.
    fake.setPrice('BTCUSDT', 900);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    try {
      expect(await state()).toBe('broken');
    } finally {
      fake.setPrice('BTCUSDT', undefined);
    }
  });

  it('reads a level crossed just after an interval ended, before the candles of the new interval are read', async () => {
    const member = await kit.member(['StandardUser']);
    // The exchange's candles end two intervals ago (as the candles read just before a boundary do a moment
    // after it): the set, published now, has no candle of its own yet.
    fake.clockOffsetMs = -2 * 30 * 60_000;
    try {
      const id = (
        await kit.post('/api/Levels/Add', {
          ...validSet,
          timeframe: '30m',
          supports: [level(1000)],
          resistances: [level(1e9)],
        })
      ).json().id as number;
      const levels = async () => {
        const set = levelSetView.parse((await get(`/api/Levels/Get?id=${id}`, member.auth)).json());
        return [set.supports[0]!.state, set.resistances[0]!.state];
      };
      // The last price the ticker answers is the exchange's own again (a test above moved it below 1,000).
      await expect.poll(levels, { timeout: 10_000 }).toEqual(['untested', 'untested']);
      fake.setPrice('BTCUSDT', 900);
      await expect.poll(levels, { timeout: 10_000 }).toEqual(['broken', 'untested']);
    } finally {
      fake.clockOffsetMs = 0;
      fake.setPrice('BTCUSDT', undefined);
    }
  });
});
