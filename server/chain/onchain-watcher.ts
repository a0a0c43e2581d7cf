import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createPublicClient, http, type PublicClient, parseAbiItem } from 'viem';
import { ONCHAIN_CHAINS } from '#shared/onchain.ts';
import type { Database } from '../db/database.ts';
import { inTransaction } from '../services/hub-events.ts';
import { exchangeAddresses } from '../services/onchain-labels.ts';
import { type OnchainWatchChain, rpcHostOf } from './onchain-config.ts';
import {
  assess,
  directionOf,
  storeWatcherAlerts,
  type TransferLog,
  type WatcherAlert,
} from './onchain-ingest.ts';
import { WatchError, watchErrorOf } from './onchain-watch-errors.ts';
import { claimChain, LeaseLost, releaseChains, updateChainState } from './onchain-watch-state.ts';

// On-chain monitoring's watcher. Each configured chain is followed by one process at a time (a lease on its
// onchain_watcher_state row, taken with FOR UPDATE SKIP LOCKED on PostgreSQL and renewed with every range
// stored). A run reads from the block after the last one processed up to head − confirmations, in ranges of
// at most `blockRange` (≤ 1,000) blocks, asking eth_getLogs for the Transfer logs of the configured tokens;
// transfers at or above a threshold become alerts (queued, or published above the second threshold),
// stored in the transaction that moves the cursor past their range, and only if the cursor is still where
// this run found it, so neither a restart nor another process stores a transfer twice or skips a block.
// Blocks within the confirmation depth are not read yet, so a shallow reorganisation is never seen; a log
// the node reports `removed` is ignored; a deeper one shows as a changed hash of the last block processed:
// it is recorded, queued alerts of blocks that left the chain are deleted, and the last blocks are read
// again. An error records a short reason and the chain waits (twice its poll interval, doubling, up to
// 10 minutes) before the same range is tried again. With no state yet, it starts at head − confirmations.

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

export type OnchainWatcherLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type ChainRun = {
  chain: string;
  /**
   * read: blocks read (maybe none new); started: the cursor was set at the head; elsewhere: another process
   * follows the chain; waiting: backing off after an error; failed: see `error`; lost: the lease went to
   * another process during the run (nothing of its range was stored).
   */
  outcome: 'read' | 'started' | 'elsewhere' | 'waiting' | 'failed' | 'lost';
  /** The blocks this run got through (inclusive), when it read any. */
  range?: { from: number; to: number };
  queued: number[];
  published: number[];
  /** Whether the head has more blocks ready than this run read (the next run comes at once). */
  behind: boolean;
  error?: string;
};

export type OnchainWatcherOptions = {
  database: Pick<Database, 'db' | 'dialect'>;
  chains: readonly OnchainWatchChain[];
  log: OnchainWatcherLog;
  /** How long a chain is this process's without renewal (2 min; renewed with every range stored). */
  leaseMs?: number;
  /** Ranges read per run before the lease is looked at again (10). */
  maxRangesPerRun?: number;
  /** The longest wait after errors (10 min). */
  maxBackoffMs?: number;
  /** Deadline of one RPC call (20 s). */
  timeoutMs?: number;
  /** This process's name in the leases (host, pid and a random part by default). */
  holder?: string;
  /** The time (tests move it forward instead of waiting). */
  now?: () => number;
};

export type OnchainWatcher = {
  readonly holder: string;
  start(): void;
  /** Stops, waits for the runs in progress and gives up the leases. */
  stop(): Promise<void>;
  /** One run of each chain (or of one), as the timers do (a run in progress is joined, not doubled). */
  runOnce(chain?: string): Promise<ChainRun[]>;
};

export function createOnchainWatcher(options: OnchainWatcherOptions): OnchainWatcher {
  const { database, log } = options;
  const { db, dialect } = database;
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const maxRanges = options.maxRangesPerRun ?? 10;
  const maxBackoffMs = options.maxBackoffMs ?? 10 * 60_000;
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const clients = new Map<string, PublicClient>();
  const chainIdChecked = new Set<string>();
  const running = new Map<string, Promise<ChainRun>>();
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  const clientOf = (chain: OnchainWatchChain): PublicClient => {
    let client = clients.get(chain.chain);
    if (!client) {
      // No retries of viem's own: a failed run is tried again after a backoff, on the same range.
      client = createPublicClient({
        transport: http(chain.rpcUrl, { retryCount: 0, timeout: options.timeoutMs ?? 20_000 }),
        cacheTime: 0,
      }) as PublicClient;
      clients.set(chain.chain, client);
    }
    return client;
  };

  const claim = (chain: string, at: number) => claimChain(db, dialect, chain, holder, at, leaseMs);
  const update = (
    trx: Parameters<typeof updateChainState>[0],
    chain: string,
    set: Parameters<typeof updateChainState>[3],
    cursor?: number | null,
  ) => updateChainState(trx, chain, holder, set, cursor);

  const blockOf = async (client: PublicClient, number: number) => {
    const block = await client.getBlock({ blockNumber: BigInt(number) });
    return { hash: block.hash as string, time: Number(block.timestamp) * 1000 };
  };

  /**
   * The last block processed has another hash now: a reorganisation deeper than the confirmation depth.
   * Queued alerts of blocks that left the chain go (they were never published); the cursor goes back so
   * the last blocks are read again. Answers the new cursor.
   */
  async function recover(chain: OnchainWatchChain, client: PublicClient, cursor: number, at: number) {
    const from = Math.max(0, cursor - Math.max(2 * chain.confirmations, 64) + 1);
    const suspects = await db
      .selectFrom('onchain_alerts')
      .select(['id', 'block_number', 'block_hash'])
      .where('chain', '=', chain.chain)
      .where('source', '=', 'watcher')
      .where('status', '=', 'queued')
      .where('block_number', '>=', from)
      .execute();
    // Their blocks are at most the cursor, which the head is at or above: an error here is the RPC's.
    const hashes = new Map<number, string>();
    for (const block of new Set(suspects.map((s) => s.block_number!)))
      hashes.set(block, (await blockOf(client, block)).hash.toLowerCase());
    const orphaned = suspects.filter((s) => hashes.get(s.block_number!) !== s.block_hash).map((s) => s.id);
    const message = `reorganisation: block ${cursor} changed after it was read; blocks from ${from} are read again`;
    await inTransaction(db, async (trx) => {
      await update(
        trx,
        chain.chain,
        { last_processed_block: from - 1, last_block_hash: null, last_error: message, last_error_at: at },
        cursor,
      );
      if (orphaned.length) await trx.deleteFrom('onchain_alerts').where('id', 'in', orphaned).execute();
    });
    log.warn({ chain: chain.chain, block: cursor, from, deleted: orphaned.length }, 'onchain watcher: reorg');
    return from - 1;
  }

  /** The transfers of a range worth an alert, with their direction and time. */
  async function alertsOf(chain: OnchainWatchChain, client: PublicClient, from: number, to: number) {
    const tokens = new Map(chain.tokens.map((t) => [t.address, t]));
    const logs = await client.getLogs({
      address: chain.tokens.map((t) => t.address as `0x${string}`),
      event: TRANSFER,
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
      strict: true,
    });
    const candidates: Array<Omit<WatcherAlert, 'direction' | 'occurredAt'>> = [];
    for (const entry of logs) {
      // A log of a block that left the chain (a node may report one); the new block's logs come anyway.
      if (entry.removed || entry.blockNumber === null || entry.transactionHash === null) continue;
      const token = tokens.get(entry.address.toLowerCase());
      if (!token || entry.logIndex === null) continue;
      const transfer: TransferLog = {
        token: token.address,
        from: entry.args.from.toLowerCase(),
        to: entry.args.to.toLowerCase(),
        value: entry.args.value,
        blockNumber: Number(entry.blockNumber),
        blockHash: (entry.blockHash ?? '').toLowerCase(),
        txHash: entry.transactionHash.toLowerCase(),
        logIndex: entry.logIndex,
      };
      const { amount, usd, action } = assess(chain, token, transfer.value);
      if (action !== 'skip')
        candidates.push({ log: transfer, token, amount, usd, publish: action === 'publish' });
    }
    const blocks = new Map<number, { hash: string; time: number }>();
    for (const number of new Set([...candidates.map((c) => c.log.blockNumber), to]))
      blocks.set(number, await blockOf(client, number));
    const exchanges = await exchangeAddresses(
      db,
      candidates.flatMap((c) => [c.log.from, c.log.to]),
    );
    const alerts = candidates.map((c) => {
      const block = blocks.get(c.log.blockNumber)!;
      // The node answered from another fork than its blocks: read the range again later.
      if (block.hash.toLowerCase() !== c.log.blockHash)
        throw new WatchError(`block ${c.log.blockNumber} changed while it was read`);
      return { ...c, direction: directionOf(c.log.from, c.log.to, exchanges), occurredAt: block.time };
    });
    return { alerts, endHash: blocks.get(to)!.hash.toLowerCase() };
  }

  async function run(chain: OnchainWatchChain): Promise<ChainRun> {
    const report: ChainRun = {
      chain: chain.chain,
      outcome: 'read',
      queued: [],
      published: [],
      behind: false,
    };
    const at = now();
    const state = await claim(chain.chain, at);
    if (!state) return { ...report, outcome: 'elsewhere' };
    if (state.retry_at !== null && state.retry_at > at) return { ...report, outcome: 'waiting' };
    const client = clientOf(chain);
    try {
      if (!chainIdChecked.has(chain.chain)) {
        const id = await client.getChainId();
        const expected = ONCHAIN_CHAINS[chain.chain].chainId;
        if (id !== expected)
          throw new WatchError(`the RPC serves chain id ${id}, not ${expected} (${chain.chain})`);
        chainIdChecked.add(chain.chain);
      }
      const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
      const ready = head - chain.confirmations;
      await update(db, chain.chain, { head_block: head, last_run_at: at });
      let cursor = state.last_processed_block;
      const hash = state.last_block_hash;
      if (cursor === null) {
        // No history is scanned: alerts are about transfers from now on.
        const start = Math.max(0, ready);
        const block = await blockOf(client, start);
        await update(
          db,
          chain.chain,
          {
            last_processed_block: start,
            last_block_hash: block.hash.toLowerCase(),
            error_count: 0,
            retry_at: null,
          },
          null,
        );
        return { ...report, outcome: 'started' };
      }
      if (hash !== null && cursor <= head && (await blockOf(client, cursor)).hash.toLowerCase() !== hash) {
        cursor = await recover(chain, client, cursor, at);
      }
      for (let ranges = 0; cursor < ready && ranges < maxRanges && !stopped; ranges++) {
        const from = cursor + 1;
        const to = Math.min(cursor + chain.blockRange, ready);
        const { alerts, endHash } = await alertsOf(chain, client, from, to);
        const stored = await inTransaction(db, async (trx) => {
          await update(
            trx,
            chain.chain,
            { last_processed_block: to, last_block_hash: endHash, lease_until: now() + leaseMs },
            cursor,
          );
          return storeWatcherAlerts(trx, chain, alerts, now());
        });
        report.queued.push(...stored.queued);
        report.published.push(...stored.published);
        report.range = { from: report.range?.from ?? from, to };
        cursor = to;
      }
      report.behind = cursor < ready;
      if (state.error_count > 0 || state.retry_at !== null)
        await update(db, chain.chain, { error_count: 0, retry_at: null });
      return report;
    } catch (error) {
      if (error instanceof LeaseLost) {
        log.info({ chain: chain.chain }, 'onchain watcher: another process took the chain over');
        return { ...report, outcome: 'lost' };
      }
      const reason = watchErrorOf(error);
      if (reason === undefined)
        log.error({ chain: chain.chain, err: error }, 'onchain watcher: a run failed');
      else
        log.warn(
          { chain: chain.chain, rpcHost: rpcHostOf(chain.rpcUrl), error: reason },
          'onchain watcher: a run failed',
        );
      const message = reason ?? 'internal error';
      const errors = state.error_count + 1;
      const wait = Math.min(
        chain.pollSeconds * 1000 * 2 ** errors,
        Math.max(maxBackoffMs, chain.pollSeconds * 1000),
      );
      const failedAt = now();
      await update(db, chain.chain, {
        last_error: message,
        last_error_at: failedAt,
        error_count: errors,
        retry_at: failedAt + wait,
      }).catch((e: unknown) =>
        log.error({ chain: chain.chain, err: e }, 'onchain watcher: the failure could not be recorded'),
      );
      return { ...report, outcome: 'failed', error: message };
    }
  }

  function runChain(chain: OnchainWatchChain): Promise<ChainRun> {
    if (stopped)
      return Promise.resolve({
        chain: chain.chain,
        outcome: 'lost',
        queued: [],
        published: [],
        behind: false,
      });
    let current = running.get(chain.chain);
    if (!current) {
      current = run(chain)
        .catch((error: unknown): ChainRun => {
          // The database is away (claiming failed): the next run tries again.
          log.error({ chain: chain.chain, err: error }, 'onchain watcher: a run could not start');
          return {
            chain: chain.chain,
            outcome: 'failed',
            queued: [],
            published: [],
            behind: false,
            error: 'internal error',
          };
        })
        .finally(() => running.delete(chain.chain));
      running.set(chain.chain, current);
    }
    return current;
  }

  function schedule(chain: OnchainWatchChain, delayMs: number) {
    if (stopped) return;
    const timer = setTimeout(async () => {
      const result = await runChain(chain);
      schedule(chain, result.behind ? 0 : chain.pollSeconds * 1000);
    }, delayMs);
    timer.unref();
    timers.set(chain.chain, timer);
  }

  return {
    holder,
    start() {
      if (stopped || timers.size) return;
      for (const chain of options.chains) {
        log.info(
          { chain: chain.chain, rpcHost: rpcHostOf(chain.rpcUrl) },
          'onchain watcher: following the chain',
        );
        schedule(chain, 0);
      }
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
      await releaseChains(db, holder).catch((error: unknown) =>
        log.error({ err: error }, 'onchain watcher: leases could not be given up'),
      );
    },
    async runOnce(only) {
      const chains = options.chains.filter((c) => only === undefined || c.chain === only);
      return Promise.all(chains.map(runChain));
    },
  };
}
