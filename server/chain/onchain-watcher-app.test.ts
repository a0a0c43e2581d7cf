import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { onchainAdminAlertPage, onchainAlertPage, onchainWatcherState } from '#shared/schemas/onchain.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { TEST_DIALECTS } from '../test/databases.ts';
import { EvmRpcFake } from '../test/evm-rpc-fake.ts';
import { createUser } from '../test/factories.ts';
import { signIn } from '../test/sign-in.ts';

// The watcher as the app runs it (ONCHAIN_WATCH naming the loopback EVM fake): admins see each configured
// chain's tokens, thresholds, progress, lag and last error (the RPC's host only); a large transfer becomes a
// queued alert that an admin publishes and members then read. With ONCHAIN_WATCH_RUN the app follows the
// chain by itself from the moment it is ready, and gives the chain up when it closes.

type Headers = { authorization: string };
const USDC = `0x${'c0'.repeat(20)}`;
const WHALE = `0x${'a1'.repeat(20)}`;
const WAIT = { timeout: 20_000, interval: 100 };

const watchEnv = (rpcUrl: string) =>
  JSON.stringify({
    chains: [
      {
        chain: 'base',
        rpcUrl,
        confirmations: 3,
        pollSeconds: 1,
        queueAboveUsd: 1_000_000,
        publishAboveUsd: 50_000_000,
        tokens: [{ symbol: 'USDC', address: USDC, decimals: 6, usdPrice: 1 }],
      },
    ],
  });

describe.each(TEST_DIALECTS)('the on-chain watcher in the app on %s', (dialect) => {
  let fake: EvmRpcFake;
  let t: TestApp;
  let admin: Headers;
  let member: Headers;
  const get = (url: string, headers: Headers = admin) => t.app.inject({ url, headers });
  const watcherState = async () => {
    const res = await get('/api/Onchain/WatcherState');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/SECRET/);
    return onchainWatcherState.parse(res.json());
  };

  beforeAll(async () => {
    fake = new EvmRpcFake({ chainId: 8_453, head: 5_000 });
    await fake.start();
    t = await buildTestApp(dialect, { env: { ONCHAIN_WATCH: watchEnv(`${fake.url}/rpc/SECRET-KEY`) } });
    const db = t.testDb.database.db;
    const a = await createUser(db, { roles: ['Admin'] });
    admin = (await signIn(t.app, a.email, a.password)).auth;
    const m = await createUser(db, { roles: ['StandardUser'], memberDays: 30 });
    member = (await signIn(t.app, m.email, m.password)).auth;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  it('shows each configured chain, queues a large transfer for an admin to publish, and shows errors', async () => {
    // Under NODE_ENV=test the app does not follow the chain by itself.
    const before = await watcherState();
    expect(before).toEqual({
      configured: true,
      chains: [
        {
          chain: 'base',
          rpcHost: new URL(fake.url).host,
          confirmations: 3,
          queueAboveUsd: 1_000_000,
          publishAboveUsd: 50_000_000,
          tokens: [
            { symbol: 'USDC', address: USDC, decimals: 6, usdPrice: 1, queueAbove: null, publishAbove: null },
          ],
          lastProcessedBlock: null,
          headBlock: null,
          lagBlocks: null,
          lastError: null,
          lastErrorAt: null,
          errorCount: 0,
          lastRunAt: null,
          retryAt: null,
          running: false,
        },
      ],
    });
    expect(fake.calls).toEqual([]);

    const watcher = t.app.onchainWatcher!;
    await watcher.runOnce();
    fake.head = 5_020;
    fake.addTransfer({
      token: USDC,
      from: WHALE,
      to: `0x${'b2'.repeat(20)}`,
      value: 2_500_000n * 10n ** 6n,
      block: 5_010,
    });
    const [run] = await watcher.runOnce();
    expect(run?.queued).toHaveLength(1);
    expect((await watcherState()).chains[0]).toMatchObject({
      lastProcessedBlock: 5_017,
      headBlock: 5_020,
      lagBlocks: 3,
      errorCount: 0,
      running: true,
    });

    const queue = onchainAdminAlertPage.parse((await get('/api/Onchain/AdminAlerts?status=queued')).json());
    expect(queue.alerts).toHaveLength(1);
    const [queued] = queue.alerts;
    expect(queued).toMatchObject({
      chain: 'base',
      asset: 'USDC',
      amount: '2500000',
      usdValue: 2_500_000,
      source: 'watcher',
    });
    expect(queued?.explorerUrl).toMatch(/^https:\/\/basescan\.org\/tx\/0x[0-9a-f]{64}$/);
    const alerts = async () =>
      onchainAlertPage.parse((await get('/api/Onchain/Alerts', member)).json()).alerts;
    expect(await alerts()).toEqual([]);
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/Onchain/PublishAlert',
      payload: { id: queued!.id },
      headers: admin,
    });
    expect(published.statusCode).toBe(200);
    expect((await alerts()).map((a) => a.id)).toEqual([queued!.id]);

    fake.head = 5_030;
    fake.failNext(1, { method: 'eth_getLogs' });
    await watcher.runOnce();
    const failing = (await watcherState()).chains[0]!;
    expect(failing).toMatchObject({
      lastError: 'RPC error -32000: header not found',
      errorCount: 1,
      lastProcessedBlock: 5_017,
    });
    expect(failing.retryAt).not.toBeNull();
  });

  it('follows the chain by itself with ONCHAIN_WATCH_RUN, and gives it up when the app closes', async () => {
    const other = new EvmRpcFake({ chainId: 8_453, head: 100 });
    await other.start();
    const running = await buildTestApp(dialect, {
      env: { ONCHAIN_WATCH: watchEnv(other.url), ONCHAIN_WATCH_RUN: 'true' },
    });
    try {
      const db = running.testDb.database.db;
      const state = () => db.selectFrom('onchain_watcher_state').selectAll().executeTakeFirst();
      await running.app.ready();
      await vi.waitFor(async () => expect((await state())?.last_processed_block).toBe(97), WAIT);
      other.addTransfer({
        token: USDC,
        from: WHALE,
        to: `0x${'b2'.repeat(20)}`,
        value: 60_000_000n * 10n ** 6n,
        block: 105,
      });
      other.head = 110;
      await vi.waitFor(async () => {
        const rows = await db.selectFrom('onchain_alerts').select(['status', 'block_number']).execute();
        expect(rows).toEqual([{ status: 'published', block_number: 105 }]);
      }, WAIT);
      expect((await state())?.lease_owner).toBe(running.app.onchainWatcher!.holder);
      await running.app.close();
      expect(await state()).toMatchObject({ lease_owner: null, lease_until: null });
    } finally {
      await running.close().catch(() => undefined);
      await other.stop();
    }
  });
});
