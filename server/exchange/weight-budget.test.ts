import { afterEach, describe, expect, it } from 'vitest';
import type { BinanceFake } from '../test/binance-fake.ts';
import { fakeReader, startBinanceFake } from '../test/binance-fake-kit.ts';
import { BinanceContext, binanceTestUrls } from './binance-http.ts';
import { ExchangeError } from './exchange-errors.ts';
import { WeightBudget } from './weight-budget.ts';

// The request-weight budget: a fake exchange that answers 429 past its limit never gets a call past it from
// readers that share one budget, however many calls they make at once.

describe('WeightBudget', () => {
  const budget = (now: { t: number }, options: Partial<ConstructorParameters<typeof WeightBudget>[0]> = {}) =>
    new WeightBudget({
      limit: 100,
      windowMs: 1000,
      marginMs: 50,
      header: 'X-MBX-USED-WEIGHT-1M',
      now: () => now.t,
      ...options,
    });

  it('counts reserved weight in the current window and keeps a tenth of the limit free', async () => {
    const now = { t: 10_500 };
    const b = budget(now);
    expect(b.cap).toBe(90);
    await b.reserve(40);
    await b.reserve(50);
    expect(b.usedNow()).toBe(90);
    await expect(b.reserve(91)).rejects.toMatchObject({ kind: 'rateLimited' });
  });

  it('counts a call in flight in every window until its answer is in', async () => {
    const now = { t: 40_500 };
    const b = budget(now);
    const settle = await b.reserve(20);
    now.t = 42_500;
    expect(b.usedNow()).toBe(20);
    settle();
    // Answered in window 42: the exchange may have counted it in 40, 41 or 42.
    expect(b.usedNow()).toBe(20);
    now.t = 43_500;
    expect(b.usedNow()).toBe(0);
  });

  it('counts a call near a window boundary in both windows it may land in', async () => {
    const now = { t: 10_980 };
    const b = budget(now);
    await b.reserve(30);
    now.t = 11_010;
    expect(b.usedNow()).toBe(30);
    now.t = 11_100;
    await b.reserve(60);
    expect(b.usedNow()).toBe(90);
  });

  it('takes the exchange’s count when it is higher than ours', async () => {
    const now = { t: 20_500 };
    const b = budget(now);
    await b.reserve(5);
    b.observe(new Headers({ 'x-mbx-used-weight-1m': '70' }));
    expect(b.usedNow()).toBe(70);
    b.observe(new Headers({ 'x-mbx-used-weight-1m': '10' }));
    expect(b.usedNow()).toBe(70);
    b.observe(new Headers({ 'x-mbx-used-weight-1m': 'lots' }));
    expect(b.usedNow()).toBe(70);
  });

  it('carries the current window’s count when the clock offset is corrected', async () => {
    const now = { t: 50_500 };
    const b = budget(now);
    (await b.reserve(70))();
    const before = now.t;
    now.t = 63_200;
    b.clockMoved(before);
    expect(b.usedNow()).toBe(70);
  });

  it('refuses every call while a 429 or 418 holds, without waiting', async () => {
    const now = { t: 30_000 };
    const b = budget(now);
    b.block(5000);
    const error = await b.reserve(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeError);
    expect(error).toMatchObject({ kind: 'rateLimited', retryAfterMs: 5000 });
    now.t = 35_000;
    await b.reserve(1);
  });

  it('waits for the next window when the current one is full', async () => {
    const b = new WeightBudget({ limit: 10, windowMs: 200, marginMs: 10, headroom: 0, header: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 200 - (Date.now() % 200) + 15));
    const started = Date.now();
    (await b.reserve(10))();
    (await b.reserve(10))();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(150);
    expect(waited).toBeLessThan(1000);
  });
});

describe('weight budget against the fake exchange', () => {
  let fake: BinanceFake;
  afterEach(async () => {
    await fake.stop();
  });

  it('many concurrent calls from two keys sharing one budget never get a 429', async () => {
    fake = await startBinanceFake({ weightLimit: 60, windowMs: 500, banMs: 60_000 });
    const context = new BinanceContext({
      urls: binanceTestUrls(fake.baseUrl),
      weightLimit: 60,
      windowMs: 500,
      marginMs: 30,
    });
    const readers = [fake.addAccount(), fake.addAccount()].map((account) => {
      account.addPosition({ symbol: 'BTCUSDT', positionAmt: '1' });
      return fakeReader(fake, account, { context }).reader;
    });
    // 2 keys x 8 parallel loops x 4 calls of weight 5 = 320 weight, about six windows' worth.
    await Promise.all(
      readers.flatMap((reader) =>
        Array.from({ length: 8 }, async () => {
          for (let i = 0; i < 4; i++) expect(await reader.positions()).toHaveLength(1);
        }),
      ),
    );
    expect(fake.requests).toHaveLength(64);
    expect(fake.requests.filter((r) => r.status !== 200)).toEqual([]);
    expect(context.futures.cap).toBe(54);
  }, 20_000);

  it('leaves room for another client of the same address whose use the header reveals', async () => {
    fake = await startBinanceFake({ weightLimit: 50, windowMs: 2000, banMs: 60_000 });
    const account = fake.addAccount();
    const { reader, context } = fakeReader(fake, account, { budget: { weightLimit: 50, windowMs: 2000 } });
    await new Promise((resolve) => setTimeout(resolve, 2000 - (Date.now() % 2000) + 60));
    // Someone else on this address spends 40 of the 50 in this window.
    await Promise.all(Array.from({ length: 40 }, () => fetch(`${fake.baseUrl}/fapi/v1/time`)));
    await reader.balance();
    expect(context.futures.usedNow()).toBe(45);
    const started = Date.now();
    await reader.balance();
    expect(Date.now() - started).toBeGreaterThan(50);
    expect(fake.requests.filter((r) => r.status !== 200)).toEqual([]);
  });
});
