import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traderKeyList } from '#shared/schemas/trader-keys.ts';
import type { BinanceFake } from '../../test/binance-fake.ts';
import { startBinanceFake } from '../../test/binance-fake-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { eventually } from '../../test/hub-client.ts';
import { signIn } from '../../test/sign-in.ts';

// The whole app with the sync worker on (TRADER_SYNC=true) and the fake Binance as its exchange: a key is
// checked by itself when it is added and when it is edited, without the save waiting for the exchange;
// the key list shows the check and the sync; nothing the admin or the log sees holds a key or a secret.

describe.each(TEST_DIALECTS)('the app following trader keys on %s', (dialect) => {
  let t: TestApp;
  let fake: BinanceFake;
  let admin: { authorization: string };
  const logLines: string[] = [];
  const answers: string[] = [];
  const secrets: string[] = [];
  const addAccount = () => {
    const created = fake.addAccount();
    secrets.push(created.apiKey, created.secret);
    return created;
  };

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: admin });
    answers.push(res.body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const keyOf = async (id: number) => {
    const res = await t.app.inject({ url: '/api/TraderKey/GetAllApiKeys', headers: admin });
    answers.push(res.body);
    return traderKeyList.parse(res.json()).find((key) => key.id === id)!;
  };

  beforeAll(async () => {
    fake = await startBinanceFake();
    t = await buildTestApp(dialect, {
      env: { EXCHANGE_TEST_BASE_URL: fake.baseUrl, TRADER_SYNC: 'true' },
      logger: { level: 'debug', stream: { write: (line: string) => logLines.push(line) } },
    });
    const a = await createUser(t.testDb.database.db, { roles: ['Admin'] });
    admin = (await signIn(t.app, a.email, a.password)).auth;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  // The worker thread starts with the app; on a busy machine its first follow may take as long as a server's
  // start, so the waits allow 60 s each.
  it('checks a key when it is added and edited, follows it, and shows both in the key list', {
    timeout: 150_000,
  }, async () => {
    const account = addAccount();
    account.fill({ symbol: 'BTCUSDT', side: 'BUY', price: '60000', qty: '0.1', commission: '2.4' });
    const { id } = await post('/api/TraderKey/AddApiKey', {
      keyName: 'Followed',
      keyValue: account.apiKey,
      secretValue: account.secret,
      coEfficient: 1,
      leverageCoefficient: 1,
    });
    const following = await eventually(async () => {
      const key = await keyOf(id);
      return key.sync?.state === 'syncing' && key.sync.reconciledAt ? key : undefined;
    }, 60_000);
    expect(following.check).toMatchObject({ state: 'ok', canTrade: true, canWithdraw: false });
    expect(t.app.traderSync?.following()).toContain(id);
    const fills = await t.testDb.database.db
      .selectFrom('trader_fills')
      .select('trade_id')
      .where('key_id', '=', id)
      .execute();
    expect(fills.map((f) => f.trade_id)).toEqual(account.trades.map((trade) => String(trade.id)));

    // A wrong secret: the save answers at once; the check that follows records the refusal.
    const checkedAt = following.check!.checkedAt;
    const wrongSecret = randomBytes(32).toString('hex');
    secrets.push(wrongSecret);
    await post('/api/TraderKey/UpdateApiKey', {
      id,
      keyName: 'Followed',
      secretValue: wrongSecret,
      coEfficient: 1,
      leverageCoefficient: 1,
    });
    const refused = await eventually(async () => {
      const key = await keyOf(id);
      return key.check && key.check.checkedAt !== checkedAt && key.sync?.state === 'error' ? key : undefined;
    }, 60_000);
    expect(refused.check).toMatchObject({ state: 'invalidKey', lastError: expect.stringContaining('-1022') });
    expect(refused.sync?.lastError).toContain('-1022');
  });

  it('saves a key while the exchange is down, the check recording it as unreachable', {
    timeout: 90_000,
  }, async () => {
    const account = addAccount();
    // This key's first check (the other test's key keeps being checked too).
    fake.fail(
      { kind: 'reset' },
      { path: '/sapi/v1/account/apiRestrictions', apiKey: account.apiKey, times: 1 },
    );
    const { id } = await post('/api/TraderKey/AddApiKey', {
      keyName: 'Offline',
      keyValue: account.apiKey,
      secretValue: account.secret,
      coEfficient: 1,
      leverageCoefficient: 1,
    });
    // The first check meets the cut connection; the worker checks again after its backoff and follows.
    await eventually(async () => ((await keyOf(id)).sync?.state === 'syncing' ? true : undefined), 60_000);
    const key = await keyOf(id);
    expect(key.check?.state).toBe('ok');
    expect(key.check?.lastError).toMatch(/cannot be reached/);
  });

  it('never answers nor logs a key or secret', async () => {
    const logs = logLines.join('\n');
    expect(logs).toContain('trader sync: following the key');
    const keys = await t.testDb.database.db.selectFrom('trader_keys').select('id').execute();
    expect(keys.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      for (const answer of answers) expect(answer).not.toContain(secret);
    }
  });
});
