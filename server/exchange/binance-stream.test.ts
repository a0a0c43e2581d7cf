import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS, ORDER_TYPE, POSITION_MODE, SIDE } from '#shared/trading.ts';
import type { BinanceFake } from '../test/binance-fake.ts';
import type { FakeAccount } from '../test/binance-fake-account.ts';
import { fakeReader, startBinanceFake } from '../test/binance-fake-kit.ts';
import type { AccountEvent, OrderEvent, StreamStatus, UserStream } from './exchange-reader.ts';

// The user-data stream against the fake exchange: scripted fills, position and conditional-order changes
// arrive as portal events; a dropped connection and an expired listen key are followed by a new connection
// announced as `resumed` (the caller reconciles over REST); a refused key ends the stream.

let fake: BinanceFake;
let account: FakeAccount;
let stream: UserStream | undefined;

beforeEach(async () => {
  fake = await startBinanceFake({ pingMs: 200 });
  account = fake.addAccount();
});
afterEach(async () => {
  await stream?.close();
  stream = undefined;
  await fake.stop();
});

/** Waits until `check` passes (the stream is asynchronous by nature). */
async function eventually<T>(check: () => T, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

function follow(options: Parameters<typeof fakeReader>[2] = {}) {
  const orders: OrderEvent[] = [];
  const accounts: AccountEvent[] = [];
  const statuses: StreamStatus[] = [];
  const { reader, log } = fakeReader(fake, account, {
    stream: { backoffMs: 20, ...options.stream },
    ...options,
  });
  stream = reader.userStream({
    order: (event) => orders.push(event),
    account: (event) => accounts.push(event),
    status: (status) => statuses.push(status),
  });
  return { orders, accounts, statuses, log, stream };
}

const states = (statuses: StreamStatus[]) =>
  statuses.map((s) => `${s.state}${s.resumed ? ' (resumed)' : ''}`);

describe('user-data stream', () => {
  it('delivers a scripted fill, a position change and a conditional order being triggered', async () => {
    const { orders, accounts, statuses } = follow();
    await eventually(() => expect(fake.streamCount(account.apiKey)).toBe(1));
    const order = account.addOrder({ symbol: 'BTCUSDT', side: 'BUY', origQty: '0.002', price: '60000' });
    const trade = account.fill({
      symbol: 'BTCUSDT',
      side: 'BUY',
      price: '60000',
      qty: '0.001',
      orderId: order.orderId,
      commission: '0.024',
      maker: true,
    });
    await eventually(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toMatchObject({
      execution: 'trade',
      order: {
        orderId: order.orderId,
        symbol: 'BTCUSDT',
        side: SIDE.buy,
        type: ORDER_TYPE.limit,
        status: ORDER_STATUS.partiallyFilled,
        quantity: 0.002,
        filledQuantity: 0.001,
      },
      fill: {
        id: trade.id,
        orderId: order.orderId,
        price: 60000,
        quantity: 0.001,
        quoteQuantity: 60,
        commission: 0.024,
        commissionAsset: 'USDT',
        maker: true,
        mode: POSITION_MODE.single,
      },
    });

    account.changePosition({ symbol: 'BTCUSDT', positionAmt: '0.001', entryPrice: '60000' });
    await eventually(() => expect(accounts).toHaveLength(1));
    expect(accounts[0]).toMatchObject({
      reason: 'ORDER',
      balances: [{ asset: 'USDT', walletBalance: 1000 }],
      positions: [
        { symbol: 'BTCUSDT', mode: POSITION_MODE.single, amount: 0.001, entryPrice: 60000, isolated: false },
      ],
    });

    const stop = account.addAlgoOrder({
      symbol: 'BTCUSDT',
      side: 'SELL',
      orderType: 'STOP_MARKET',
      triggerPrice: '55000',
    });
    account.changeAlgoOrder(stop.algoId, 'TRIGGERED');
    await eventually(() => expect(orders).toHaveLength(2));
    expect(orders[1]).toMatchObject({
      execution: 'conditional',
      fill: null,
      order: {
        algoId: stop.algoId,
        orderId: null,
        type: ORDER_TYPE.stopLossMarket,
        status: ORDER_STATUS.filled,
        stopPrice: 55000,
      },
    });
    expect(states(statuses)).toEqual(['connecting', 'open']);
  });

  it('reconnects after the exchange drops the connection, announced as resumed, and delivers again', async () => {
    const { orders, statuses, log } = follow();
    await eventually(() => expect(fake.streamCount(account.apiKey)).toBe(1));
    account.fill({ symbol: 'ETHUSDT', side: 'SELL', price: '3000', qty: '1' });
    await eventually(() => expect(orders).toHaveLength(1));

    fake.dropStreams(account.apiKey);
    await eventually(() =>
      expect(states(statuses)).toEqual(['connecting', 'open', 'reconnecting', 'open (resumed)']),
    );
    expect(statuses[2]?.error?.kind).toBe('unreachable');
    await eventually(() => expect(fake.streamCount(account.apiKey)).toBe(1));
    account.fill({ symbol: 'ETHUSDT', side: 'BUY', price: '2990', qty: '1' });
    await eventually(() => expect(orders).toHaveLength(2));
    expect(orders.map((o) => o.fill?.price)).toEqual([3000, 2990]);
    expect(log.lines.some((l) => l.message === 'User-data stream reconnecting')).toBe(true);
  });

  it('takes a new listen key when Binance says the old one expired', async () => {
    const { orders, statuses } = follow();
    await eventually(() => expect(fake.streamCount(account.apiKey)).toBe(1));
    const first = fake.listenKeyOf(account.apiKey);
    fake.expireListenKey(account.apiKey);
    await eventually(() => expect(states(statuses)).toContain('open (resumed)'));
    await eventually(() => expect(fake.streamCount(account.apiKey)).toBe(1));
    expect(fake.listenKeyOf(account.apiKey)).not.toBe(first);
    account.fill({ symbol: 'BTCUSDT', side: 'BUY', price: '61000', qty: '0.001' });
    await eventually(() => expect(orders).toHaveLength(1));
  });

  it('keeps the listen key alive, and closing ends the socket and the key', async () => {
    const { statuses } = follow({ stream: { keepaliveMs: 50 } });
    await eventually(() => expect(fake.streamCount(account.apiKey)).toBe(1));
    await eventually(() =>
      expect(
        fake.requests.filter((r) => r.method === 'PUT' && r.path === '/fapi/v1/listenKey').length,
      ).toBeGreaterThan(1),
    );
    await stream!.close();
    expect(fake.listenKeyOf(account.apiKey)).toBeUndefined();
    await eventually(() => expect(fake.streamCount(account.apiKey)).toBe(0));
    expect(statuses.at(-1)).toEqual({ state: 'closed', resumed: false, error: null });
    expect(stream!.state).toBe('closed');
    expect(fake.requests.filter((r) => r.method === 'POST').length).toBe(1);
  });

  it('replaces a connection that went silent (no messages, no pongs)', async () => {
    await fake.stop();
    // A fake that never pings, and a socket whose pongs are lost: the reader's own pings go unanswered.
    fake = await startBinanceFake({ pingMs: 60_000 });
    account = fake.addAccount();
    const { statuses } = follow({ stream: { pingMs: 50, idleTimeoutMs: 300 } });
    await eventually(() => expect(fake.streamCount(account.apiKey)).toBe(1));
    fake.muteStreams(account.apiKey);
    await eventually(() => expect(states(statuses)).toContain('open (resumed)'));
    expect(statuses.find((s) => s.state === 'reconnecting')?.error?.message).toBe(
      'The user-data stream went silent',
    );
  });

  it('ends for good when the key is refused, reporting why', async () => {
    account.restrictions.enableFutures = false;
    const { statuses } = follow();
    await eventually(() => expect(stream!.state).toBe('closed'));
    expect(statuses.at(-1)).toMatchObject({ state: 'closed', error: { kind: 'invalidKey', code: -2015 } });
    expect(fake.requests.map((r) => r.path)).toEqual(['/fapi/v1/listenKey']);
  });

  it('reads an unknown event type or code without failing, and reports the code', async () => {
    const { orders, log } = follow();
    await eventually(() => expect(fake.streamCount(account.apiKey)).toBe(1));
    account.push({ e: 'STRATEGY_UPDATE', E: Date.now() });
    account.push({ e: 'ACCOUNT_UPDATE', E: 1, T: 1, a: 'not an object' });
    const order = account.addOrder({ symbol: 'BTCUSDT', side: 'BUY', origQty: '1', type: 'FANCY_NEW_TYPE' });
    account.fill({ symbol: 'BTCUSDT', side: 'BUY', price: '1', qty: '1', orderId: order.orderId });
    await eventually(() => expect(orders).toHaveLength(1));
    expect(orders[0]?.order).toMatchObject({
      type: null,
      exchangeType: 'FANCY_NEW_TYPE',
      status: ORDER_STATUS.filled,
    });
    expect(log.lines.filter((l) => l.level === 'warn').map((l) => [l.message, l.details])).toEqual([
      ['Binance sent a user-data event that is not what it documents', { event: 'ACCOUNT_UPDATE' }],
      ['Binance sent a code the portal does not know yet', { field: 'orderType', value: 'FANCY_NEW_TYPE' }],
    ]);
  });
});
