import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BinanceFake } from '../test/binance-fake.ts';
import type { FakeAccount } from '../test/binance-fake-account.ts';
import { fakeReader, startBinanceFake } from '../test/binance-fake-kit.ts';
import type { StreamStatus } from './exchange-reader.ts';

// Whatever happens, the secret, the API key, the signatures, the signed query strings and the listen keys
// never reach the log, an error or its serialization.

let fake: BinanceFake;
let account: FakeAccount;

beforeEach(async () => {
  fake = await startBinanceFake({ weightLimit: 120, windowMs: 1000, pingMs: 100 });
  account = fake.addAccount();
});
afterEach(async () => {
  await fake.stop();
});

async function eventually(check: () => void): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - started > 5000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

describe('secrets', () => {
  it('never appear in anything logged or thrown, through calls, failures and a reconnecting stream', async () => {
    account.addPosition({ symbol: 'BTCUSDT', positionAmt: '1' });
    account.addOrder({ symbol: 'BTCUSDT', side: 'BUY', origQty: '1', price: '50000' });
    account.addTrade({ symbol: 'BTCUSDT', side: 'BUY', price: '50000', qty: '1' });
    account.addIncome({ symbol: 'BTCUSDT', incomeType: 'COMMISSION', income: '-1' });
    const { reader, context, log } = fakeReader(fake, account, {
      stream: { backoffMs: 20 },
      budget: { weightLimit: 120, windowMs: 1000 },
    });
    const thrown: unknown[] = [];
    const attempt = async (call: () => Promise<unknown>) => {
      try {
        await call();
      } catch (error) {
        thrown.push(error);
      }
    };

    await attempt(() => reader.keyRestrictions());
    await attempt(() => reader.positions());
    await attempt(() => reader.openOrders());
    await attempt(() => reader.fills({ since: Date.now() - 86_400_000 }));
    await attempt(() => reader.balance());
    fake.clockOffsetMs = 20_000;
    await attempt(() => reader.incomeHistory(Date.now() - 86_400_000));
    fake.fail({ kind: 'error', code: -1022, msg: 'Signature for this request is not valid.' });
    await attempt(() => reader.positions());
    fake.fail({ kind: 'malformed' });
    await attempt(() => reader.balance());
    fake.fail({ kind: 'reset' });
    await attempt(() => reader.balance());

    const statuses: StreamStatus[] = [];
    const stream = reader.userStream({ status: (status) => statuses.push(status) });
    await eventually(() => expect(fake.streamCount(account.apiKey)).toBe(1));
    const listenKeys = [fake.listenKeyOf(account.apiKey)!];
    account.fill({ symbol: 'BTCUSDT', side: 'SELL', price: '51000', qty: '1', realizedPnl: '1000' });
    fake.expireListenKey(account.apiKey);
    await eventually(() => expect(fake.streamCount(account.apiKey)).toBe(1));
    listenKeys.push(fake.listenKeyOf(account.apiKey)!);
    fake.dropStreams();
    await eventually(() => expect(statuses.filter((s) => s.resumed)).toHaveLength(2));
    await stream.close();

    // More weight in all than one window allows: some calls waited, none was refused.
    for (let i = 0; i < 2; i++) await attempt(() => reader.openOrders());
    expect(fake.requests.filter((r) => r.status === 429 || r.status === 418)).toEqual([]);

    expect(thrown.map((e) => (e as { kind: string }).kind)).toEqual([
      'invalidKey',
      'malformed',
      'unreachable',
    ]);
    const signatures = fake.requests.flatMap((r) => (r.signature ? [r.signature] : []));
    expect(signatures.length).toBeGreaterThan(15);
    const everything = [
      log.text(),
      ...thrown.map((e) => `${JSON.stringify(e)} ${String(e)} ${inspect(e, { depth: 10 })}`),
      JSON.stringify(statuses),
      inspect(statuses, { depth: 10 }),
      inspect(reader, { depth: 10, showHidden: true }),
      inspect(context, { depth: 10, showHidden: true }),
    ].join('\n');
    expect(log.lines.length).toBeGreaterThan(20);
    for (const secret of [account.secret, account.apiKey, ...signatures, ...listenKeys]) {
      expect(everything).not.toContain(secret);
    }
    const streamUrl = `${fake.baseUrl.replace('http', 'ws')}/ws/`;
    for (const fragment of ['signature=', 'timestamp=', 'recvWindow=', 'X-MBX-APIKEY', streamUrl]) {
      expect(everything.toLowerCase()).not.toContain(fragment.toLowerCase());
    }
  }, 20_000);
});
