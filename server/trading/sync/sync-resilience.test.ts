import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { checkTraderKey, createKeyChecks, type ReaderFactory } from '../../services/trader-checks.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { eventually } from '../../test/hub-client.ts';
import { fakeTradeIds, type SyncKit, syncKit } from './sync-test-kit.ts';

// What the sync refuses, what it survives and what it shares: keys that can withdraw or whose secret is
// broken are never read; the exchange's errors are recorded and retried, never thrown; the weight budget is
// never exceeded; each key is followed by one process, and another takes over within the lease.

const FAPI = (kit: SyncKit) => kit.fake.requests.filter((r) => r.path.startsWith('/fapi/'));

describe.each(TEST_DIALECTS)('trader sync resilience on %s', (dialect) => {
  let kit: SyncKit;
  afterEach(async () => {
    await kit?.close();
  });

  it('never follows a key that can withdraw and says why; follows it once an admin’s check finds it cannot', async () => {
    kit = await syncKit(dialect);
    const account = kit.fake.addAccount();
    account.restrictions.enableWithdrawals = true;
    const keyId = await kit.addKey(account);
    const worker = kit.worker('a');
    worker.start();
    const refused = await eventually(async () => {
      const sync = await kit.sync(keyId);
      return sync?.state === 'refused' ? sync : undefined;
    });
    expect(refused.last_error).toMatch(/can withdraw/);
    expect(await kit.check(keyId)).toMatchObject({ state: 'withdrawalsEnabled', can_withdraw: 1 });
    await worker.tick();
    expect(FAPI(kit)).toEqual([]);

    // The admin's check may run in another process: the holder's next tick sees it, no nudge needed.
    account.restrictions.enableWithdrawals = false;
    await checkTraderKey(
      { db: kit.db, secretsKey: kit.secretsKey, readerFor: kit.readerFor, log: kit.log },
      keyId,
    );
    await eventually(async () => ((await kit.sync(keyId))?.state === 'syncing' ? true : undefined));
    kit.expectNoSecrets();
  });

  it('stops following a key switched off, which then reads idle and holds no lease', async () => {
    kit = await syncKit(dialect);
    const account = kit.fake.addAccount();
    const keyId = await kit.addKey(account);
    const worker = kit.worker('a');
    worker.start();
    await eventually(async () => ((await kit.sync(keyId))?.state === 'syncing' ? true : undefined));
    await eventually(() => (kit.fake.streamCount(account.apiKey) === 1 ? true : undefined));
    await kit.db.updateTable('trader_keys').set({ is_active: 0 }).where('id', '=', keyId).execute();
    await worker.tick();
    expect(worker.following()).toEqual([]);
    expect(await kit.sync(keyId)).toMatchObject({ state: 'idle', holder: null });
    await eventually(() => (kit.fake.streamCount(account.apiKey) === 0 ? true : undefined));
  });

  it('stops following a key that its daily check finds able to withdraw', async () => {
    kit = await syncKit(dialect);
    const account = kit.fake.addAccount();
    const keyId = await kit.addKey(account);
    kit.worker('a', { checkEveryMs: 300, reconcileMs: 100 }).start();
    await eventually(async () => ((await kit.sync(keyId))?.state === 'syncing' ? true : undefined));
    await eventually(() => (kit.fake.streamCount(account.apiKey) === 1 ? true : undefined));
    const firstCheck = (await kit.check(keyId))!.checked_at;
    account.restrictions.enableWithdrawals = true;
    await eventually(async () => ((await kit.sync(keyId))?.state === 'refused' ? true : undefined));
    expect((await kit.check(keyId))!.checked_at).toBeGreaterThan(firstCheck);
    await eventually(() => (kit.fake.streamCount(account.apiKey) === 0 ? true : undefined));
  });

  it('refuses a key whose stored secret fails authentication (a byte flipped), without calling the exchange', async () => {
    kit = await syncKit(dialect);
    const account = kit.fake.addAccount();
    const keyId = await kit.addKey(account);
    const { secret_value_enc } = await kit.db
      .selectFrom('trader_keys')
      .select('secret_value_enc')
      .where('id', '=', keyId)
      .executeTakeFirstOrThrow();
    const parts = secret_value_enc.split('.');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[ciphertext.length - 1]! ^= 0x80;
    parts[3] = ciphertext.toString('base64url');
    await kit.db
      .updateTable('trader_keys')
      .set({ secret_value_enc: parts.join('.') })
      .where('id', '=', keyId)
      .execute();
    kit.worker('a').start();
    const refused = await eventually(async () => {
      const sync = await kit.sync(keyId);
      return sync?.state === 'refused' ? sync : undefined;
    });
    expect(refused.last_error).toMatch(/cannot be decrypted/);
    expect((await kit.check(keyId))?.state).toBe('broken');
    expect(kit.fake.requests).toEqual([]);
  });

  it('records -2015 when futures are turned off at the exchange, refuses the key once checked, and follows it again when they are back', async () => {
    kit = await syncKit(dialect);
    const account = kit.fake.addAccount();
    const keyId = await kit.addKey(account);
    // No periodic check while futures are off: on a busy machine one could come before the next read and
    // refuse the key itself, and the refused read would never be made.
    const first = kit.worker('a', { reconcileMs: 100, checkEveryMs: 3_600_000 });
    first.start();
    await eventually(async () => ((await kit.sync(keyId))?.state === 'syncing' ? true : undefined));
    account.restrictions.enableFutures = false; // futures reads now answer -2015
    const refused = await eventually(async () => {
      const sync = await kit.sync(keyId);
      return sync?.state === 'refused' ? sync : undefined;
    });
    expect(refused.last_error).toMatch(/no futures permission/);
    expect(refused.last_error_at).toBeGreaterThan(0);
    expect((await kit.check(keyId))?.state).toBe('futuresDisabled');
    // The refused read that made the worker check the key again.
    expect(kit.log.text()).toContain('-2015');
    // Back at the exchange: a process that checks keys often sees it at its next check and follows again.
    await first.stop();
    account.restrictions.enableFutures = true;
    kit.worker('a', { reconcileMs: 100, checkEveryMs: 400 }).start();
    await eventually(async () => ((await kit.sync(keyId))?.state === 'syncing' ? true : undefined), 20_000);
    expect((await kit.check(keyId))?.state).toBe('ok');
  });

  it('records -1021, 5xx, a cut connection and malformed JSON, and syncs everything once they pass', async () => {
    kit = await syncKit(dialect);
    const account = kit.fake.addAccount();
    account.fill({ symbol: 'BTCUSDT', side: 'BUY', price: '60000', qty: '1', commission: '24' });
    const keyId = await kit.addKey(account);
    const skew = {
      kind: 'error',
      code: -1021,
      msg: 'Timestamp for this request is outside of the recvWindow.',
    };
    kit.fake.fail({ kind: 'status', status: 503 }, { path: '/fapi/v3/positionRisk' });
    kit.fake.fail({ kind: 'malformed' }, { path: '/fapi/v1/openOrders' });
    kit.fake.fail(skew as never, { path: '/fapi/v3/account', times: 2 });
    kit.fake.fail({ kind: 'reset' }, { path: '/fapi/v1/income' });
    kit.fake.fail({ kind: 'status', status: 502, body: '{"code":-1001,' }, { path: '/fapi/v1/userTrades' });
    kit.worker('a').start();
    await eventually(async () => ((await kit.sync(keyId))?.state === 'syncing' ? true : undefined), 20_000);
    const sync = await kit.sync(keyId);
    expect(sync?.last_error).toContain('502');
    expect(await kit.fillIds(keyId)).toEqual(fakeTradeIds(account));
    const failures = kit.log.lines.filter((line) => line.message === 'trader sync: reconciliation failed');
    expect(failures.map((line) => (line.details as { reason: string }).reason)).toEqual([
      expect.stringContaining('503'),
      expect.stringContaining('not JSON'),
      expect.stringContaining('receive window'),
      expect.stringContaining('cannot be reached'),
      expect.stringContaining('502'),
    ]);
    kit.expectNoSecrets();
  });

  it('pauses after a 429 until Retry-After has passed, then syncs without being banned', async () => {
    kit = await syncKit(dialect, { fake: { windowMs: 1000 }, budget: { windowMs: 1000 } });
    const account = kit.fake.addAccount();
    const keyId = await kit.addKey(account);
    kit.fake.fail(
      { kind: 'error', status: 429, code: -1003, msg: 'Too many requests.' },
      { path: '/fapi/v3/positionRisk' },
    );
    kit.worker('a').start();
    await eventually(async () => ((await kit.sync(keyId))?.state === 'syncing' ? true : undefined));
    // The last error names the pause: the exchange's 429 itself, or (when the user-data stream's reconnect
    // comes after it, as on a busy machine) the budget refusing a call during the pause the 429 set.
    expect((await kit.sync(keyId))?.last_error).toMatch(/-1003|The exchange asked to pause calls/);
    expect(kit.fake.requests.filter((r) => r.status === 418)).toEqual([]);
  });

  it('keeps within the exchange’s weight budget: many keys reconciling, no 429 from the exchange', async () => {
    const limits = { weightLimit: 600, windowMs: 1500 };
    kit = await syncKit(dialect, { fake: limits, budget: limits });
    const keys = [];
    for (let i = 0; i < 4; i++) {
      const account = kit.fake.addAccount();
      account.fill({ symbol: 'BTCUSDT', side: 'BUY', price: '60000', qty: '1', commission: '24' });
      keys.push(await kit.addKey(account, `Trader ${i}`));
    }
    kit.worker('a', { reconcileMs: 50 }).start();
    // Each reconciliation weighs about 130: four keys every 50 ms want far more than 600 per window.
    await eventually(() => {
      const weight = kit.fake.requests.reduce((sum, r) => sum + r.weight, 0);
      return weight > 4 * limits.weightLimit ? true : undefined;
    }, 30_000);
    expect(kit.fake.requests.filter((r) => r.status === 429 || r.status === 418)).toEqual([]);
    for (const key of keys) expect((await kit.sync(key))?.reconciled_at).toBeGreaterThan(0);
  });

  it('stops at once while waiting for room in the weight budget, without recording an error', async () => {
    // A minute's budget that one reconciliation nearly fills: the next one waits for the next minute.
    const limits = { weightLimit: 150, windowMs: 60_000 };
    kit = await syncKit(dialect, { fake: limits, budget: limits });
    const keyId = await kit.addKey(kit.fake.addAccount());
    const worker = kit.worker('a', { reconcileMs: 50 });
    worker.start();
    await eventually(async () => ((await kit.sync(keyId))?.reconciled_at ? true : undefined));
    await eventually(() => (kit.context.futures.waitingCalls > 0 ? true : undefined));
    // Within the test's timeout, far less than the minute the call would otherwise wait.
    await worker.stop();
    expect(kit.context.futures.waitingCalls).toBe(0);
    expect(await kit.sync(keyId)).toMatchObject({ state: 'idle', holder: null });
  });

  it('follows each key in exactly one process; another takes over within the lease when the holder dies', async () => {
    kit = await syncKit(dialect);
    const keys: number[] = [];
    for (let i = 0; i < 4; i++) keys.push(await kit.addKey(kit.fake.addAccount(), `Trader ${i}`));
    const a = kit.worker('a');
    const b = kit.worker('b');
    a.start();
    b.start();
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    const held = await eventually(() => {
      const all = [...a.following(), ...b.following()].sort();
      return all.length === keys.length ? all : undefined;
    });
    expect(held).toEqual([...keys].sort());
    const rows = await kit.db.selectFrom('trader_key_sync').select(['key_id', 'holder']).execute();
    for (const row of rows) expect(row.holder).toBe(a.following().includes(row.key_id) ? 'a' : 'b');

    // The holder dies: it neither renews nor gives up its leases. The other takes them within the lease.
    const [dead, heir] = a.following().length ? [a, b] : [b, a];
    const diedAt = Date.now();
    await dead.stop({ release: false });
    await eventually(() => (heir.following().length === keys.length ? true : undefined));
    const tookMs = Date.now() - diedAt;
    expect(tookMs).toBeLessThan(1500 + 2 * 150 + 2000);
    const after = await kit.db.selectFrom('trader_key_sync').select(['holder', 'lease_until']).execute();
    expect(after.every((row) => row.holder === heir.holder && row.lease_until > Date.now())).toBe(true);
    await eventually(async () =>
      (await Promise.all(keys.map((key) => kit.sync(key)))).every((s) => s?.state === 'syncing')
        ? true
        : undefined,
    );
  });

  it.runIf(dialect === 'postgres')(
    'keeps following a key while a change of it is being stored: the tick waits for the row, the stream stays open',
    async () => {
      kit = await syncKit(dialect);
      const account = kit.fake.addAccount();
      const keyId = await kit.addKey(account);
      const worker = kit.worker('a');
      await worker.tick();
      await eventually(async () => ((await kit.sync(keyId))?.reconciled_at ? true : undefined));
      await eventually(() => (kit.fake.streamCount(account.apiKey) === 1 ? true : undefined));
      const listenKeysMade = () =>
        kit.fake.requests.filter((r) => r.method === 'POST' && r.path === '/fapi/v1/listenKey').length;
      const made = listenKeysMade();

      // Storing a change locks the key's row until it commits (it counts the sequence number there); a
      // tick comes meanwhile. Skipping the locked row would read as the lease lost and restart the follower.
      let ticking: Promise<void> | undefined;
      await kit.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('trader_key_sync')
          .set((eb) => ({ live_seq: eb('live_seq', '+', 0) }))
          .where('key_id', '=', keyId)
          .execute();
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        ticking = worker.tick();
        await eventually(async () => {
          const waiting = await sql<{ pid: number }>`
            select pid from pg_stat_activity where ${rows[0]!.pid}::int = any(pg_blocking_pids(pid))`.execute(
            kit.db,
          );
          return waiting.rows.length ? true : undefined;
        });
      });
      await ticking;

      expect(worker.following()).toEqual([keyId]);
      expect(await kit.sync(keyId)).toMatchObject({ holder: 'a' });
      expect(kit.log.lines.map((line) => line.message)).not.toContain(
        'trader sync: key no longer followed here',
      );
      expect(kit.fake.streamCount(account.apiKey)).toBe(1);
      expect(listenKeysMade()).toBe(made);
    },
  );

  it('checks a key asked for in another process in the process that follows it, decrypting it nowhere else', async () => {
    kit = await syncKit(dialect);
    const account = kit.fake.addAccount();
    const keyId = await kit.addKey(account);
    // Readers made per process: a reader is made only right after the key's secret is decrypted.
    const readers = { a: 0, b: 0 };
    const counting =
      (name: keyof typeof readers): ReaderFactory =>
      (credentials, options) => {
        readers[name]++;
        return kit.readerFor(credentials, options);
      };
    const a = kit.worker('a', {}, counting('a'));
    a.start();
    await eventually(async () => ((await kit.sync(keyId))?.state === 'syncing' ? true : undefined));
    // Process b syncs keys too, but not this one; the hub's nudge reaches every process.
    const b = kit.worker('b', {}, counting('b'));
    b.start();
    await b.tick();
    const options = {
      db: kit.db,
      secretsKey: kit.secretsKey,
      readerFor: counting('b'),
      log: kit.log,
      syncing: true,
      nudge: (id: number) => {
        a.nudge(id);
        b.nudge(id);
      },
    };
    account.restrictions.ipRestrict = true; // changed at the exchange since the last check
    const answered = await createKeyChecks(options).check(keyId);
    expect(answered).toMatchObject({ state: 'ok', ip_restricted: 1 });
    expect(await kit.sync(keyId)).toMatchObject({ holder: 'a', check_requests: 1, checks_answered: 1 });
    expect(readers.b).toBe(0);
    expect(readers.a).toBeGreaterThan(0);

    // The holder dies and nobody takes over within the wait: the check is refused as busy, not done in b.
    await b.stop();
    await a.stop({ release: false });
    await expect(createKeyChecks({ ...options, waitMs: 300 }).check(keyId)).rejects.toMatchObject({
      kind: 'busy',
      message: 'traderKeyCheckUnanswered',
    });
    expect(readers.b).toBe(0);
    kit.expectNoSecrets();
  });
});
