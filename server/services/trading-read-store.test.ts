import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/schema.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/databases.ts';
import { createTraderKey } from '../test/factories.ts';
import { consistentRead, fillsVersion, historyVersion } from './trading-read-history.ts';
import { TradingReadCache } from './trading-read-store.ts';

// The kept history reads only the rows added since, when that is all that changed, and reads a part again
// otherwise. Shown by changing an old row in place (the sync never does): a part read again shows the
// change, a part brought up to date by the added rows alone does not.

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 0, 1);

describe.each(TEST_DIALECTS)('the kept trading history on %s', (dialect) => {
  let testDb: TestDatabase;
  let db: Kysely<DB>;
  let keyId: number;
  let tradeId = 0;

  const fill = (side: 0 | 1, qty: number, price: number, time: number, pnl = 0) => {
    tradeId++;
    return db
      .insertInto('trader_fills')
      .values({
        key_id: keyId,
        symbol: 'BTCUSDT',
        trade_id: String(tradeId),
        order_id: String(tradeId),
        side,
        position_side: 2,
        price,
        quantity: qty,
        realized_pnl: pnl,
        commission: 0,
        commission_asset: 'USDT',
        time,
      })
      .execute();
  };
  const closed = (cache: TradingReadCache) =>
    consistentRead(db, async (trx) => cache.recentClosed(trx, keyId, await fillsVersion(trx, keyId)));
  const figures = (cache: TradingReadCache) =>
    consistentRead(db, async (trx) =>
      cache.figures(trx, keyId, await historyVersion(trx, keyId), T0 + 100 * HOUR),
    );

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    db = testDb.database.db;
    keyId = await createTraderKey(db, { roleIds: [] });
  });
  afterAll(async () => {
    await testDb.dispose();
  });

  it('applies fills added after the latest kept one, and reads them all again after a late one of the past', async () => {
    const cache = new TradingReadCache();
    await fill(0, 1, 100, T0 + HOUR);
    await fill(1, 1, 110, T0 + 2 * HOUR, 10);
    expect((await closed(cache)).map((p) => p.realizedPnl)).toEqual([10]);

    // Changed in place (not a new row), then a new round trip: only the new fills are read.
    await db.updateTable('trader_fills').set({ realized_pnl: 99 }).where('trade_id', '=', '2').execute();
    await fill(0, 1, 100, T0 + 3 * HOUR);
    await fill(1, 1, 120, T0 + 4 * HOUR, 20);
    expect((await closed(cache)).map((p) => p.realizedPnl)).toEqual([20, 10]);
    // A fresh cache reads everything.
    expect((await closed(new TradingReadCache())).map((p) => p.realizedPnl)).toEqual([20, 99]);

    // A round trip of the past stored late (a backfill): every fill is read again.
    await fill(0, 1, 100, T0 + 10_000);
    await fill(1, 1, 101, T0 + 20_000, 1);
    expect((await closed(cache)).map((p) => p.realizedPnl)).toEqual([20, 99, 1]);
    await db.updateTable('trader_fills').set({ realized_pnl: 10 }).where('trade_id', '=', '2').execute();
  });

  it('keeps the figures until the history changes, and reads only what was added to it', async () => {
    const cache = new TradingReadCache();
    const income = (id: string, type: string, amount: number, time: number) =>
      db
        .insertInto('trader_income')
        .values({ key_id: keyId, tran_id: id, income_type: type, symbol: null, amount, asset: 'USDT', time })
        .execute();
    const snapshot = (at: number, equity: number) =>
      db.insertInto('trader_equity').values({ key_id: keyId, at, equity, unrealized_pnl: 0 }).execute();
    await income('1', 'TRANSFER', 1000, T0);
    await income('2', 'REALIZED_PNL', 10, T0 + 2 * HOUR);
    await snapshot(T0 + HOUR, 1000);
    await snapshot(T0 + 50 * HOUR, 1100);

    const first = await figures(cache);
    expect(first.all.pnl.realized).toBe(10);
    expect(first.all.roi).toBeCloseTo(0.1, 10);
    expect(await figures(cache)).toBe(first);

    // Changed in place: not seen while the version stays; then rows added: only those are read.
    await db.updateTable('trader_income').set({ amount: 500 }).where('tran_id', '=', '2').execute();
    expect(await figures(cache)).toBe(first);
    await income('3', 'FUNDING_FEE', -1, T0 + 60 * HOUR);
    await snapshot(T0 + 60 * HOUR, 1210);
    const second = await figures(cache);
    expect(second.all.pnl.realized).toBe(10);
    expect(second.all.pnl.funding).toBe(-1);
    expect(second.all.roi).toBeCloseTo(0.21, 10);
    // The latest snapshot rewritten (the current hour's): read again.
    await db
      .updateTable('trader_equity')
      .set({ equity: 1320 })
      .where('at', '=', T0 + 60 * HOUR)
      .execute();
    expect((await figures(cache)).all.roi).toBeCloseTo(0.32, 10);
    // Replaced by a later one of the same hour (a later reconciliation): the hour is read again.
    await db
      .deleteFrom('trader_equity')
      .where('at', '=', T0 + 60 * HOUR)
      .execute();
    await snapshot(T0 + 60 * HOUR + 30 * 60_000, 1430);
    expect((await figures(cache)).all.roi).toBeCloseTo(0.43, 10);
    // A fresh cache reads everything.
    expect((await figures(new TradingReadCache())).all.pnl.realized).toBe(500);
  });
});
