import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS, ORDER_TYPE, POSITION_MODE, SIDE } from '#shared/trading.ts';
import type { BinanceFake } from '../test/binance-fake.ts';
import type { FakeAccount } from '../test/binance-fake-account.ts';
import { fakeReader, startBinanceFake } from '../test/binance-fake-kit.ts';
import type { CodeField } from './binance-codes.ts';

// Every ExchangeReader method of the Binance implementation against the loopback fake exchange, which
// checks signatures, timestamps and weights like Binance and answers in Binance's JSON.

const DAY = 86_400_000;
let fake: BinanceFake;
let account: FakeAccount;

beforeEach(async () => {
  fake = await startBinanceFake();
  account = fake.addAccount();
});
afterEach(async () => {
  await fake.stop();
});

describe('Binance reader: the account', () => {
  it('reads the key restrictions from the spot host', async () => {
    account.restrictions = {
      ...account.restrictions,
      ipRestrict: true,
      enableWithdrawals: true,
      permitsUniversalTransfer: true,
      createTime: 1_700_000_000_000,
      tradingAuthorityExpirationTime: 1_800_000_000_000,
    };
    const { reader } = fakeReader(fake, account);
    expect(await reader.keyRestrictions()).toEqual({
      canRead: true,
      canTradeFutures: true,
      canTradeSpot: false,
      canWithdraw: true,
      canTransfer: true,
      ipRestricted: true,
      createdAt: 1_700_000_000_000,
      tradingExpiresAt: 1_800_000_000_000,
    });
    expect(fake.requests.map((r) => [r.path, r.status])).toEqual([['/sapi/v1/account/apiRestrictions', 200]]);
  });

  it('reads open positions (one-way and hedge legs), leaving out empty ones', async () => {
    account.addPosition({
      symbol: 'BTCUSDT',
      positionAmt: '-0.010',
      entryPrice: '60000.0',
      breakEvenPrice: '60024.0',
      markPrice: '59000.5',
      unRealizedProfit: '9.99500000',
      liquidationPrice: '75000.1',
      notional: '-590.005',
      initialMargin: '59.0005',
      maintMargin: '2.36',
      isolatedMargin: '0',
      updateTime: 1_720_000_000_000,
    });
    account.addPosition({ symbol: 'ETHUSDT', positionSide: 'LONG', positionAmt: '1.5', entryPrice: '3000' });
    account.addPosition({ symbol: 'ETHUSDT', positionSide: 'SHORT', positionAmt: '0' });
    const { reader } = fakeReader(fake, account);
    const positions = await reader.positions();
    expect(positions).toHaveLength(2);
    expect(positions[0]).toEqual({
      symbol: 'BTCUSDT',
      mode: POSITION_MODE.single,
      amount: -0.01,
      entryPrice: 60000,
      breakEvenPrice: 60024,
      markPrice: 59000.5,
      unrealizedPnl: 9.995,
      liquidationPrice: 75000.1,
      notional: -590.005,
      marginAsset: 'USDT',
      initialMargin: 59.0005,
      maintenanceMargin: 2.36,
      isolatedMargin: 0,
      updatedAt: 1_720_000_000_000,
    });
    expect(positions[1]).toMatchObject({
      symbol: 'ETHUSDT',
      mode: POSITION_MODE.long,
      amount: 1.5,
      entryPrice: 3000,
    });
  });

  it('reads open orders together with conditional (algo) orders', async () => {
    const limit = account.addOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      origQty: '0.020',
      executedQty: '0.005',
      price: '58000',
      avgPrice: '58000',
      status: 'PARTIALLY_FILLED',
      time: 1_000,
      updateTime: 2_000,
    });
    account.addOrder({
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'TRAILING_STOP_MARKET',
      origQty: '1',
      positionSide: 'LONG',
    });
    const algo = account.addAlgoOrder({
      symbol: 'BTCUSDT',
      side: 'SELL',
      orderType: 'STOP_MARKET',
      quantity: '0.020',
      triggerPrice: '55000',
      reduceOnly: true,
    });
    account.addAlgoOrder({
      symbol: 'ETHUSDT',
      side: 'BUY',
      orderType: 'TAKE_PROFIT',
      price: '2500',
      triggerPrice: '2510',
    });
    const { reader } = fakeReader(fake, account);
    const orders = await reader.openOrders();
    expect(orders.map((o) => [o.symbol, o.type, o.status, o.orderId !== null, o.algoId !== null])).toEqual([
      ['BTCUSDT', ORDER_TYPE.limit, ORDER_STATUS.partiallyFilled, true, false],
      ['ETHUSDT', ORDER_TYPE.trailingStop, ORDER_STATUS.new, true, false],
      ['BTCUSDT', ORDER_TYPE.stopLossMarket, ORDER_STATUS.new, false, true],
      ['ETHUSDT', ORDER_TYPE.takeProfitLimit, ORDER_STATUS.new, false, true],
    ]);
    expect(orders[0]).toEqual({
      orderId: limit.orderId,
      algoId: null,
      clientOrderId: limit.clientOrderId,
      symbol: 'BTCUSDT',
      side: SIDE.buy,
      mode: POSITION_MODE.single,
      type: ORDER_TYPE.limit,
      status: ORDER_STATUS.partiallyFilled,
      exchangeType: 'LIMIT',
      exchangeStatus: 'PARTIALLY_FILLED',
      price: 58000,
      stopPrice: 0,
      quantity: 0.02,
      filledQuantity: 0.005,
      averagePrice: 58000,
      reduceOnly: false,
      closePosition: false,
      createdAt: 1_000,
      updatedAt: 2_000,
    });
    expect(orders[2]).toMatchObject({
      algoId: algo.algoId,
      clientOrderId: algo.clientAlgoId,
      side: SIDE.sell,
      stopPrice: 55000,
      quantity: 0.02,
      reduceOnly: true,
      exchangeType: 'STOP_MARKET',
    });
    expect(orders[1]?.mode).toBe(POSITION_MODE.long);
  });

  it('reads fills from a trade id on, page after page', async () => {
    for (let i = 0; i < 2500; i++)
      account.addTrade({ symbol: 'BTCUSDT', side: 'BUY', price: '60000', qty: '0.001' });
    account.addTrade({ symbol: 'ETHUSDT', side: 'SELL', price: '3000', qty: '1' });
    const first = account.trades[10]!;
    const { reader } = fakeReader(fake, account);
    const fills = await reader.fills({ symbol: 'BTCUSDT', fromId: first.id });
    expect(fills).toHaveLength(2490);
    expect(fills[0]).toEqual({
      id: first.id,
      orderId: first.orderId,
      symbol: 'BTCUSDT',
      side: SIDE.buy,
      mode: POSITION_MODE.single,
      price: 60000,
      quantity: 0.001,
      quoteQuantity: 60,
      commission: 0,
      commissionAsset: 'USDT',
      realizedPnl: 0,
      maker: false,
      time: first.time,
    });
    expect(new Set(fills.map((f) => f.id)).size).toBe(2490);
    expect(fake.requests.filter((r) => r.path === '/fapi/v1/userTrades')).toHaveLength(3);
  });

  it('reads fills since a time in 7-day windows, for one symbol or every symbol the account used', async () => {
    const now = Date.now();
    const at = (daysAgo: number) => now - daysAgo * DAY;
    account.addTrade({ symbol: 'BTCUSDT', side: 'BUY', price: '1', qty: '1', time: at(20) });
    account.addTrade({
      symbol: 'BTCUSDT',
      side: 'SELL',
      price: '2',
      qty: '1',
      time: at(12),
      realizedPnl: '1',
    });
    account.addTrade({ symbol: 'BTCUSDT', side: 'BUY', price: '3', qty: '1', time: at(1) });
    account.addTrade({
      symbol: 'ETHUSDT',
      side: 'BUY',
      price: '4',
      qty: '1',
      time: at(3),
      commission: '0.1',
    });
    account.addTrade({ symbol: 'BTCUSDT', side: 'BUY', price: '5', qty: '1', time: at(40) });
    // What tells the reader which symbols were traded: income entries and open positions.
    account.addIncome({ symbol: 'ETHUSDT', incomeType: 'COMMISSION', income: '-0.1', time: at(3) });
    account.addPosition({ symbol: 'BTCUSDT', positionAmt: '1' });
    const { reader } = fakeReader(fake, account);

    const btc = await reader.fills({ symbol: 'BTCUSDT', since: at(25) });
    expect(btc.map((f) => f.price)).toEqual([1, 2, 3]);
    const windows = fake.requests.filter((r) => r.path === '/fapi/v1/userTrades');
    expect(windows.length).toBe(4);
    expect(windows.every((r) => r.status === 200)).toBe(true);

    const all = await reader.fills({ since: at(25) });
    expect(all.map((f) => [f.symbol, f.price])).toEqual([
      ['BTCUSDT', 1],
      ['BTCUSDT', 2],
      ['ETHUSDT', 4],
      ['BTCUSDT', 3],
    ]);
  });

  it('reads the income history since a time, page after page, each entry once', async () => {
    const start = Date.now() - 2 * DAY;
    for (let i = 0; i < 1500; i++) {
      account.addIncome({
        symbol: 'BTCUSDT',
        incomeType: i % 3 === 0 ? 'FUNDING_FEE' : i % 3 === 1 ? 'COMMISSION' : 'REALIZED_PNL',
        income: '-0.5',
        time: start + Math.floor(i / 4) * 1000,
        tradeId: i % 3 === 0 ? '' : String(9000 + i),
      });
    }
    account.addIncome({ incomeType: 'TRANSFER', income: '100', time: start + DAY });
    account.addIncome({ incomeType: 'SOMETHING_NEW', income: '1', time: start + DAY });
    const unknown: [CodeField, string][] = [];
    const { reader, log } = fakeReader(fake, account, { onUnknownCode: (f, v) => unknown.push([f, v]) });
    const entries = await reader.incomeHistory(start);
    expect(entries).toHaveLength(1502);
    expect(new Set(entries.map((e) => e.id)).size).toBe(1502);
    expect(entries[0]).toEqual({
      id: `FUNDING_FEE:${account.income[0]!.tranId}`,
      kind: 'fundingFee',
      exchangeType: 'FUNDING_FEE',
      symbol: 'BTCUSDT',
      amount: -0.5,
      asset: 'USDT',
      time: start,
      tradeId: null,
      info: 'FUNDING_FEE',
    });
    expect(entries.find((e) => e.exchangeType === 'TRANSFER')).toMatchObject({
      kind: 'transfer',
      symbol: null,
    });
    expect(entries.find((e) => e.exchangeType === 'SOMETHING_NEW')?.kind).toBeNull();
    expect(unknown).toEqual([['incomeType', 'SOMETHING_NEW']]);
    expect(log.lines.filter((l) => l.level === 'warn')).toEqual([
      {
        level: 'warn',
        details: { field: 'incomeType', value: 'SOMETHING_NEW' },
        message: 'Binance sent a code the portal does not know yet',
      },
    ]);
  });

  it('reads the balance of the futures wallet', async () => {
    account.addAsset({
      asset: 'USDT',
      walletBalance: '1500.5',
      unrealizedProfit: '-20.5',
      marginBalance: '1480',
    });
    account.addAsset({ asset: 'USDC', walletBalance: '100' });
    const { reader } = fakeReader(fake, account);
    const balance = await reader.balance();
    expect(balance).toMatchObject({ walletBalance: 1600.5, unrealizedPnl: -20.5, marginBalance: 1580 });
    expect(balance.assets.map((a) => [a.asset, a.walletBalance, a.marginBalance])).toEqual([
      ['USDT', 1500.5, 1480],
      ['USDC', 100, 100],
    ]);
  });
});

describe('Binance reader: public market data', () => {
  it('reads candles, with the weight Binance gives each limit', async () => {
    const { reader } = fakeReader(fake, undefined);
    const candles = await reader.candles('BTCUSDT', '1h', 24);
    expect(candles).toHaveLength(24);
    const [first, second] = candles;
    expect(second!.openTime - first!.openTime).toBe(3_600_000);
    expect(first!.closeTime).toBe(first!.openTime + 3_599_999);
    expect(first!.high).toBeGreaterThanOrEqual(Math.max(first!.open, first!.close));
    expect(first!.low).toBeLessThanOrEqual(Math.min(first!.open, first!.close));
    expect(typeof first!.trades).toBe('number');
    await reader.candles('ETHUSDT', '1m', 1000);
    expect(fake.requests.map((r) => r.weight)).toEqual([1, 5]);
    await expect(reader.candles('BTCUSDT', '1h', 0)).rejects.toThrow(RangeError);
  });

  it('reads 24-hour tickers of every symbol or of one', async () => {
    const { reader } = fakeReader(fake, undefined);
    const all = await reader.tickers();
    expect(all.map((t) => t.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    const [btc] = await reader.tickers('BTCUSDT');
    expect(btc).toMatchObject({ symbol: 'BTCUSDT' });
    expect(btc!.lastPrice).toBeGreaterThan(50_000);
    expect(btc!.closeTime - btc!.openTime).toBe(DAY);
    expect(fake.requests.map((r) => r.weight)).toEqual([40, 1]);
  });

  it('reads exchange information, and the budget follows the announced limit', async () => {
    const { reader, context } = fakeReader(fake, undefined, { budget: { weightLimit: 100 } });
    const info = await reader.exchangeInfo();
    expect(info.weightLimitPerMinute).toBe(2400);
    expect(context.futures.cap).toBe(2160);
    expect(info.symbols[0]).toEqual({
      symbol: 'BTCUSDT',
      status: 'TRADING',
      contractType: 'PERPETUAL',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      marginAsset: 'USDT',
      pricePrecision: 2,
      quantityPrecision: 3,
      tickSize: 0.1,
      stepSize: 0.001,
      minQuantity: 0.001,
      minNotional: 100,
      orderTypes: [0, 1, 4, 5, 6, 7, 10],
    });
  });
});
