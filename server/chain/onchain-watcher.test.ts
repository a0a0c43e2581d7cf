import { createPublicClient, http, parseAbiItem } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/databases.ts';
import { EvmRpcFake } from '../test/evm-rpc-fake.ts';
import { parseOnchainWatch } from './onchain-config.ts';
import { createOnchainWatcher, type OnchainWatcher } from './onchain-watcher.ts';

// The watcher against the loopback EVM JSON-RPC fake, on both databases: it starts at the head (no history),
// reads ranges of at most 1,000 blocks up to head − confirmations, turns transfers of watched tokens above
// the thresholds into queued or published alerts with their direction from the exchange labels, resumes
// after a restart without gaps or doubles, backs off after RPC errors and reads the same range again,
// ignores removed logs and recovers from a reorganisation deeper than its confirmations; two watchers on
// one database read a chain once.

const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const OTHER_TOKEN = `0x${'77'.repeat(20)}`;
const EXCHANGE = `0x${'ec'.repeat(20)}`;
const WHALE = `0x${'a1'.repeat(20)}`;
const FRIEND = `0x${'b2'.repeat(20)}`;
const ZERO = `0x${'00'.repeat(20)}`;
const usdt = (dollars: number) => BigInt(dollars) * 10n ** 6n;
const weth = (tokens: number) => BigInt(tokens) * 10n ** 18n;
/** The fake's block times (12 s apart from a fixed genesis), in ms. */
const blockTime = (block: number) => (1_700_000_000 + block * 12) * 1000;
const POLL_MS = 10_000;
const quiet = { info() {}, warn() {}, error() {} };

const watchConfig = (rpcUrl: string, overrides: Record<string, unknown> = {}) =>
  parseOnchainWatch(
    JSON.stringify({
      chains: [
        {
          chain: 'ethereum',
          rpcUrl,
          confirmations: 5,
          pollSeconds: POLL_MS / 1000,
          queueAboveUsd: 1_000_000,
          publishAboveUsd: 10_000_000,
          tokens: [
            { symbol: 'USDT', address: USDT, decimals: 6, usdPrice: 1 },
            {
              symbol: 'WETH',
              address: WETH,
              decimals: 18,
              usdPrice: 3000,
              queueAbove: 100,
              publishAbove: 1000,
            },
          ],
          ...overrides,
        },
      ],
    }),
  ).chains;

describe.each(TEST_DIALECTS)('the on-chain watcher on %s', (dialect) => {
  let testDb: TestDatabase;
  let fake: EvmRpcFake;
  let clock: number;
  const watchers: OnchainWatcher[] = [];
  const db = () => testDb.database.db;
  const watcher = (
    options: {
      holder?: string;
      rpcUrl?: string;
      database?: TestDatabase['database'];
      overrides?: Record<string, unknown>;
    } = {},
  ) => {
    const created = createOnchainWatcher({
      database: options.database ?? testDb.database,
      chains: watchConfig(options.rpcUrl ?? `${fake.url}/v3/SECRET-KEY`, options.overrides),
      log: quiet,
      holder: options.holder ?? 'process-a',
      now: () => clock,
    });
    watchers.push(created);
    return created;
  };
  const state = () =>
    db()
      .selectFrom('onchain_watcher_state')
      .selectAll()
      .where('chain', '=', 'ethereum')
      .executeTakeFirstOrThrow();
  const alerts = () =>
    db()
      .selectFrom('onchain_alerts')
      .select([
        'asset',
        'amount',
        'usd_value',
        'from_address',
        'to_address',
        'direction',
        'status',
        'importance',
        'block_number',
        'occurred_at',
        'log_index',
        'source',
        'published_at',
      ])
      .orderBy('block_number')
      .orderBy('log_index')
      .execute();

  beforeEach(async () => {
    testDb = await createTestDatabase(dialect);
    fake = new EvmRpcFake({ chainId: 1, head: 10_000 });
    await fake.start();
    clock = Date.now();
    const now = Date.now();
    await db()
      .insertInto('onchain_address_labels')
      .values({ address: EXCHANGE, name: 'Binance', kind: 'exchange', created_at: now, updated_at: now })
      .execute();
  });
  afterEach(async () => {
    for (const w of watchers.splice(0)) await w.stop();
    await fake.stop();
    await testDb.dispose();
  });

  it('starts at the head, then reads ranges of at most 1,000 blocks up to head − confirmations', async () => {
    // History before the watcher starts is never scanned.
    fake.addTransfer({ token: USDT, from: WHALE, to: EXCHANGE, value: usdt(50_000_000), block: 9_000 });
    const a = watcher();
    expect((await a.runOnce())[0]).toMatchObject({ outcome: 'started' });
    expect(await state()).toMatchObject({
      last_processed_block: 9_995,
      head_block: 10_000,
      lease_owner: 'process-a',
    });
    expect(fake.logRanges()).toEqual([]);

    fake.head = 12_600;
    fake.addTransfer({ token: USDT, from: WHALE, to: EXCHANGE, value: usdt(2_000_000), block: 10_500 });
    fake.addTransfer({ token: USDT, from: WHALE, to: FRIEND, value: usdt(500_000), block: 10_600 });
    fake.addTransfer({ token: USDT, from: EXCHANGE, to: WHALE, value: usdt(20_000_000) + 1n, block: 11_999 });
    fake.addTransfer({ token: WETH, from: ZERO, to: WHALE, value: weth(150), block: 12_000 });
    fake.addTransfer({ token: WETH, from: WHALE, to: ZERO, value: weth(2_000), block: 12_590 });
    fake.addTransfer({
      token: OTHER_TOKEN,
      from: WHALE,
      to: EXCHANGE,
      value: usdt(99_000_000),
      block: 12_000,
    });
    // Within the confirmation depth (head 12,600 − 5): not read yet.
    fake.addTransfer({ token: USDT, from: FRIEND, to: EXCHANGE, value: usdt(3_000_000), block: 12_597 });

    const [run] = await a.runOnce();
    expect(run).toMatchObject({ outcome: 'read', range: { from: 9_996, to: 12_595 }, behind: false });
    expect(run?.queued).toHaveLength(2);
    expect(run?.published).toHaveLength(2);
    expect(fake.logRanges()).toEqual([
      { from: 9_996, to: 10_995 },
      { from: 10_996, to: 11_995 },
      { from: 11_996, to: 12_595 },
    ]);
    const logsCall = fake.calls.find((c) => c.method === 'eth_getLogs');
    expect(logsCall?.params[0]).toMatchObject({ address: [USDT, WETH] });
    expect(await alerts()).toEqual([
      {
        asset: 'USDT',
        amount: '2000000',
        usd_value: 2_000_000,
        from_address: WHALE,
        to_address: EXCHANGE,
        direction: 'exchange_inflow',
        status: 'queued',
        importance: 'normal',
        block_number: 10_500,
        occurred_at: blockTime(10_500),
        log_index: 0,
        source: 'watcher',
        published_at: null,
      },
      {
        asset: 'USDT',
        amount: '20000000.000001',
        usd_value: 20_000_000.000001,
        from_address: EXCHANGE,
        to_address: WHALE,
        direction: 'exchange_outflow',
        status: 'published',
        importance: 'high',
        block_number: 11_999,
        occurred_at: blockTime(11_999),
        log_index: 0,
        source: 'watcher',
        published_at: clock,
      },
      {
        asset: 'WETH',
        amount: '150',
        usd_value: 450_000,
        from_address: ZERO,
        to_address: WHALE,
        direction: 'mint',
        status: 'queued',
        importance: 'normal',
        block_number: 12_000,
        occurred_at: blockTime(12_000),
        log_index: 0,
        source: 'watcher',
        published_at: null,
      },
      {
        asset: 'WETH',
        amount: '2000',
        usd_value: 6_000_000,
        from_address: WHALE,
        to_address: ZERO,
        direction: 'burn',
        status: 'published',
        importance: 'high',
        block_number: 12_590,
        occurred_at: blockTime(12_590),
        log_index: 0,
        source: 'watcher',
        published_at: clock,
      },
    ]);
    // Each published alert is announced on the hub, in the transaction that stored it.
    const events = await db().selectFrom('hub_events').select(['name', 'payload']).orderBy('id').execute();
    expect(events.map((e) => [e.name, JSON.parse(e.payload).alertId])).toEqual(
      run!.published.map((id) => ['onchain.published', id]),
    );
    expect(await state()).toMatchObject({ last_processed_block: 12_595, head_block: 12_600, error_count: 0 });
    expect((await state()).last_block_hash).toBe(fake.blockHash(12_595));

    fake.head = 12_603;
    const [next] = await a.runOnce();
    expect(next).toMatchObject({ outcome: 'read', range: { from: 12_596, to: 12_598 } });
    expect((await alerts()).at(-1)).toMatchObject({
      block_number: 12_597,
      direction: 'exchange_inflow',
      status: 'queued',
    });
  });

  it('reads at most ten ranges a run and says it is behind', async () => {
    const a = watcher();
    await a.runOnce();
    fake.head = 10_000 + 12_500;
    const [run] = await a.runOnce();
    expect(run).toMatchObject({ behind: true, range: { from: 9_996, to: 19_995 } });
    expect(fake.logRanges().every((r) => r.to - r.from + 1 <= 1_000)).toBe(true);
    expect((await a.runOnce())[0]).toMatchObject({ behind: false, range: { from: 19_996, to: 22_495 } });
  });

  it('resumes after a restart, or after another process’s lease ran out, without gaps or doubles', async () => {
    const a = watcher({ holder: 'process-a' });
    await a.runOnce();
    fake.head = 10_200;
    fake.addTransfer({ token: USDT, from: WHALE, to: FRIEND, value: usdt(1_500_000), block: 10_100 });
    await a.runOnce();
    // Process A dies without giving up its lease: B waits until the lease runs out.
    const b = watcher({ holder: 'process-b' });
    fake.head = 10_400;
    fake.addTransfer({ token: USDT, from: FRIEND, to: WHALE, value: usdt(1_600_000), block: 10_300 });
    expect((await b.runOnce())[0]).toMatchObject({ outcome: 'elsewhere' });
    clock += 3 * 60_000;
    expect((await b.runOnce())[0]).toMatchObject({ outcome: 'read', range: { from: 10_196, to: 10_395 } });
    // A, back, finds the chain taken.
    expect((await a.runOnce())[0]).toMatchObject({ outcome: 'elsewhere' });
    await b.stop();
    // A cleanly stopped process gives up its lease: a new one goes on at once from the same cursor.
    const c = watcher({ holder: 'process-c' });
    fake.head = 10_600;
    fake.addTransfer({ token: USDT, from: WHALE, to: FRIEND, value: usdt(1_700_000), block: 10_500 });
    expect((await c.runOnce())[0]).toMatchObject({ outcome: 'read', range: { from: 10_396, to: 10_595 } });
    // Blocks read twice (the cursor put back by hand) store nothing twice.
    await db()
      .updateTable('onchain_watcher_state')
      .set({ last_processed_block: 9_995, last_block_hash: null })
      .execute();
    expect((await c.runOnce())[0]).toMatchObject({
      outcome: 'read',
      queued: [],
      range: { from: 9_996, to: 10_595 },
    });
    expect((await alerts()).map((x) => [x.block_number, x.amount])).toEqual([
      [10_100, '1500000'],
      [10_300, '1600000'],
      [10_500, '1700000'],
    ]);
    const ranges = fake.logRanges().slice(0, -1);
    // Until the cursor was put back, every block was asked for exactly once, in order.
    expect(ranges.map((r) => [r.from, r.to])).toEqual([
      [9_996, 10_195],
      [10_196, 10_395],
      [10_396, 10_595],
    ]);
  });

  it('records RPC errors without the RPC’s address, backs off, and reads the same range again', async () => {
    const a = watcher();
    await a.runOnce();
    fake.head = 10_300;
    fake.addTransfer({ token: USDT, from: WHALE, to: EXCHANGE, value: usdt(3_000_000), block: 10_250 });
    fake.failNext(1, { method: 'eth_getLogs' });
    const failedAt = clock;
    expect((await a.runOnce())[0]).toMatchObject({
      outcome: 'failed',
      error: 'RPC error -32000: header not found',
    });
    expect(await state()).toMatchObject({
      last_processed_block: 9_995,
      error_count: 1,
      last_error: 'RPC error -32000: header not found',
      last_error_at: failedAt,
      retry_at: failedAt + 2 * POLL_MS,
    });
    // Waiting: nothing is asked of the RPC.
    const calls = fake.calls.length;
    clock += POLL_MS;
    expect((await a.runOnce())[0]).toMatchObject({ outcome: 'waiting' });
    expect(fake.calls.length).toBe(calls);
    // Then the whole node is away (HTTP 503): the wait doubles.
    clock = failedAt + 2 * POLL_MS;
    fake.failNext(1, { as: 'http-error' });
    const [second] = await a.runOnce();
    expect(second?.error).toMatch(/^HTTP request failed \(HTTP 503\)/);
    expect(second?.error).not.toMatch(/SECRET-KEY|127\.0\.0\.1:\d+\/v3/);
    expect(await state()).toMatchObject({ error_count: 2, retry_at: clock + 4 * POLL_MS });
    clock += 4 * POLL_MS;
    const [third] = await a.runOnce();
    expect(third).toMatchObject({ outcome: 'read', range: { from: 9_996, to: 10_295 } });
    expect(third?.queued).toHaveLength(1);
    // The same range as the one that failed; the error stays on record, the count is back to 0.
    expect(fake.logRanges()).toEqual([
      { from: 9_996, to: 10_295 },
      { from: 9_996, to: 10_295 },
    ]);
    expect(await state()).toMatchObject({ error_count: 0, retry_at: null, last_processed_block: 10_295 });
    expect((await state()).last_error).toMatch(/^HTTP request failed/);
  });

  it('refuses an RPC of another chain, and tells a provider’s range limit', async () => {
    const bsc = new EvmRpcFake({ chainId: 56, head: 100 });
    await bsc.start();
    try {
      const wrong = watcher({ rpcUrl: bsc.url });
      expect((await wrong.runOnce())[0]).toMatchObject({
        outcome: 'failed',
        error: 'the RPC serves chain id 56, not 1 (ethereum)',
      });
      expect(bsc.calls.map((c) => c.method)).toEqual(['eth_chainId']);
    } finally {
      await bsc.stop();
    }
    await db().deleteFrom('onchain_watcher_state').execute();
    fake.maxBlockRange = 500;
    const a = watcher({ holder: 'process-b' });
    await a.runOnce();
    fake.head = 11_000;
    const [run] = await a.runOnce();
    expect(run?.error).toBe('RPC error -32005: query exceeds max block range 500');
    expect((await state()).last_processed_block).toBe(9_995);
  });

  it('ignores removed logs, never reads a block within the confirmation depth, and recovers from a deeper reorganisation', async () => {
    const a = watcher();
    await a.runOnce();
    fake.head = 10_100;
    // A log the node reports removed (its block left the chain) is not a transfer.
    fake.addTransfer({
      token: USDT,
      from: WHALE,
      to: EXCHANGE,
      value: usdt(9_000_000),
      block: 10_020,
      removed: true,
    });
    fake.addTransfer({ token: USDT, from: WHALE, to: FRIEND, value: usdt(2_000_000), block: 10_090 });
    // Not confirmed yet (10,100 − 5), and reorganised away before it is.
    fake.addTransfer({ token: USDT, from: FRIEND, to: EXCHANGE, value: usdt(4_000_000), block: 10_098 });
    await a.runOnce();
    fake.reorg(10_097);
    fake.head = 10_110;
    await a.runOnce();
    expect((await alerts()).map((x) => [x.block_number, x.amount])).toEqual([[10_090, '2000000']]);
    expect((await state()).last_processed_block).toBe(10_105);
    expect((await state()).last_error).toBeNull();

    // A reorganisation deeper than the confirmations: the last block read has another hash now. Its queued
    // alert goes, the new fork's transfer comes, the blocks are read again.
    fake.addTransfer({ token: USDT, from: WHALE, to: EXCHANGE, value: usdt(5_000_000), block: 10_110 });
    fake.head = 10_120;
    await a.runOnce();
    expect((await alerts()).map((x) => x.block_number)).toEqual([10_090, 10_110]);
    fake.reorg(10_100);
    fake.addTransfer({ token: USDT, from: EXCHANGE, to: WHALE, value: usdt(6_000_000), block: 10_112 });
    fake.head = 10_130;
    const [run] = await a.runOnce();
    expect(run).toMatchObject({ outcome: 'read', range: { from: 10_052, to: 10_125 } });
    expect(await state()).toMatchObject({ last_processed_block: 10_125, error_count: 0 });
    expect((await state()).last_error).toBe(
      'reorganisation: block 10115 changed after it was read; blocks from 10052 are read again',
    );
    expect((await alerts()).map((x) => [x.block_number, x.direction, x.amount])).toEqual([
      [10_090, 'transfer', '2000000'],
      [10_112, 'exchange_outflow', '6000000'],
    ]);
  });

  it('lets two watchers on one database read a chain once', async () => {
    // A second process: its own connection pool on PostgreSQL (SQLite has one process per database).
    const second =
      dialect === 'postgres'
        ? await openDatabase({
            dataDir: testDb.dataDir,
            databaseUrl: process.env.TEST_DATABASE_URL,
            pgSchema: testDb.schema!,
            pgPoolSize: 3,
          })
        : testDb.database;
    try {
      const a = watcher({ holder: 'process-a' });
      const b = watcher({ holder: 'process-b', database: second });
      const outcomes: string[] = [];
      for (let round = 0; round < 8; round++) {
        if (round > 0) {
          fake.head += 700;
          fake.addTransfer({
            token: USDT,
            from: WHALE,
            to: EXCHANGE,
            value: usdt(1_000_000 + round),
            block: fake.head - 100,
          });
        }
        const runs = await Promise.all([a.runOnce(), b.runOnce()]);
        outcomes.push(...runs.flat().map((r) => r.outcome));
      }
      // One of them follows the chain each time; the other finds it taken.
      expect(outcomes.filter((o) => o === 'elsewhere')).toHaveLength(8);
      expect((await alerts()).map((x) => x.amount)).toEqual(
        Array.from({ length: 7 }, (_, i) => String(1_000_001 + i)),
      );
      const ranges = fake.logRanges();
      for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.from).toBe(ranges[i - 1]!.to + 1);
    } finally {
      if (second !== testDb.database) await second.close();
    }
  });
});

describe('the EVM JSON-RPC fake', () => {
  it('answers what viem sends: batches, topic filters, blocks, and the range limit', async () => {
    const fake = new EvmRpcFake({ chainId: 137, head: 50 });
    await fake.start();
    try {
      const client = createPublicClient({
        transport: http(fake.url, { batch: true, retryCount: 0 }),
        cacheTime: 0,
      });
      const [chainId, head] = await Promise.all([client.getChainId(), client.getBlockNumber()]);
      expect([chainId, head]).toEqual([137, 50n]);
      expect(fake.calls.map((c) => [c.method, c.batched]).sort()).toEqual([
        ['eth_blockNumber', true],
        ['eth_chainId', true],
      ]);
      fake.addTransfer({ token: USDT, from: WHALE, to: EXCHANGE, value: 5n, block: 10 });
      fake.addTransfer({ token: USDT, from: FRIEND, to: WHALE, value: 6n, block: 10 });
      fake.addTransfer({ token: WETH, from: WHALE, to: FRIEND, value: 7n, block: 20 });
      const event = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
      const fromWhale = await client.getLogs({
        event,
        args: { from: WHALE as `0x${string}` },
        fromBlock: 0n,
        toBlock: 50n,
      });
      expect(fromWhale.map((l) => [l.address, l.args.value, l.logIndex])).toEqual([
        [USDT, 5n, 0],
        [WETH, 7n, 0],
      ]);
      const usdtOnly = await client.getLogs({
        address: USDT as `0x${string}`,
        event,
        fromBlock: 10n,
        toBlock: 10n,
      });
      expect(usdtOnly.map((l) => [l.args.from, l.args.to, l.logIndex])).toEqual([
        [expect.stringMatching(new RegExp(WHALE, 'i')), expect.stringMatching(new RegExp(EXCHANGE, 'i')), 0],
        [expect.stringMatching(new RegExp(FRIEND, 'i')), expect.stringMatching(new RegExp(WHALE, 'i')), 1],
      ]);
      const block = await client.getBlock({ blockNumber: 10n });
      expect([block.hash, block.parentHash, block.timestamp]).toEqual([
        fake.blockHash(10),
        fake.blockHash(9),
        BigInt(1_700_000_000 + 10 * 12),
      ]);
      fake.head = 5_000;
      await expect(client.getLogs({ event, fromBlock: 0n, toBlock: 1_000n })).rejects.toThrow(
        /max block range 1000/,
      );
    } finally {
      await fake.stop();
    }
  });
});
