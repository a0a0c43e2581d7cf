import type { ChildProcess } from 'node:child_process';
import type { TraderKey } from '#shared/schemas/trader-keys.ts';
import type { TraderLiveChangedPayload } from '#shared/schemas/trading.ts';
import type { Dialect } from '../server/db/dialect.ts';
import type { FakeAccount } from '../server/test/binance-fake-account.ts';
import { startBinanceFake } from '../server/test/binance-fake-kit.ts';
import { connected, events, hubClient } from '../server/test/hub-client.ts';
import { serverDatabase } from './harness.ts';
import type { MemoryAnswer } from './memory-probe.ts';
import { type Portal, startPortal, until } from './portal.ts';
import { liveFill, seedHistory, seedOpenState } from './trader-accounts.ts';

// The memory one portal process needs to follow N traders' keys at the exchange, against an idle process
// of the same portal (same settings, same flags, no keys) running beside it in the same run. Both are
// `node server/main.ts` with the flags of `npm start`, plus --expose-gc and a probe (memory-probe.ts) that
// answers their memory over an IPC channel, before and after a full collection. The fake exchange runs in
// this benchmark's process, with N accounts, each with a history of fills (and their income entries), two
// open positions, three resting orders and a stop. The administrator adds the N keys to one process and
// calls the same pages of both while waiting; each process has the administrator's hub connection.
// Measured once every key's sync says it is following (checked, history stored, state syncing) with its
// user-data stream open at the exchange, and a live fill of every account has reached the administrator.
// Goal: <= 150 MB of RSS above the idle process for 50 keys.

const KEYS = Number(process.env.BENCH_KEYS ?? 50);
// Fills per account over the last 60 days (with a commission entry each, realized PnL for half).
const HISTORY = Number(process.env.BENCH_HISTORY ?? 500);
const GOAL_MB = 150;
const PROBE_FLAGS = ['--expose-gc', '--import', './bench/memory-probe.ts'];
// Reading the state of 50 keys is cheap, but it is made of both processes alike, so not too often.
const POLL_MS = 1000;
// The processes' exchange weight budget (90% of 2,400 a minute) lets about 17 keys be reconciled a minute,
// and a first reconciliation reads 90 days of history: 50 keys need several minutes to settle.
const SETTLE_TIMEOUT_MS = 30 * 60_000;

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);

function memoryOf(child: ChildProcess): Promise<MemoryAnswer> {
  return new Promise((resolve) => {
    child.once('message', (answer: MemoryAnswer) => resolve(answer));
    child.send('memory');
  });
}

async function keysOf(portal: Portal): Promise<TraderKey[]> {
  return portal.call<TraderKey[]>(portal.admin, 'GET', '/api/TraderKey/GetAllApiKeys');
}

export async function runTraderSyncMemoryBench(dialect: Dialect, databaseUrl?: string) {
  const fake = await startBinanceFake();
  const accounts: FakeAccount[] = [];
  for (let i = 0; i < KEYS; i++) {
    const account = fake.addAccount();
    seedHistory(account, HISTORY);
    seedOpenState(account);
    accounts.push(account);
  }
  const portals: Portal[] = [];
  const sockets: ReturnType<typeof hubClient>[] = [];
  try {
    for (let i = 0; i < 2; i++)
      portals.push(
        await startPortal({
          database: await serverDatabase(dialect, databaseUrl),
          exchangeUrl: fake.baseUrl,
          nodeFlags: PROBE_FLAGS,
          ipc: true,
        }),
      );
    const [idle, syncing] = portals as [Portal, Portal];
    for (const portal of portals) {
      const client = hubClient(portal.base, portal.admin.authorization.slice('Bearer '.length));
      sockets.push(client);
      await connected(client.socket);
    }
    const started = Date.now();
    const keyIds = new Map<string, number>();
    for (const [i, account] of accounts.entries()) {
      const { id } = await syncing.call<{ id: number }>(syncing.admin, 'POST', '/api/TraderKey/AddApiKey', {
        keyName: `Trader ${i + 1}`,
        keyValue: account.apiKey,
        secretValue: account.secret,
        coEfficient: 1,
        leverageCoefficient: 1,
      });
      keyIds.set(account.apiKey, id);
    }
    await until(
      `${KEYS} keys to be followed`,
      async () => {
        const [keys] = await Promise.all([keysOf(syncing), keysOf(idle)]);
        const following = keys.filter((key) => key.sync?.state === 'syncing' && key.sync.reconciledAt);
        const streaming = accounts.filter((account) => fake.streamCount(account.apiKey) > 0);
        return following.length === KEYS && streaming.length === KEYS ? true : undefined;
      },
      { everyMs: POLL_MS, timeoutMs: SETTLE_TIMEOUT_MS },
    );
    const settledS = (Date.now() - started) / 1000;

    // One live fill per account, through its stream, until the administrator has every change.
    const trades = new Set(accounts.map((account) => String(liveFill(account, 0).id)));
    const adminOfSyncing = sockets[1]!;
    await until('the live fills to reach the administrator', async () => {
      const seen = new Set(
        events(adminOfSyncing.received, 'TraderLiveChanged').flatMap((payload) =>
          (payload as TraderLiveChangedPayload).fills.map((fill) => fill.tradeId),
        ),
      );
      return [...trades].every((trade) => seen.has(trade)) ? true : undefined;
    });

    const idleMemory = await memoryOf(idle.child);
    const syncingMemory = await memoryOf(syncing.child);
    const above = {
      rss: syncingMemory.collected.rss - idleMemory.collected.rss,
      heap: syncingMemory.collected.heapUsed - idleMemory.collected.heapUsed,
      foundRss: syncingMemory.found.rss - idleMemory.found.rss,
    };
    const pass = above.rss <= GOAL_MB * MB;
    console.log(
      `  ${dialect}: ${KEYS} keys, ${HISTORY} past fills each, followed (checked, history stored, stream open) ${settledS.toFixed(0)} s after being added; ${fake.streamCount()} user-data streams open at the exchange`,
    );
    console.log(
      `  ${dialect}: after full GC: idle RSS ${mb(idleMemory.collected.rss)} MB, heap used ${mb(idleMemory.collected.heapUsed)} MB; syncing RSS ${mb(syncingMemory.collected.rss)} MB, heap used ${mb(syncingMemory.collected.heapUsed)} MB`,
    );
    console.log(
      `  ${dialect}: as found (before the GC): idle RSS ${mb(idleMemory.found.rss)} MB, heap used ${mb(idleMemory.found.heapUsed)} MB; syncing RSS ${mb(syncingMemory.found.rss)} MB, heap used ${mb(syncingMemory.found.heapUsed)} MB`,
    );
    // Where the difference is: the JavaScript heap's pages V8 counts as in memory (used, or held for the
    // next allocations: the young generation grows under a high allocation rate and shrinks only once the
    // process is quiet), and the rest. Looked at through /proc/<pid>/smaps once, the rest was mostly more
    // of V8's 256 KB heap pages (kept for reuse, not counted as in use), then the C allocator's heap.
    // Each process's main thread and its trader sync thread have a heap of their own.
    const part = (answer: MemoryAnswer) => {
      const thread = answer.threads[0];
      return {
        heap: answer.heapPhysical,
        young: answer.spaces.new_space?.size ?? 0,
        threadHeap: thread?.heapPhysical ?? 0,
        threadUsed: thread?.heapUsed ?? 0,
        threadYoung: thread?.spaces.new_space?.size ?? 0,
        rest: answer.collected.rss - answer.heapPhysical - (thread?.heapPhysical ?? 0),
      };
    };
    const [a, b] = [part(idleMemory), part(syncingMemory)];
    console.log(
      `  ${dialect}: of the RSS above idle: main thread's JavaScript heap in memory ${mb(b.heap - a.heap)} MB (young generation idle ${mb(a.young)} MB, syncing ${mb(b.young)} MB); sync thread's ${mb(b.threadHeap - a.threadHeap)} MB (used idle ${mb(a.threadUsed)} MB, syncing ${mb(b.threadUsed)} MB; young generation idle ${mb(a.threadYoung)} MB, syncing ${mb(b.threadYoung)} MB); the rest ${mb(b.rest - a.rest)} MB`,
    );
    console.log(
      `${dialect} trader sync memory, ${KEYS} keys: RSS ${mb(above.rss)} MB above idle (${(above.rss / MB / KEYS).toFixed(2)} MB a key), heap used ${mb(above.heap)} MB above idle, after full GC (as found: RSS ${mb(above.foundRss)} MB above idle) (goal <= ${GOAL_MB} MB) ${pass ? 'PASS' : 'BELOW TARGET'}`,
    );
    return pass;
  } finally {
    for (const client of sockets) client.socket.disconnect();
    for (const portal of portals) await portal.close();
    await fake.stop();
  }
}

if (import.meta.main) {
  await runTraderSyncMemoryBench('sqlite');
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runTraderSyncMemoryBench('postgres', url);
  else console.log('postgres: skipped (set BENCH_DATABASE_URL)');
  process.exit(0);
}
