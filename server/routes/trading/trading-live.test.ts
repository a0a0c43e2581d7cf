import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createTraderKey, createUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

// Who watches which trader's account (GET /api/Trading/Traders, /Live) and what the snapshot holds, from
// rows written straight into the tables the sync worker fills.

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 4, 1);
const at = (h: number) => T0 + h * HOUR;

type Headers = { authorization: string };

describe.each(TEST_DIALECTS)('live trading reads on %s', (dialect) => {
  let t: TestApp;
  let db: Kysely<DB>;
  const as: Record<string, Headers> = {};
  const keys = { alpha: 0, beta: 0, off: 0, unsubscribed: 0 };
  let tradeId = 0;

  const get = (url: string, who: string) => t.app.inject({ url, headers: as[who] });

  async function addFill(
    keyId: number,
    fill: { symbol: string; side: 0 | 1; positionSide?: number; qty: number; price: number; time: number },
    money: { pnl?: number; fee?: number; asset?: string } = {},
  ) {
    tradeId++;
    await db
      .insertInto('trader_fills')
      .values({
        key_id: keyId,
        symbol: fill.symbol,
        trade_id: String(tradeId),
        order_id: `o${tradeId}`,
        side: fill.side,
        position_side: fill.positionSide ?? 2,
        price: fill.price,
        quantity: fill.qty,
        realized_pnl: money.pnl ?? 0,
        commission: money.fee ?? 0,
        commission_asset: money.asset ?? 'USDT',
        time: fill.time,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    db = t.testDb.database.db;
    const roleId = async (name: string) =>
      (await db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const standard = await roleId('StandardUser');
    const premium = await roleId('PremiumUser');
    keys.alpha = await createTraderKey(db, { name: 'Alpha', roleIds: [standard] });
    keys.beta = await createTraderKey(db, { name: 'Beta', roleIds: [standard, premium] });
    keys.off = await createTraderKey(db, { name: 'Switched off', roleIds: [standard] });
    await db.updateTable('trader_keys').set({ is_active: 0 }).where('id', '=', keys.off).execute();
    keys.unsubscribed = await createTraderKey(db, { name: 'Nobody follows', roleIds: [standard] });

    const people: Record<string, Parameters<typeof createUser>[1]> = {
      member: { roles: ['StandardUser'], memberDays: 30 },
      notSubscribed: { roles: ['StandardUser'], memberDays: 30 },
      premium: { roles: ['PremiumUser'], memberDays: 30 },
      expired: { roles: ['StandardUser'], memberDays: -1 },
      nonMember: {},
      admin: { roles: ['Admin'] },
    };
    const subscribed: Record<string, number[]> = {
      member: [keys.alpha, keys.beta, keys.off],
      // Subscribed to Alpha, whose map does not admit PremiumUser (Beta does).
      premium: [keys.alpha, keys.beta],
      expired: [keys.alpha],
      nonMember: [keys.alpha],
    };
    for (const [who, options] of Object.entries(people)) {
      const user = await createUser(db, options);
      for (const keyId of subscribed[who] ?? [])
        await db
          .insertInto('subscriptions')
          .values({ user_id: user.id, key_id: keyId, created_at: Date.now() })
          .execute();
      as[who] = (await signIn(t.app, user.email, user.password)).auth;
    }
  });

  afterAll(async () => {
    await t.close();
  });

  it('lists the traders a member is subscribed and entitled to, with their sync state', async () => {
    await db
      .insertInto('trader_key_sync')
      .values({
        key_id: keys.alpha,
        state: 'syncing',
        reconciled_at: at(5),
        holder: 'p1',
        lease_until: 0,
        live_seq: 12,
      })
      .execute();
    const res = await get('/api/Trading/Traders', 'member');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        id: keys.alpha,
        keyName: 'Alpha',
        coEfficient: 1,
        leverageCoefficient: 1,
        sync: {
          state: 'syncing',
          reconciledAt: new Date(at(5)).toISOString(),
          lastError: null,
          lastErrorAt: null,
        },
      },
      {
        id: keys.beta,
        keyName: 'Beta',
        coEfficient: 1,
        leverageCoefficient: 1,
        sync: { state: 'idle', reconciledAt: null, lastError: null, lastErrorAt: null },
      },
    ]);
    // A role not in the key's map: Alpha is left out though subscribed.
    expect((await get('/api/Trading/Traders', 'premium')).json().map((k: { id: number }) => k.id)).toEqual([
      keys.beta,
    ]);
    expect((await get('/api/Trading/Traders', 'notSubscribed')).json()).toEqual([]);
  });

  it('shows administrators every key, switched off or not followed by anyone', async () => {
    const res = await get('/api/Trading/Traders', 'admin');
    expect(res.json().map((k: { id: number }) => k.id)).toEqual([
      keys.alpha,
      keys.beta,
      keys.off,
      keys.unsubscribed,
    ]);
    for (const key of Object.values(keys))
      expect((await get(`/api/Trading/Live?keyId=${key}`, 'admin')).statusCode).toBe(200);
    // A key the sync never followed: nothing in it, sequence 0.
    expect((await get(`/api/Trading/Live?keyId=${keys.off}`, 'admin')).json()).toEqual({
      keyId: keys.off,
      seq: 0,
      positions: [],
      orders: [],
      fills: [],
      closed: [],
      syncedAt: null,
    });
  });

  it('answers 404 for a key the member may not watch, 403 to expired members and non-members', async () => {
    const cases: Array<[string, number, number]> = [
      ['notSubscribed', keys.alpha, 404],
      ['premium', keys.alpha, 404], // subscribed, but the key does not admit PremiumUser
      ['member', keys.off, 404], // subscribed, key switched off
      ['member', keys.unsubscribed, 404],
      ['member', 999_999, 404],
      ['admin', 999_999, 404],
      ['expired', keys.alpha, 403],
      ['nonMember', keys.alpha, 403],
      ['premium', keys.beta, 200],
      ['member', keys.alpha, 200],
    ];
    for (const [who, keyId, status] of cases) {
      for (const url of [
        `/api/Trading/Live?keyId=${keyId}`,
        `/api/Trading/Statistics?keyId=${keyId}&period=all`,
      ]) {
        const res = await get(url, who);
        expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(status);
        if (status === 404) expect(res.json().errors).toEqual({ keyId: [expect.any(String)] });
      }
    }
    for (const who of ['expired', 'nonMember'])
      expect((await get('/api/Trading/Traders', who)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/Trading/Traders' })).statusCode).toBe(401);
    expect((await get('/api/Trading/Live?keyId=abc', 'member')).statusCode).toBe(400);
  });

  it('answers the account as stored: positions, open orders, recent fills and rebuilt closed positions', async () => {
    const key = keys.alpha;
    const position = {
      key_id: key,
      mark_price: 110,
      margin: null,
      updated_at: at(9),
    };
    await db
      .insertInto('trader_positions')
      .values([
        {
          ...position,
          symbol: 'BTCUSDT',
          position_side: 2,
          size: 2,
          entry_price: 100,
          unrealized_pnl: 20,
          leverage: 10,
          margin_mode: 'cross',
          liquidation_price: 55.5,
          opened_at: at(8),
        },
        {
          ...position,
          symbol: 'ETHUSDT',
          position_side: 0,
          size: 4,
          entry_price: 50,
          unrealized_pnl: -5,
          leverage: 5,
          margin_mode: 'isolated',
          liquidation_price: 0,
          opened_at: null,
        },
      ])
      .execute();
    // Every row names the same columns (SQLite fills a column missing from one row of several with null).
    const order = {
      key_id: key,
      symbol: 'BTCUSDT',
      side: 1,
      position_side: 2,
      algo: 0,
      filled: 0,
      reduce_only: 0,
      updated_at: at(9),
    };
    await db
      .insertInto('trader_orders')
      .values([
        {
          ...order,
          order_id: '11',
          type: 0,
          status: 0,
          price: 120,
          trigger_price: null,
          quantity: 1,
          created_at: at(8),
        },
        {
          ...order,
          order_id: '12',
          algo: 1,
          type: 5,
          status: 0,
          price: null,
          trigger_price: 90,
          quantity: 2,
          reduce_only: 1,
          created_at: at(9),
        },
        // Filled: no longer open.
        {
          ...order,
          order_id: '13',
          type: 1,
          status: 2,
          price: null,
          trigger_price: null,
          quantity: 1,
          created_at: at(7),
        },
      ])
      .execute();
    // A long closed in two fills (fees in USDT), a short whose fees were paid in BNB, and 60 fills of one
    // long built up and closed at once.
    await addFill(key, { symbol: 'BTCUSDT', side: 0, qty: 1, price: 100, time: at(1) }, { fee: 0.04 });
    await addFill(
      key,
      { symbol: 'BTCUSDT', side: 1, qty: 1, price: 110, time: at(2) },
      { pnl: 10, fee: 0.044 },
    );
    await addFill(
      key,
      { symbol: 'ETHUSDT', side: 1, qty: 2, price: 50, time: at(3) },
      { fee: 0.001, asset: 'BNB' },
    );
    await addFill(
      key,
      { symbol: 'ETHUSDT', side: 0, qty: 2, price: 45, time: at(4) },
      { pnl: 10, fee: 0.001, asset: 'BNB' },
    );
    for (let i = 0; i < 59; i++)
      await addFill(key, { symbol: 'XRPUSDT', side: 0, qty: 1, price: 1 + i / 100, time: at(5) + i * 1000 });
    await addFill(key, { symbol: 'XRPUSDT', side: 1, qty: 59, price: 2, time: at(6) }, { pnl: 41.89 });

    const res = await get(`/api/Trading/Live?keyId=${key}`, 'member');
    expect(res.statusCode, res.body).toBe(200);
    const snapshot = res.json();
    // seq: the key's live sequence number as stored with the data.
    expect(snapshot).toMatchObject({ keyId: key, seq: 12, syncedAt: new Date(at(5)).toISOString() });
    expect(snapshot.positions).toEqual([
      {
        symbol: 'BTCUSDT',
        positionSide: 2,
        size: 2,
        entryPrice: 100,
        markPrice: 110,
        unrealizedPnl: 20,
        // Initial margin 2 × 100 / 10 = 20; 20 / 20.
        roe: 1,
        leverage: 10,
        marginMode: 'cross',
        liquidationPrice: 55.5,
        openedAt: new Date(at(8)).toISOString(),
      },
      {
        symbol: 'ETHUSDT',
        positionSide: 0,
        size: 4,
        entryPrice: 50,
        markPrice: 110,
        unrealizedPnl: -5,
        // 4 × 50 / 5 = 40; -5 / 40.
        roe: -0.125,
        leverage: 5,
        marginMode: 'isolated',
        liquidationPrice: null,
        openedAt: null,
      },
    ]);
    expect(snapshot.orders).toEqual([
      {
        orderId: '12',
        symbol: 'BTCUSDT',
        algo: true,
        type: 5,
        status: 0,
        side: 1,
        positionSide: 2,
        price: null,
        triggerPrice: 90,
        quantity: 2,
        filled: 0,
        reduceOnly: true,
        createdAt: new Date(at(9)).toISOString(),
      },
      expect.objectContaining({ orderId: '11', algo: false, type: 0, price: 120, reduceOnly: false }),
    ]);
    expect(snapshot.fills).toHaveLength(50);
    expect(snapshot.fills[0]).toEqual({
      tradeId: String(tradeId),
      orderId: `o${tradeId}`,
      symbol: 'XRPUSDT',
      side: 1,
      positionSide: 2,
      price: 2,
      quantity: 59,
      realizedPnl: 41.89,
      commission: 0,
      commissionAsset: 'USDT',
      time: new Date(at(6)).toISOString(),
    });
    expect(snapshot.fills.map((f: { time: string }) => f.time)).toEqual(
      [...snapshot.fills.map((f: { time: string }) => f.time)].sort().reverse(),
    );
    expect(snapshot.closed).toHaveLength(3);
    const [xrp, eth, btc] = snapshot.closed;
    expect(xrp).toMatchObject({
      symbol: 'XRPUSDT',
      side: 'LONG',
      size: 59,
      exitPrice: 2,
      realizedPnl: 41.89,
    });
    // Entry: the mean of 1.00 … 1.58.
    expect(xrp.entryPrice).toBeCloseTo(1.29, 10);
    expect(eth).toEqual({
      symbol: 'ETHUSDT',
      side: 'SHORT',
      size: 2,
      entryPrice: 50,
      exitPrice: 45,
      realizedPnl: 10,
      // Commissions paid in BNB are not converted (no price stored): left out.
      netPnl: 10,
      openedAt: new Date(at(3)).toISOString(),
      closedAt: new Date(at(4)).toISOString(),
      holdingMs: HOUR,
    });
    expect(btc).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'LONG',
      entryPrice: 100,
      exitPrice: 110,
      holdingMs: HOUR,
    });
    expect(btc.netPnl).toBeCloseTo(10 - 0.084, 10);
    // Balances are never part of the snapshot.
    expect(JSON.stringify(snapshot)).not.toMatch(/balance|equity/i);
  });

  it('rebuilds the closed positions again once a new fill is stored', async () => {
    const key = keys.beta;
    const closed = async () => (await get(`/api/Trading/Live?keyId=${key}`, 'premium')).json().closed;
    await addFill(key, { symbol: 'BNBUSDT', side: 1, qty: 3, price: 600, time: at(1) });
    expect(await closed()).toEqual([]);
    await addFill(key, { symbol: 'BNBUSDT', side: 0, qty: 3, price: 590, time: at(2) }, { pnl: 30 });
    expect(await closed()).toEqual([
      expect.objectContaining({ symbol: 'BNBUSDT', side: 'SHORT', size: 3, realizedPnl: 30, netPnl: 30 }),
    ]);
    // A fill of the past stored late (a backfill) counts too.
    await addFill(key, { symbol: 'ADAUSDT', side: 0, qty: 10, price: 1, time: at(0) });
    await addFill(key, { symbol: 'ADAUSDT', side: 1, qty: 10, price: 1.1, time: at(0) + 1000 }, { pnl: 1 });
    expect((await closed()).map((p: { symbol: string }) => p.symbol)).toEqual(['BNBUSDT', 'ADAUSDT']);
    // Requests at the same time each get the same answer (one brings the kept history up to date at a time).
    await addFill(key, { symbol: 'DOTUSDT', side: 0, qty: 1, price: 5, time: at(3) });
    await addFill(key, { symbol: 'DOTUSDT', side: 1, qty: 1, price: 6, time: at(4) }, { pnl: 1 });
    const answers = await Promise.all([closed(), closed(), closed()]);
    for (const answer of answers)
      expect(answer.map((p: { symbol: string }) => p.symbol)).toEqual(['DOTUSDT', 'BNBUSDT', 'ADAUSDT']);
  });
});
