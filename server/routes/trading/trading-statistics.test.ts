import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createTraderKey, createUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

// GET /api/Trading/Statistics and /Comparison over a small history written straight into the tables, with
// every expected figure worked out by hand in the comments.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const TODAY = Math.floor(Date.now() / DAY) * DAY;
/** Day `d` relative to today (UTC; -1 is yesterday) at hour `h`. */
const day = (d: number, h = 0) => TODAY + d * DAY + h * HOUR;
const isoDay = (d: number) => new Date(day(d)).toISOString().slice(0, 10);

// Equity snapshots and transfers, and the unit value (NV) they give:
//  1000 deposited at day -10 00:00 − 1 h, before the first snapshot: in its equity already
//  day -10  equity 1000                    1000 units, NV 1
//  day -9   equity 1100                    NV 1100 / 1000 = 1.1
//  1100 deposited at day -9 23:00
//  day -8   equity 2310                    the units were worth 2310 − 1100 = 1210: NV 1.21; the deposit buys
//                                          1100 / 1.21 = 909.09 units: 1909.09 units
//  day -7   equity 2100                    NV 2100 / 1909.09 = 1.1
//  day -1   equity 2310                    NV 1.21
// ROI all: 1.21 / 1 − 1 = 0.21 (the equity more than doubled, but by a deposit). ROI 7d (from day -6): the
// NV before it is day -7's 1.1: 1.21 / 1.1 − 1 = 0.1. Max drawdown all: 1.21 → 1.1, 0.11 / 1.21 = 1/11;
// 7d: none (1.1 → 1.21), 0.
const SNAPSHOTS: Array<[number, number]> = [
  [day(-10), 1000],
  [day(-9), 1100],
  [day(-8), 2310],
  [day(-7), 2100],
  [day(-1), 2310],
];

// Fills (one-way mode unless said; fees in USDT unless said):
//  BTCUSDT buy 1 @100 day -9 01:00 (fee 0.04); sell 1 @120 05:00, pnl 20 (fee 0.048)
//      long, net 20 − 0.088 = 19.912, held 4 h
//  ETHUSDT sell 10 @10 day -8 02:00 (fee 0.04); buy 10 @11 04:00, pnl −10 (fee 0.044)
//      short, net −10.084, held 2 h
//  BTCUSDT buy 2 @100 day -2 01:00; sell 2 @105 07:00, pnl 10 (fees in BNB: left out)
//      long, net 10, held 6 h
//  SOLUSDT hedge-mode long: buy 1 @50 day -1 03:00 (fee 0.02), still open (unrealized 2.5)
// All: 3 trades, 2 wins: win rate 2/3; profit factor (19.912 + 10) / 10.084; average holding 4 h; trading
// days −9, −8, −2, −1 = 4. 7d: one trade, won: win rate 1, profit factor infinite; trading days 2.
type F = [symbol: string, side: 0 | 1, positionSide: number, qty: number, price: number, time: number];
const FILLS: Array<[...F, pnl: number, fee: number, asset: string]> = [
  ['BTCUSDT', 0, 2, 1, 100, day(-9, 1), 0, 0.04, 'USDT'],
  ['BTCUSDT', 1, 2, 1, 120, day(-9, 5), 20, 0.048, 'USDT'],
  ['ETHUSDT', 1, 2, 10, 10, day(-8, 2), 0, 0.04, 'USDT'],
  ['ETHUSDT', 0, 2, 10, 11, day(-8, 4), -10, 0.044, 'USDT'],
  ['BTCUSDT', 0, 2, 2, 100, day(-2, 1), 0, 0.001, 'BNB'],
  ['BTCUSDT', 1, 2, 2, 105, day(-2, 7), 10, 0.001, 'BNB'],
  ['SOLUSDT', 0, 1, 1, 50, day(-1, 3), 0, 0.02, 'USDT'],
];

// Income: PnL all = realized 20 − 10 + 10 = 20, funding −1.5, commission −(0.04 + 0.048 + 0.04 + 0.044 +
// 0.02) = −0.192 (the BNB ones left out), net 18.308; with the open position's 2.5: 20.808.
// 7d: realized 10, funding −1.5, commission −0.02, net 8.48; total 10.98.
const INCOME: Array<[type: string, amount: number, time: number, asset?: string]> = [
  ['TRANSFER', 1000, day(-10) - HOUR],
  ['TRANSFER', 1100, day(-9, 23)],
  ['COMMISSION', -0.04, day(-9, 1)],
  ['REALIZED_PNL', 20, day(-9, 5)],
  ['COMMISSION', -0.048, day(-9, 5)],
  ['COMMISSION', -0.04, day(-8, 2)],
  ['REALIZED_PNL', -10, day(-8, 4)],
  ['COMMISSION', -0.044, day(-8, 4)],
  ['COMMISSION', -0.001, day(-2, 1), 'BNB'],
  ['REALIZED_PNL', 10, day(-2, 7)],
  ['COMMISSION', -0.001, day(-2, 7), 'BNB'],
  ['FUNDING_FEE', -1.5, day(-2, 8)],
  ['COMMISSION', -0.02, day(-1, 3)],
];

type Headers = { authorization: string };

describe.each(TEST_DIALECTS)('trading statistics on %s', (dialect) => {
  let t: TestApp;
  let db: Kysely<DB>;
  let member: Headers;
  let admin: Headers;
  let stats: number;
  let quiet: number;
  let other: number;
  let tradeId = 0;

  const get = (url: string, headers = member) => t.app.inject({ url, headers });
  const statistics = async (period: string, headers = member) => {
    const res = await get(`/api/Trading/Statistics?keyId=${stats}&period=${period}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const addFill = async (
    [symbol, side, positionSide, qty, price, time]: F,
    pnl = 0,
    fee = 0,
    asset = 'USDT',
  ) => {
    tradeId++;
    await db
      .insertInto('trader_fills')
      .values({
        key_id: stats,
        symbol,
        trade_id: String(tradeId),
        order_id: String(tradeId),
        side,
        position_side: positionSide,
        price,
        quantity: qty,
        realized_pnl: pnl,
        commission: fee,
        commission_asset: asset,
        time,
      })
      .execute();
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    db = t.testDb.database.db;
    const standard = (
      await db.selectFrom('roles').select('id').where('name', '=', 'StandardUser').executeTakeFirstOrThrow()
    ).id;
    stats = await createTraderKey(db, { name: 'Scripted', roleIds: [standard] });
    quiet = await createTraderKey(db, { name: 'No history', roleIds: [standard] });
    other = await createTraderKey(db, { name: 'Not followed', roleIds: [standard] });
    const m = await createUser(db, { roles: ['StandardUser'], memberDays: 30 });
    const a = await createUser(db, { roles: ['Admin'] });
    for (const keyId of [stats, quiet])
      await db
        .insertInto('subscriptions')
        .values({ user_id: m.id, key_id: keyId, created_at: Date.now() })
        .execute();
    member = (await signIn(t.app, m.email, m.password)).auth;
    admin = (await signIn(t.app, a.email, a.password)).auth;

    for (const [symbol, side, positionSide, qty, price, time, pnl, fee, asset] of FILLS)
      await addFill([symbol, side, positionSide, qty, price, time], pnl, fee, asset);
    await db
      .insertInto('trader_income')
      .values(
        INCOME.map(([type, amount, time, asset], i) => ({
          key_id: stats,
          tran_id: String(i + 1),
          income_type: type,
          symbol: null,
          amount,
          asset: asset ?? 'USDT',
          time,
        })),
      )
      .execute();
    await db
      .insertInto('trader_equity')
      .values(SNAPSHOTS.map(([at, equity]) => ({ key_id: stats, at, equity, unrealized_pnl: 0 })))
      .execute();
    await db
      .insertInto('trader_positions')
      .values({
        key_id: stats,
        symbol: 'SOLUSDT',
        position_side: 1,
        size: 1,
        entry_price: 50,
        mark_price: 52.5,
        unrealized_pnl: 2.5,
        leverage: 5,
        margin_mode: 'cross',
        liquidation_price: null,
        margin: null,
        opened_at: day(-1, 3),
        updated_at: day(-1, 4),
      })
      .execute();
  });

  afterAll(async () => {
    await t.close();
  });

  it('computes every figure of the whole history, the deposit neutralized', async () => {
    const all = await statistics('all');
    expect(all).toMatchObject({
      keyId: stats,
      keyName: 'Scripted',
      period: 'all',
      trades: 3,
      profitFactorInfinite: false,
      averageHoldingMs: 4 * HOUR,
      tradingDays: 4,
    });
    expect(all.roi).toBeCloseTo(0.21, 10);
    expect(all.maxDrawdown).toBeCloseTo(1 / 11, 10);
    expect(all.winRate).toBeCloseTo(2 / 3, 10);
    expect(all.profitFactor).toBeCloseTo(29.912 / 10.084, 10);
    expect(all.long.trades).toBe(2);
    expect(all.long.wins).toBe(2);
    expect(all.long.pnl).toBeCloseTo(29.912, 10);
    expect(all.short.trades).toBe(1);
    expect(all.short.wins).toBe(0);
    expect(all.short.pnl).toBeCloseTo(-10.084, 10);
    const pnl = {
      realized: 20,
      funding: -1.5,
      commission: -0.192,
      netRealized: 18.308,
      unrealized: 2.5,
      total: 20.808,
    };
    for (const [name, value] of Object.entries(pnl)) expect(all.pnl[name], name).toBeCloseTo(value, 10);
    expect(all.sharpe).toEqual(expect.any(Number));

    // One point per day from the first snapshot's day to the last one's, gaps carried forward.
    const nv = [1, 1.1, 1.21, 1.1, 1.1, 1.1, 1.1, 1.1, 1.1, 1.21];
    expect(all.netValueCurve.map((p: { day: string }) => p.day)).toEqual(nv.map((_, i) => isoDay(i - 10)));
    all.netValueCurve.forEach((p: { netValue: number }, i: number) => {
      expect(p.netValue).toBeCloseTo(nv[i]!, 10);
    });
    // Daily PnL: equity change less the day's deposits: day -8 gained 2310 − 1100 − 1100 = 110.
    const bars = [0, 100, 110, -210, 0, 0, 0, 0, 0, 210];
    all.dailyPnl.forEach((bar: { day: string; pnl: number }, i: number) => {
      expect(bar.day).toBe(isoDay(i - 10));
      expect(bar.pnl).toBeCloseTo(bars[i]!, 8);
    });
  });

  it('computes a period: only what falls in its days', async () => {
    const week = await statistics('7d');
    expect(week.roi).toBeCloseTo(0.1, 10);
    expect(week.maxDrawdown).toBe(0);
    expect(week).toMatchObject({
      trades: 1,
      winRate: 1,
      // Wins and no loss: infinite, sent as null with the flag.
      profitFactor: null,
      profitFactorInfinite: true,
      averageHoldingMs: 6 * HOUR,
      long: { trades: 1, wins: 1, pnl: 10 },
      short: { trades: 0, wins: 0, pnl: 0 },
      tradingDays: 2,
    });
    const pnl = {
      realized: 10,
      funding: -1.5,
      commission: -0.02,
      netRealized: 8.48,
      unrealized: 2.5,
      total: 10.98,
    };
    for (const [name, value] of Object.entries(pnl)) expect(week.pnl[name], name).toBeCloseTo(value, 10);
    // Daily returns from day -6: 0, 0, 0, 0, 0, 0.1 (1.1 → 1.21): mean 1/60, sample deviation √(1/600),
    // Sharpe (1/60) / √(1/600) × √365.
    expect(week.sharpe).toBeCloseTo((Math.sqrt(600) / 60) * Math.sqrt(365), 8);
    expect(week.netValueCurve.map((p: { day: string }) => p.day)).toEqual(
      [-6, -5, -4, -3, -2, -1].map(isoDay),
    );
    // 30 days hold the whole history: the same figures as all.
    const month = await statistics('30d');
    expect(month.roi).toBeCloseTo(0.21, 10);
    expect(month.trades).toBe(3);
  });

  it('answers from what it computed until a newer fill, income entry or snapshot is stored', async () => {
    const before = await statistics('all');
    // A change that leaves the history's version as it was (no real sync does this) shows the cache is read.
    await db.updateTable('trader_fills').set({ realized_pnl: 1000 }).where('key_id', '=', stats).execute();
    expect(await statistics('all')).toEqual(before);
    for (const [i, fill] of FILLS.entries())
      await db
        .updateTable('trader_fills')
        .set({ realized_pnl: fill[6] })
        .where('key_id', '=', stats)
        .where('trade_id', '=', String(i + 1))
        .execute();

    // The open position's PnL moves without any new history: read fresh every time.
    await db
      .updateTable('trader_positions')
      .set({ unrealized_pnl: -4 })
      .where('key_id', '=', stats)
      .execute();
    const moved = await statistics('all');
    expect(moved.pnl.unrealized).toBe(-4);
    expect(moved.pnl.total).toBeCloseTo(18.308 - 4, 10);
    expect(moved.trades).toBe(3);

    // A round trip today, won: 4 trades, 3 won.
    await addFill(['XRPUSDT', 0, 2, 100, 1, day(0)], 0, 0.1);
    await addFill(['XRPUSDT', 1, 2, 100, 1.1, day(0) + 1000], 10, 0.1);
    const after = await statistics('all');
    expect(after.trades).toBe(4);
    expect(after.winRate).toBeCloseTo(3 / 4, 10);
    expect((await statistics('7d')).trades).toBe(2);
    // A new snapshot alone is seen too.
    await db
      .insertInto('trader_equity')
      .values({ key_id: stats, at: day(0), equity: 2420, unrealized_pnl: 0 })
      .execute();
    expect((await statistics('all')).roi).toBeCloseTo(2420 / 1909.0909090909 - 1, 8);
    // The sync rewrites the current hour's snapshot: same count and time, a new equity.
    await db
      .updateTable('trader_equity')
      .set({ equity: 2530 })
      .where('key_id', '=', stats)
      .where('at', '=', day(0))
      .execute();
    expect((await statistics('all')).roi).toBeCloseTo(2530 / 1909.0909090909 - 1, 8);
    // An income entry added: funding now −1.5 − 0.5.
    await db
      .insertInto('trader_income')
      .values({
        key_id: stats,
        tran_id: 'f2',
        income_type: 'FUNDING_FEE',
        symbol: 'BTCUSDT',
        amount: -0.5,
        asset: 'USDT',
        time: day(0),
      })
      .execute();
    expect((await statistics('all')).pnl.funding).toBeCloseTo(-2, 10);
  });

  it('compares every trader the member watches, and every key for administrators', async () => {
    const res = await get('/api/Trading/Comparison?period=all');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json();
    expect(rows.map((r: { keyId: number }) => r.keyId)).toEqual([stats, quiet]);
    expect(rows[0]).toMatchObject({ keyName: 'Scripted', period: 'all', trades: 4 });
    // The statistics call's own figures, without the series.
    const { netValueCurve, dailyPnl, ...figures } = await statistics('all');
    expect(netValueCurve.length).toBeGreaterThan(0);
    expect(dailyPnl.length).toBeGreaterThan(0);
    expect(rows[0]).toEqual(figures);
    expect(rows[1]).toEqual({
      keyId: quiet,
      keyName: 'No history',
      period: 'all',
      roi: null,
      pnl: { realized: 0, funding: 0, commission: 0, netRealized: 0, unrealized: 0, total: 0 },
      maxDrawdown: null,
      winRate: null,
      profitFactor: null,
      profitFactorInfinite: false,
      trades: 0,
      averageHoldingMs: null,
      long: { trades: 0, wins: 0, pnl: 0 },
      short: { trades: 0, wins: 0, pnl: 0 },
      tradingDays: 0,
      sharpe: null,
    });
    const everyKey = (await get('/api/Trading/Comparison?period=7d', admin)).json();
    expect(everyKey.map((r: { keyId: number }) => r.keyId)).toEqual([stats, quiet, other]);
    expect((await get(`/api/Trading/Statistics?keyId=${other}&period=7d`)).statusCode).toBe(404);
    expect((await get(`/api/Trading/Statistics?keyId=${other}&period=7d`, admin)).statusCode).toBe(200);
  });

  it('refuses a period that is not one of 7d, 30d, 90d, 180d and all', async () => {
    for (const url of [
      `/api/Trading/Statistics?keyId=${stats}&period=365d`,
      `/api/Trading/Statistics?keyId=${stats}&period=7`,
      `/api/Trading/Statistics?keyId=${stats}`,
      '/api/Trading/Statistics?period=7d',
      '/api/Trading/Comparison?period=1y',
      '/api/Trading/Comparison',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
    }
    for (const period of ['7d', '30d', '90d', '180d', 'all'])
      expect((await get(`/api/Trading/Comparison?period=${period}`)).statusCode).toBe(200);
  });
});
