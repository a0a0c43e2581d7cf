import { afterEach, describe, expect, it } from 'vitest';
import { traderLiveChangedPayload } from '#shared/schemas/trading.ts';
import { ORDER_TYPE, POSITION_MODE, SIDE } from '#shared/trading.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { eventually } from '../../test/hub-client.ts';
import { netValueCurve } from '../net-value.ts';
import { fakeTradeIds, type SyncKit, syncKit } from './sync-test-kit.ts';

// The sync against the fake Binance: what is stored matches the exchange, live changes are stored and
// published in order, a gap is backfilled once, and fills made while the stream is down are not lost.

const HOUR = 3_600_000;

describe.each(TEST_DIALECTS)('trader sync on %s', (dialect) => {
  let kit: SyncKit;
  afterEach(async () => {
    await kit?.close();
  });

  it('stores positions, open orders with conditional ones, fills, income and the hour’s equity as the exchange has them', async () => {
    kit = await syncKit(dialect);
    const account = kit.fake.addAccount();
    const opened = account.fill({
      symbol: 'BTCUSDT',
      side: 'BUY',
      price: '60000',
      qty: '0.5',
      commission: '12',
      time: Date.now() - 2 * HOUR,
    });
    account.fill({
      symbol: 'ETHUSDT',
      side: 'BUY',
      price: '3000',
      qty: '2',
      commission: '2.4',
      time: Date.now() - HOUR,
    });
    account.fill({
      symbol: 'ETHUSDT',
      side: 'SELL',
      price: '3100',
      qty: '2',
      commission: '2.5',
      realizedPnl: '200',
      time: Date.now() - HOUR + 60_000,
    });
    account.addIncome({
      symbol: 'BTCUSDT',
      incomeType: 'FUNDING_FEE',
      income: '-1.5',
      time: Date.now() - 30 * 60_000,
    });
    account.addIncome({ incomeType: 'TRANSFER', income: '500', time: Date.now() - 3 * HOUR });
    account.addPosition({
      symbol: 'BTCUSDT',
      positionAmt: '0.5',
      entryPrice: '60000',
      markPrice: '60500',
      unRealizedProfit: '250',
      notional: '30250',
      initialMargin: '3025',
      liquidationPrice: '48000',
    });
    const limit = account.addOrder({ symbol: 'ETHUSDT', side: 'BUY', origQty: '1', price: '2900' });
    const stop = account.addAlgoOrder({
      symbol: 'BTCUSDT',
      side: 'SELL',
      orderType: 'STOP_MARKET',
      triggerPrice: '58000',
      quantity: '0.5',
    });
    const keyId = await kit.addKey(account);
    kit.worker('a').start();

    await eventually(async () => ((await kit.sync(keyId))?.reconciled_at ? true : undefined));
    const sync = await kit.sync(keyId);
    expect(sync).toMatchObject({ state: 'syncing', holder: 'a' });
    expect(await kit.check(keyId)).toMatchObject({ state: 'ok', can_withdraw: 0 });

    const positions = await kit.db
      .selectFrom('trader_positions')
      .selectAll()
      .where('key_id', '=', keyId)
      .execute();
    expect(positions).toEqual([
      expect.objectContaining({
        symbol: 'BTCUSDT',
        position_side: POSITION_MODE.single,
        size: 0.5,
        entry_price: 60000,
        mark_price: 60500,
        unrealized_pnl: 250,
        leverage: 10,
        margin_mode: 'cross',
        liquidation_price: 48000,
        // When it opened comes from the stored fills.
        opened_at: opened.time,
      }),
    ]);
    const orders = await kit.db
      .selectFrom('trader_orders')
      .selectAll()
      .where('key_id', '=', keyId)
      .orderBy('order_id')
      .execute();
    expect(orders).toEqual([
      expect.objectContaining({
        order_id: String(limit.orderId),
        algo: 0,
        type: ORDER_TYPE.limit,
        price: 2900,
      }),
      expect.objectContaining({
        order_id: String(stop.algoId),
        algo: 1,
        type: ORDER_TYPE.stopLossMarket,
        trigger_price: 58000,
        quantity: 0.5,
      }),
    ]);
    expect(await kit.fillIds(keyId)).toEqual(fakeTradeIds(account));
    const income = await kit.db.selectFrom('trader_income').selectAll().where('key_id', '=', keyId).execute();
    expect(income.map((row) => `${row.income_type}:${row.amount}`).sort()).toEqual(
      account.income.map((entry) => `${entry.incomeType}:${Number(entry.income)}`).sort(),
    );
    const equity = await kit.db.selectFrom('trader_equity').selectAll().where('key_id', '=', keyId).execute();
    expect(equity).toEqual([{ key_id: keyId, at: expect.any(Number), equity: 1000, unrealized_pnl: 0 }]);
    expect(equity[0]!.at).toBeGreaterThanOrEqual(sync!.reconciled_at! - 60_000);
    // The first reconciliation is one change: the whole account, numbered 1, with nothing "opened".
    const [first] = kit.changes(keyId);
    expect(traderLiveChangedPayload.parse(first)).toMatchObject({ keyId, seq: 1, opened: [] });
    expect(sync?.live_seq).toBe(1);
    kit.expectNoSecrets();
  });

  it('stamps the equity snapshot when its balance was read, after a transfer it includes, and keeps one an hour', async () => {
    kit = await syncKit(dialect);
    const account = kit.fake.addAccount();
    const keyId = await kit.addKey(account);
    // An hour ago the account held 1,000; a minute ago 500 were deposited (the equity now includes them).
    const hourAgo = Date.now() - HOUR;
    await kit.db
      .insertInto('trader_equity')
      .values({ key_id: keyId, at: hourAgo, equity: 1000, unrealized_pnl: 0 })
      .execute();
    const deposit = Date.now() - 60_000;
    account.addIncome({ incomeType: 'TRANSFER', income: '500', time: deposit });
    account.addAsset({ asset: 'USDT', walletBalance: '1500' });
    kit.worker('a', { reconcileMs: 100 }).start();

    const rows = () =>
      kit.db.selectFrom('trader_equity').selectAll().where('key_id', '=', keyId).orderBy('at').execute();
    // Reconciled again and again: each hour keeps one snapshot, its latest.
    const latest = async () => (await rows()).at(-1)!;
    const firstAt = (await eventually(async () => ((await rows()).length >= 2 ? latest() : undefined))).at;
    await eventually(async () => ((await latest()).at > firstAt ? true : undefined));
    const equity = await rows();
    const hours = equity.map((row) => Math.floor(row.at / HOUR));
    expect(new Set(hours).size).toBe(hours.length);
    expect(equity[0]).toMatchObject({ at: hourAgo, equity: 1000 });
    expect(equity.at(-1)!.equity).toBe(1500);
    expect(equity.at(-1)!.at).toBeGreaterThan(deposit);
    // The deposit is not a gain: 1,000 units worth 1 an hour ago, 1,500 units worth 1 now (by hand).
    const income = await kit.db.selectFrom('trader_income').selectAll().where('key_id', '=', keyId).execute();
    expect(income.map((row) => [row.income_type, row.amount, row.time])).toEqual([
      ['TRANSFER', 500, deposit],
    ]);
    const curve = netValueCurve(
      equity.map((row) => ({ time: row.at, equity: row.equity })),
      income.map((row) => ({ type: row.income_type, amount: row.amount, time: row.time })),
    );
    expect(curve.at(-1)).toMatchObject({ netValue: 1, units: 1500, pnl: 0 });
  });

  it('stores what the stream reports, publishing each change with the next sequence number', async () => {
    kit = await syncKit(dialect);
    const account = kit.fake.addAccount();
    const stop = account.addAlgoOrder({
      symbol: 'BTCUSDT',
      side: 'SELL',
      orderType: 'STOP_MARKET',
      triggerPrice: '58000',
    });
    const keyId = await kit.following(account);

    const buy = account.fill({
      symbol: 'BTCUSDT',
      side: 'BUY',
      price: '60000',
      qty: '0.5',
      commission: '12',
    });
    account.changePosition({
      symbol: 'BTCUSDT',
      positionAmt: '0.5',
      entryPrice: '60000',
      markPrice: '60000',
      unRealizedProfit: '0',
      notional: '30000',
      initialMargin: '6000',
      liquidationPrice: '48500',
    });
    const opened = await eventually(() => kit.changes(keyId).find((c) => (c.opened as unknown[]).length));
    expect(opened.opened).toEqual([{ symbol: 'BTCUSDT', positionSide: POSITION_MODE.single }]);
    // The event has no leverage nor liquidation price: a reconciliation follows at once (the worker's own
    // comes every 10 minutes here), so the position gets them in seconds.
    const positions = () => kit.changes(keyId).flatMap((c) => traderLiveChangedPayload.parse(c).positions);
    const completed = await eventually(() => positions().find((p) => p.leverage > 0));
    expect(completed).toMatchObject({ symbol: 'BTCUSDT', leverage: 5, liquidationPrice: 48500 });
    expect(positions()[0]).toMatchObject({ leverage: 0 });
    const sell = account.fill({
      symbol: 'BTCUSDT',
      side: 'SELL',
      price: '61000',
      qty: '0.5',
      commission: '12.2',
      realizedPnl: '500',
    });
    account.changePosition({ symbol: 'BTCUSDT', positionAmt: '0' });
    account.changeAlgoOrder(stop.algoId, 'CANCELED');
    // Both removals, whichever change brings each: one published first says nothing of the other.
    await eventually(() => {
      const published = kit.changes(keyId);
      const removed = (field: 'removedOrders' | 'removedPositions') =>
        published.some((c) => (c[field] as unknown[]).length);
      return removed('removedOrders') && removed('removedPositions') ? true : undefined;
    });

    const changes = kit.changes(keyId).map((change) => traderLiveChangedPayload.parse(change));
    expect(changes.map((c) => c.seq)).toEqual(changes.map((_, i) => i + 1));
    expect(changes.flatMap((c) => c.fills.map((f) => f.tradeId))).toEqual([String(buy.id), String(sell.id)]);
    const closing = changes.find((c) => c.closed.length);
    expect(closing?.closed).toEqual([
      expect.objectContaining({
        symbol: 'BTCUSDT',
        side: 'LONG',
        size: 0.5,
        entryPrice: 60000,
        exitPrice: 61000,
        realizedPnl: 500,
      }),
    ]);
    expect(changes.flatMap((c) => c.removedPositions)).toEqual([
      { symbol: 'BTCUSDT', positionSide: POSITION_MODE.single },
    ]);
    expect(changes.flatMap((c) => c.removedOrders)).toEqual([String(stop.algoId)]);
    expect(await kit.fillIds(keyId)).toEqual(fakeTradeIds(account));
    expect(
      await kit.db.selectFrom('trader_positions').selectAll().where('key_id', '=', keyId).execute(),
    ).toEqual([]);
    expect(
      await kit.db.selectFrom('trader_orders').selectAll().where('key_id', '=', keyId).execute(),
    ).toEqual([]);
    expect((await kit.sync(keyId))?.live_seq).toBe(changes.length);
    kit.expectNoSecrets();
  });

  it('rebuilds a symbol’s positions from where it was last flat, not from its whole history', async () => {
    kit = await syncKit(dialect);
    const account = kit.fake.addAccount();
    const keyId = await kit.following(account);
    const closedCount = () => kit.changes(keyId).flatMap((c) => c.closed as unknown[]).length;

    account.fill({ symbol: 'BTCUSDT', side: 'BUY', price: '100', qty: '1' });
    const flatAt = account.fill({
      symbol: 'BTCUSDT',
      side: 'SELL',
      price: '110',
      qty: '1',
      realizedPnl: '10',
    });
    await eventually(() => (closedCount() === 1 ? true : undefined));
    const mark = await kit.db
      .selectFrom('trader_flat_marks')
      .selectAll()
      .where('key_id', '=', keyId)
      .execute();
    expect(mark).toEqual([
      { key_id: keyId, symbol: 'BTCUSDT', time: flatAt.time, trade_id: String(flatAt.id) },
    ]);

    // A stored fill before the mark that a rebuild from the first fill would count (an open buy of 5) ...
    await kit.db
      .insertInto('trader_fills')
      .values({
        key_id: keyId,
        symbol: 'BTCUSDT',
        trade_id: '1',
        order_id: '1',
        side: SIDE.buy,
        position_side: POSITION_MODE.single,
        price: 1,
        quantity: 5,
        realized_pnl: 0,
        commission: 0,
        commission_asset: 'USDT',
        maker: 0,
        time: flatAt.time - 1000,
      })
      .execute();
    // ... is not read for the next position: it opens at 200 and closes at 220, size 1.
    account.fill({ symbol: 'BTCUSDT', side: 'BUY', price: '200', qty: '1' });
    account.fill({ symbol: 'BTCUSDT', side: 'SELL', price: '220', qty: '1', realizedPnl: '20' });
    await eventually(() => (closedCount() === 2 ? true : undefined));
    const closed = kit.changes(keyId).flatMap((c) => traderLiveChangedPayload.parse(c).closed);
    expect(closed.at(-1)).toMatchObject({ entryPrice: 200, exitPrice: 220, size: 1, realizedPnl: 20 });
  });

  it('backfills the fills and income of a gap from the exchange’s history after a restart, counting nothing twice', async () => {
    kit = await syncKit(dialect);
    const account = kit.fake.addAccount();
    account.fill({
      symbol: 'BTCUSDT',
      side: 'BUY',
      price: '60000',
      qty: '1',
      commission: '24',
      time: Date.now() - HOUR,
    });
    const keyId = await kit.addKey(account);
    const first = kit.worker('first');
    first.start();
    await eventually(async () => ((await kit.sync(keyId))?.reconciled_at ? true : undefined));
    await first.stop();

    // The process was down: the exchange moved on.
    account.fill({
      symbol: 'BTCUSDT',
      side: 'SELL',
      price: '61000',
      qty: '0.4',
      commission: '9.8',
      realizedPnl: '400',
    });
    account.fill({ symbol: 'ETHUSDT', side: 'SELL', price: '3000', qty: '3', commission: '3.6' });
    account.addIncome({ symbol: 'BTCUSDT', incomeType: 'FUNDING_FEE', income: '-2' });
    const before = (await kit.sync(keyId))!.reconciled_at!;
    const second = kit.worker('second');
    second.start();
    await eventually(async () => ((await kit.sync(keyId))!.reconciled_at! > before ? true : undefined));
    expect(await kit.fillIds(keyId)).toEqual(fakeTradeIds(account));
    await second.stop();

    // A third start with nothing new stores nothing again.
    const seq = (await kit.sync(keyId))!.live_seq;
    const again = (await kit.sync(keyId))!.reconciled_at!;
    kit.worker('third').start();
    await eventually(async () => ((await kit.sync(keyId))!.reconciled_at! > again ? true : undefined));

    const fills = await kit.db.selectFrom('trader_fills').selectAll().where('key_id', '=', keyId).execute();
    expect(fills).toHaveLength(account.trades.length);
    const income = await kit.db.selectFrom('trader_income').selectAll().where('key_id', '=', keyId).execute();
    expect(income).toHaveLength(account.income.length);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(income.map((row) => row.amount))).toBeCloseTo(
      sum(account.income.map((e) => Number(e.income))),
      8,
    );
    const published = kit
      .changes(keyId)
      .flatMap((c) => (c.fills as { tradeId: string }[]).map((f) => f.tradeId));
    expect(published.sort()).toEqual(fakeTradeIds(account));
    // Only the open position's mark or nothing at all may have changed since: no fill published twice.
    expect((await kit.sync(keyId))!.live_seq).toBeLessThanOrEqual(seq + 1);
    kit.expectNoSecrets();
  });

  it('keeps every fill made while the user-data stream was down, from the reconciliation after it reconnects', async () => {
    kit = await syncKit(dialect);
    const account = kit.fake.addAccount();
    // Reconciliations only at the start and after a reconnect (the timer's is 10 minutes away).
    const keyId = await kit.following(account);
    // Stamped by the exchange 40 s ago, so that the 30 s of fills below are in the past when read.
    const start = Date.now() - 40_000;
    const live = account.fill({
      symbol: 'BTCUSDT',
      side: 'BUY',
      price: '60000',
      qty: '0.1',
      commission: '2.4',
      time: start,
    });
    await eventually(async () => ((await kit.fillIds(keyId)).includes(String(live.id)) ? true : undefined));

    // The stream drops, and the exchange refuses new listen keys for a while: 30 seconds of fills happen
    // meanwhile (stamped by the exchange over the 30 s after the drop, which the test does not wait out).
    kit.fake.fail({ kind: 'reset' }, { path: '/fapi/v1/listenKey', times: 4 });
    kit.fake.dropStreams(account.apiKey);
    await eventually(() => (kit.fake.streamCount(account.apiKey) === 0 ? true : undefined));
    const droppedAt = start + 1_000;
    for (let i = 0; i < 6; i++)
      account.fill({
        symbol: i % 2 ? 'ETHUSDT' : 'BTCUSDT',
        side: 'SELL',
        price: '100',
        qty: '0.01',
        commission: '0.01',
        time: droppedAt + i * 6_000,
      });
    const dropped = await eventually(async () => {
      const sync = await kit.sync(keyId);
      return sync?.state === 'error' ? sync : undefined;
    });
    expect(dropped.last_error).toMatch(/stream dropped/);

    await eventually(() => (kit.fake.streamCount(account.apiKey) === 1 ? true : undefined));
    await eventually(async () =>
      (await kit.fillIds(keyId)).length === account.trades.length ? true : undefined,
    );
    expect(await kit.fillIds(keyId)).toEqual(fakeTradeIds(account));
    await eventually(async () => ((await kit.sync(keyId))?.state === 'syncing' ? true : undefined));
    kit.expectNoSecrets();
  });
});
