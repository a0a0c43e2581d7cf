import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyCheck } from '#shared/schemas/trading.ts';
import type { BinanceFake } from '../../test/binance-fake.ts';
import { startBinanceFake } from '../../test/binance-fake-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

// POST /api/TraderKey/CheckApiKey against the fake Binance (EXCHANGE_TEST_BASE_URL): every outcome is a
// state of its own with its error and time, never a 5xx; a stored secret that fails authentication is
// broken without a call to the exchange; no key or secret ever appears in an answer or a log line.

const RESTRICTIONS = '/sapi/v1/account/apiRestrictions';

describe.each(TEST_DIALECTS)('checking trader keys on %s', (dialect) => {
  let t: TestApp;
  let fake: BinanceFake;
  let admin: { authorization: string };
  const logLines: string[] = [];
  const secrets: string[] = [];
  const answers: string[] = [];

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: admin });
    answers.push(res.body);
    return res;
  };
  async function addKey(account: { apiKey: string; secret: string }, name = 'Checked') {
    secrets.push(account.apiKey, account.secret);
    const res = await post('/api/TraderKey/AddApiKey', {
      keyName: name,
      keyValue: account.apiKey,
      secretValue: account.secret,
      coEfficient: 1,
      leverageCoefficient: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  }
  async function check(id: number) {
    const res = await post('/api/TraderKey/CheckApiKey', { apiKeyId: id });
    expect(res.statusCode, res.body).toBe(200);
    return keyCheck.parse(res.json());
  }
  const listed = async (id: number) => {
    const res = await t.app.inject({ url: '/api/TraderKey/GetAllApiKeys', headers: admin });
    answers.push(res.body);
    return res.json().find((key: { id: number }) => key.id === id);
  };

  beforeAll(async () => {
    fake = await startBinanceFake();
    // The sync worker is off (tests' default): only the admin's checks call the exchange here.
    t = await buildTestApp(dialect, {
      env: { EXCHANGE_TEST_BASE_URL: fake.baseUrl },
      logger: { level: 'debug', stream: { write: (line: string) => logLines.push(line) } },
    });
    const a = await createUser(t.testDb.database.db, { roles: ['Admin'] });
    admin = (await signIn(t.app, a.email, a.password)).auth;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  it('reads a read-only key as unable to read futures (Binance requires the futures permission), with its restrictions in the key list', async () => {
    const account = fake.addAccount();
    account.restrictions.enableFutures = false;
    const id = await addKey(account);
    const before = Date.now();
    const result = await check(id);
    expect(result).toMatchObject({
      state: 'futuresDisabled',
      canRead: true,
      canTrade: false,
      canWithdraw: false,
      ipRestricted: false,
      lastError: null,
      lastErrorAt: null,
    });
    expect(Date.parse(result.checkedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await listed(id)).check).toEqual(result);
  });

  it('accepts a key that can trade, flagged so the page warns', async () => {
    const id = await addKey(fake.addAccount());
    expect(await check(id)).toMatchObject({ state: 'ok', canTrade: true, canWithdraw: false });
  });

  it('refuses a key that can withdraw', async () => {
    const account = fake.addAccount();
    account.restrictions.enableWithdrawals = true;
    const id = await addKey(account);
    expect(await check(id)).toMatchObject({ state: 'withdrawalsEnabled', canWithdraw: true });
  });

  it('reads an unknown key (-2015) as invalid, with the error and its time', async () => {
    const id = await addKey({
      apiKey: randomBytes(32).toString('hex'),
      secret: randomBytes(32).toString('hex'),
    });
    const result = await check(id);
    expect(result.state).toBe('invalidKey');
    expect(result.lastError).toContain('-2015');
    expect(result.lastErrorAt).toBe(result.checkedAt);
    expect(result.canRead).toBeNull();
  });

  it('reads a wrong secret (-1022) as invalid', async () => {
    const account = fake.addAccount();
    const id = await addKey({ apiKey: account.apiKey, secret: randomBytes(32).toString('hex') });
    const result = await check(id);
    expect(result.state).toBe('invalidKey');
    expect(result.lastError).toContain('-1022');
  });

  it('tells a refused address from an invalid key once the key is known to be IP-restricted', async () => {
    const account = fake.addAccount();
    account.restrictions.ipRestrict = true;
    const id = await addKey(account);
    expect(await check(id)).toMatchObject({ state: 'ok', ipRestricted: true });
    account.ipAllowed = false;
    const refused = await check(id);
    expect(refused.state).toBe('ipNotAllowed');
    // The restrictions last read stay, so the page still shows what the key may do.
    expect(refused).toMatchObject({ ipRestricted: true, canRead: true });
  });

  it('reads -1021 after the clock was measured again as clock skew', async () => {
    const id = await addKey(fake.addAccount());
    fake.fail(
      { kind: 'error', code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' },
      { path: RESTRICTIONS, times: 2 },
    );
    const result = await check(id);
    expect(result.state).toBe('clockSkew');
    expect(result.lastError).toContain('-1021');
    // Once the exchange takes the timestamp again, the key is ok.
    expect((await check(id)).state).toBe('ok');
  });

  it('reads a connection cut, a 5xx and an answer that is not JSON as distinct states', async () => {
    const id = await addKey(fake.addAccount());
    fake.fail({ kind: 'reset' }, { path: RESTRICTIONS });
    expect((await check(id)).state).toBe('unreachable');
    fake.fail({ kind: 'status', status: 503 }, { path: RESTRICTIONS });
    const down = await check(id);
    expect(down.state).toBe('unreachable');
    expect(down.lastError).toContain('503');
    fake.fail({ kind: 'malformed', body: '{"ipRestrict": tru' }, { path: RESTRICTIONS });
    expect((await check(id)).state).toBe('malformed');
    fake.fail({ kind: 'malformed', body: '{"ipRestrict": "yes"}' }, { path: RESTRICTIONS });
    expect((await check(id)).state).toBe('malformed');
  });

  it('marks a key whose stored secret fails authentication broken, without calling the exchange', async () => {
    const db = t.testDb.database.db;
    const id = await addKey(fake.addAccount());
    const row = await db
      .selectFrom('trader_keys')
      .select('secret_value_enc')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const parts = row.secret_value_enc.split('.');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[0]! ^= 0x01;
    parts[3] = ciphertext.toString('base64url');
    await db
      .updateTable('trader_keys')
      .set({ secret_value_enc: parts.join('.') })
      .where('id', '=', id)
      .execute();
    const calls = fake.requests.length;
    const result = await check(id);
    expect(result.state).toBe('broken');
    expect(result.lastError).toMatch(/cannot be decrypted/);
    expect(fake.requests.length).toBe(calls);
    expect((await listed(id)).check.state).toBe('broken');
  });

  it('answers 404 for a key that does not exist and 400 for a body without an id', async () => {
    expect((await post('/api/TraderKey/CheckApiKey', { apiKeyId: 987654 })).statusCode).toBe(404);
    expect((await post('/api/TraderKey/CheckApiKey', {})).statusCode).toBe(400);
  });

  // Last: a 429 makes the process hold its calls to that host until Retry-After has passed.
  it('reads 429 as rate limited, and holds further calls instead of sending them', async () => {
    const id = await addKey(fake.addAccount());
    fake.fail({ kind: 'error', status: 429, code: -1003, msg: 'Too many requests.' }, { path: RESTRICTIONS });
    const limited = await check(id);
    expect(limited.state).toBe('rateLimited');
    expect(limited.lastError).toContain('-1003');
    const calls = fake.requests.length;
    expect((await check(id)).state).toBe('rateLimited');
    expect(fake.requests.length).toBe(calls);
    expect(fake.requests.filter((r) => r.status === 418)).toEqual([]);
  });

  it('never answers nor logs a key or secret', async () => {
    const logs = logLines.join('\n');
    expect(logs).toContain('trader key checked');
    for (const secret of secrets) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});
