import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BinanceFake } from '../test/binance-fake.ts';
import type { FakeAccount } from '../test/binance-fake-account.ts';
import { fakeReader, startBinanceFake } from '../test/binance-fake-kit.ts';
import { BinanceContext, binanceTestUrls, signPayload } from './binance-http.ts';
import { ExchangeError } from './exchange-errors.ts';

// Each way a call to Binance fails becomes one typed state (ExchangeError.kind) the portal can show.

let fake: BinanceFake;
let account: FakeAccount;

beforeEach(async () => {
  fake = await startBinanceFake({ windowMs: 2000, banMs: 1500 });
  account = fake.addAccount();
});
afterEach(async () => {
  await fake.stop();
});

async function failure(promise: Promise<unknown>): Promise<ExchangeError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ExchangeError);
    return error as ExchangeError;
  }
  throw new Error('The call was expected to fail');
}

/** Just after the start of a weight window, so the calls of a test all land in one. */
async function windowStart(windowMs: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 20));
}

const statuses = () => fake.requests.map((r) => [r.path, r.status, r.code]);

describe('invalidKey', () => {
  it('for an unknown key, a badly formed key, a wrong secret, a key without futures, no key at all', async () => {
    const unknown = fakeReader(fake, undefined, {
      credentials: { apiKey: randomBytes(32).toString('hex'), secret: 'x' },
    }).reader;
    expect(await failure(unknown.positions())).toMatchObject({
      kind: 'invalidKey',
      code: -2015,
      status: 401,
    });

    const malformed = fakeReader(fake, undefined, { credentials: { apiKey: 'short', secret: 'x' } }).reader;
    expect(await failure(malformed.balance())).toMatchObject({ kind: 'invalidKey', code: -2014 });

    const wrongSecret = fakeReader(fake, undefined, {
      credentials: { apiKey: account.apiKey, secret: `${account.secret}0` },
    }).reader;
    expect(await failure(wrongSecret.openOrders())).toMatchObject({ kind: 'invalidKey', code: -1022 });

    account.restrictions.enableFutures = false;
    const { reader } = fakeReader(fake, account);
    expect(await failure(reader.positions())).toMatchObject({ kind: 'invalidKey', code: -2015 });
    // The key still reads its own restrictions on the spot host, which says why.
    expect((await reader.keyRestrictions()).canTradeFutures).toBe(false);

    const count = fake.requests.length;
    const anonymous = fakeReader(fake, undefined).reader;
    expect(await failure(anonymous.positions())).toMatchObject({ kind: 'invalidKey', code: null });
    expect(fake.requests).toHaveLength(count);
  });
});

describe('ipNotAllowed', () => {
  it('for -2015 on a key known to be restricted to listed addresses', async () => {
    account.restrictions.ipRestrict = true;
    const { reader } = fakeReader(fake, account);
    expect((await reader.keyRestrictions()).ipRestricted).toBe(true);
    account.ipAllowed = false;
    expect(await failure(reader.positions())).toMatchObject({ kind: 'ipNotAllowed', code: -2015 });
    // Told by the stored result of the last check, a new reader knows it from the start.
    const fresh = fakeReader(fake, account, { ipRestricted: true }).reader;
    expect(await failure(fresh.keyRestrictions())).toMatchObject({ kind: 'ipNotAllowed' });
  });
});

describe('clockSkew', () => {
  it.each([
    ['ahead of ours', 30_000],
    ['behind ours', -30_000],
  ])(
    'measures the clock again when the exchange clock is %s, and the call succeeds',
    async (_name, offset) => {
      fake.clockOffsetMs = offset;
      account.addPosition({ symbol: 'BTCUSDT', positionAmt: '1' });
      const { reader, context, log } = fakeReader(fake, account);
      expect(await reader.positions()).toHaveLength(1);
      expect(statuses()).toEqual([
        ['/fapi/v3/positionRisk', 400, -1021],
        ['/fapi/v1/time', 200, null],
        ['/fapi/v3/positionRisk', 200, null],
      ]);
      expect(Math.abs(context.clockOffsetMs - offset)).toBeLessThan(200);
      expect(log.lines.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
        'Binance refused the timestamp: clock offset measured again, call retried once',
      ]);
      // The measured offset serves every later call (and every key sharing the context).
      await reader.balance();
      expect(fake.requests.at(-1)?.status).toBe(200);
    },
  );

  it('retries once only: a timestamp still refused is clockSkew', async () => {
    fake.fail(
      { kind: 'error', code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' },
      {
        path: '/fapi/v3/account',
        times: 2,
      },
    );
    const { reader } = fakeReader(fake, account);
    expect(await failure(reader.balance())).toMatchObject({ kind: 'clockSkew', code: -1021, status: 400 });
    expect(statuses().map(([path]) => path)).toEqual([
      '/fapi/v3/account',
      '/fapi/v1/time',
      '/fapi/v3/account',
    ]);
  });
});

describe('rateLimited', () => {
  it('429 with Retry-After: the reader sends nothing more until then, so it is never banned', async () => {
    // A reader that believes the limit is far higher than the exchange's.
    await fake.stop();
    fake = await startBinanceFake({ weightLimit: 12, windowMs: 1500, banMs: 60_000 });
    account = fake.addAccount();
    const { reader } = fakeReader(fake, account, { budget: { weightLimit: 1000, windowMs: 1500 } });
    await windowStart(1500);
    await reader.positions();
    await reader.positions();
    const limited = await failure(reader.positions());
    expect(limited).toMatchObject({ kind: 'rateLimited', status: 429, code: -1003 });
    expect(limited.retryAfterMs).toBeGreaterThan(0);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(2000);
    const sent = fake.requests.length;
    expect(await failure(reader.balance())).toMatchObject({ kind: 'rateLimited', status: null });
    expect(fake.requests).toHaveLength(sent);
    await new Promise((resolve) => setTimeout(resolve, limited.retryAfterMs!));
    await reader.positions();
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200, 429, 200]);
  });

  it('418 when the address is banned: nothing is sent until the ban lifts', async () => {
    await fake.stop();
    fake = await startBinanceFake({ weightLimit: 3, windowMs: 1000, banMs: 1500 });
    account = fake.addAccount();
    // Another client of the same address ignores the 429 and gets the address banned.
    await windowStart(1000);
    for (let i = 0; i < 5; i++) await fetch(`${fake.baseUrl}/fapi/v1/time`);
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200, 200, 429, 418]);
    const { reader } = fakeReader(fake, account, { budget: { windowMs: 1000 } });
    const banned = await failure(reader.candles('BTCUSDT', '1m', 10));
    expect(banned).toMatchObject({ kind: 'rateLimited', status: 418 });
    expect(banned.retryAfterMs).toBeGreaterThan(0);
    expect(banned.retryAfterMs).toBeLessThanOrEqual(2000);
    const sent = fake.requests.length;
    expect(await failure(reader.tickers('BTCUSDT'))).toMatchObject({ kind: 'rateLimited', status: null });
    expect(fake.requests).toHaveLength(sent);
    await new Promise((resolve) => setTimeout(resolve, banned.retryAfterMs!));
    expect(await reader.tickers('BTCUSDT')).toHaveLength(1);
    expect(fake.requests.map((r) => r.status)).toEqual([200, 200, 200, 429, 418, 418, 200]);
  });
});

describe('unreachable', () => {
  it('for 5xx answers and the exchange’s own internal-error codes', async () => {
    const { reader } = fakeReader(fake, account);
    fake.fail({ kind: 'status', status: 502 });
    expect(await failure(reader.positions())).toMatchObject({ kind: 'unreachable', status: 502 });
    fake.fail({
      kind: 'error',
      status: 503,
      code: -1001,
      msg: 'Internal error; unable to process your request.',
    });
    expect(await failure(reader.positions())).toMatchObject({
      kind: 'unreachable',
      status: 503,
      code: -1001,
    });
    fake.fail({
      kind: 'error',
      status: 400,
      code: -1007,
      msg: 'Timeout waiting for response from backend server.',
    });
    expect(await failure(reader.balance())).toMatchObject({ kind: 'unreachable', code: -1007 });
  });

  it('for an answer that never comes, a dropped connection and a closed port', async () => {
    const { reader } = fakeReader(fake, account, { timeoutMs: 300 });
    fake.fail({ kind: 'hang' });
    const timedOut = await failure(reader.positions());
    expect(timedOut).toMatchObject({ kind: 'unreachable', message: 'Binance did not answer within 300 ms' });
    fake.fail({ kind: 'reset' });
    expect(await failure(reader.positions())).toMatchObject({ kind: 'unreachable' });

    const closed = await startBinanceFake();
    const url = closed.baseUrl;
    await closed.stop();
    const context = new BinanceContext({ urls: binanceTestUrls(url) });
    const nowhere = fakeReader(fake, account, { context }).reader;
    const refused = await failure(nowhere.tickers());
    expect(refused).toMatchObject({ kind: 'unreachable', message: 'Binance cannot be reached' });
    expect(String((refused.cause as Error).message)).toMatch(/ECONNREFUSED/);
  });
});

describe('malformed', () => {
  it('for an answer that is not JSON, or not the JSON Binance documents', async () => {
    const { reader } = fakeReader(fake, account);
    fake.fail({ kind: 'malformed' });
    expect(await failure(reader.positions())).toMatchObject({ kind: 'malformed', status: 200 });
    fake.fail({ kind: 'malformed', body: '{"serverTime": "soon"}' });
    expect(await failure(reader.exchangeInfo())).toMatchObject({ kind: 'malformed' });
    account.addPosition({ symbol: 'BTCUSDT', positionAmt: 'lots' });
    const shape = await failure(reader.positions());
    expect(shape).toMatchObject({ kind: 'malformed' });
    expect(shape.message).toContain('positionAmt');
  });
});

describe('rejected', () => {
  it('for any other refusal, with Binance’s code and message', async () => {
    const { reader } = fakeReader(fake, account);
    expect(await failure(reader.candles('NOPEUSDT', '1h', 10))).toMatchObject({
      kind: 'rejected',
      status: 400,
      code: -1121,
      exchangeMessage: 'Invalid symbol.',
    });
  });
});

describe('signature', () => {
  it('is the HMAC-SHA256 of the query string, as in Binance’s own example', () => {
    const secret = '2b5eb11e18796d12d88f13dc27dbbd02c2cc51ff7059765ed9821957d82bb4d9';
    const query =
      'symbol=BTCUSDT&side=BUY&type=LIMIT&quantity=1&price=9000&timeInForce=GTC&recvWindow=5000&timestamp=1591702613943';
    expect(signPayload(secret, query)).toBe(
      '3c661234138461fcc7a7d8746c6558c9842d4e10870d2ecbedf7777cad694af9',
    );
  });
});
