import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { HUB_PATH } from '#shared/realtime.ts';
import type { TraderKey } from '#shared/schemas/trader-keys.ts';
import type { TraderLiveChangedPayload } from '#shared/schemas/trading.ts';
import type { Database } from '../server/db/database.ts';
import type { Dialect } from '../server/db/dialect.ts';
import { hashPassword } from '../server/security/passwords.ts';
import type { BinanceFake } from '../server/test/binance-fake.ts';
import type { FakeAccount } from '../server/test/binance-fake-account.ts';
import { startBinanceFake } from '../server/test/binance-fake-kit.ts';
import { TEST_PASSWORD } from '../server/test/factories.ts';
import { signInOverHttp } from '../server/test/http-sign-in.ts';
import type { BareAnswer, BareRequest } from './bare-hub-server.ts';
import { freePort, monotonicNow, percentile, ROOT, SERVER_NODE_FLAGS, serverDatabase } from './harness.ts';
import type { ClientGroup, RoundMessage } from './hub-clients.ts';
import { inParallel, type Portal, startPortal, until } from './portal.ts';
import { liveFill, seedHistory } from './trader-accounts.ts';

// A fill at the exchange -> its live change (TraderLiveChanged) received by the last of N subscribed,
// entitled members, against a bare socket.io broadcast of the same payload to N other sockets, measured in
// the same run. The portal is a real process (`node server/main.ts`, the flags of `npm start`) following
// the trader's key at the fake exchange, which runs in this benchmark's process: the fill is made there,
// the exchange pushes it over the key's user-data stream, the portal stores it and sends it to the key's
// members. The members' sockets live in a worker thread (members are on other machines); the bare server
// is a process of its own with the same flags, as the portal is. Rounds alternate, one fill and one bare
// broadcast each, so both meet the same machine state; the bare server broadcasts the payload the portal
// delivered in the round before. Times are taken on the machine's monotonic clock, the same in every
// process: the portal's from just before the fill is made at the exchange, the bare server's from just
// before its broadcast. Reported: the first and the last recipient, p50 and p99 over the fills.

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
// 1,000 fills: the p99 is then the tenth slowest, as in the hub benchmark.
const FILLS = Number(process.env.BENCH_FILLS ?? 1000);
// Rounds before measuring, so both servers' code is compiled and their sockets' buffers grown.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
// The trader's past fills, stored by the first reconciliation: the fills measured land on a trader with a
// history, as followed traders have (storing a fill looks at the symbol's stored fills to tell what it closed).
const HISTORY = Number(process.env.BENCH_HISTORY ?? 1000);
const GOAL = 1.3;
/** No round should take this long; if one does, an event was lost, and the run stops instead of hanging. */
const ROUND_TIMEOUT_MS = 30_000;

/** Members with the role and 30 days of membership, straight in the database as the factories make them. */
async function insertMembers({ db }: Database) {
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', 'StandardUser')
    .executeTakeFirstOrThrow();
  // One hash for all: hashing a thousand passwords would take longer than the benchmark.
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const created = Date.now();
  const emails: string[] = [];
  for (let i = 0; i < CLIENTS; i += 100) {
    const batch = Array.from({ length: Math.min(100, CLIENTS - i) }, (_, j) => `bench-member-${i + j}`);
    await db
      .insertInto('users')
      .values(
        batch.map((id) => ({
          id,
          email: `${id}@bench.test`,
          email_normalized: `${id}@bench.test`,
          user_name: `${id}@bench.test`,
          password_hash: passwordHash,
          email_confirmed_at: created,
          member_expiry_date: created + 30 * 86_400_000,
          security_stamp: id,
          created_at: created,
          updated_at: created,
        })),
      )
      .execute();
    await db
      .insertInto('user_roles')
      .values(batch.map((id) => ({ user_id: id, role_id: role.id, created_at: created })))
      .execute();
    emails.push(...batch.map((id) => `${id}@bench.test`));
  }
  return emails;
}

/** The trader's key added and admitted to StandardUser by the admin, then followed by the portal. */
async function followTrader(portal: Portal, fake: BinanceFake, account: FakeAccount): Promise<number> {
  const { admin, call } = portal;
  const roles = await call<{ roleId: number; roleName: string }[]>(admin, 'GET', '/api/TraderKey/GetRoles');
  const standard = roles.find((role) => role.roleName === 'StandardUser')!.roleId;
  const { id } = await call<{ id: number }>(admin, 'POST', '/api/TraderKey/AddApiKey', {
    keyName: 'Bench trader',
    keyValue: account.apiKey,
    secretValue: account.secret,
    coEfficient: 1,
    leverageCoefficient: 1,
  });
  await call(admin, 'POST', '/api/TraderKey/UpdateApiKeySubConfig', { id, permissionMap: [standard] });
  // Checked, its history stored (first reconciliation) and its user-data stream open.
  await until('the key to be followed', async () => {
    const keys = await call<TraderKey[]>(admin, 'GET', '/api/TraderKey/GetAllApiKeys');
    const key = keys.find((k) => k.id === id);
    return key?.sync?.state === 'syncing' && key.sync.reconciledAt && fake.streamCount(account.apiKey) > 0
      ? true
      : undefined;
  });
  return id;
}

/** The bare socket.io server, in its own process with the flags of `npm start`. */
async function startBare() {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(ROOT, 'bench/bare-hub-server.ts')],
    { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  const url = `http://127.0.0.1:${port}`;
  await until('the bare server', async () =>
    (await fetch(url).catch(() => undefined))?.ok ? true : undefined,
  );
  let emitted: ((startedAt: number) => void) | undefined;
  child.on('message', (message: BareAnswer) => emitted?.(message.startedAt));
  return {
    url,
    /** Resolves with the moment the broadcast began. */
    broadcast(payload: unknown) {
      const started = new Promise<number>((resolve) => {
        emitted = resolve;
      });
      child.send({ type: 'emit', event: 'TraderLiveChanged', payload } satisfies BareRequest);
      return started;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The members' and the bare server's sockets, in a worker thread; resolves once all are in their rooms. */
async function startClients(groups: ClientGroup[]) {
  const waiting = new Map<string, (round: RoundMessage) => void>();
  const early = new Map<string, RoundMessage[]>();
  const worker = new Worker(new URL('./hub-clients.ts', import.meta.url), {
    workerData: { path: HUB_PATH, groups, monotonic: true },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { type: 'connected' } | RoundMessage) => {
      if (message.type === 'connected') return resolve();
      if (message.type !== 'round') return;
      const resolveRound = waiting.get(message.group);
      if (resolveRound) {
        waiting.delete(message.group);
        resolveRound(message);
      } else early.set(message.group, [...(early.get(message.group) ?? []), message]);
    });
  });
  return {
    /** The group's next completed delivery. */
    nextRound(group: string): Promise<RoundMessage> {
      const queued = early.get(group)?.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no delivery to all of ${group} within ${ROUND_TIMEOUT_MS} ms`)),
          ROUND_TIMEOUT_MS,
        );
        waiting.set(group, (round) => {
          clearTimeout(timer);
          resolve(round);
        });
      });
    },
    async close() {
      worker.postMessage({ type: 'close' });
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

type Times = { first: number[]; last: number[] };

export async function runTraderLiveBench(dialect: Dialect, databaseUrl?: string) {
  const fake = await startBinanceFake();
  const account = fake.addAccount();
  seedHistory(account, HISTORY);
  let emails: string[] = [];
  const database = await serverDatabase(dialect, databaseUrl, async (db) => {
    emails = await insertMembers(db);
  });
  const portal = await startPortal({ database, exchangeUrl: fake.baseUrl });
  const bare = await startBare();
  let clients: Awaited<ReturnType<typeof startClients>> | undefined;
  try {
    const keyId = await followTrader(portal, fake, account);
    const setupStarted = Date.now();
    // Each member signs in (over HTTP, as the web app does) and subscribes to the trader.
    const tokens = await inParallel(emails, 4, async (email) => {
      const { token, auth } = await signInOverHttp(portal.base, email, TEST_PASSWORD);
      await portal.call(auth, 'POST', '/api/Subscription/AddOrUpdateSubscriptions', {
        keyId,
        subscribed: true,
      });
      return token;
    });
    clients = await startClients([
      {
        name: 'app',
        url: portal.base,
        auths: tokens.map((token) => ({ token })),
        event: 'TraderLiveChanged',
        readyOn: 'LoadSystemMessage',
        keepPayload: true,
      },
      { name: 'bare', url: bare.url, auths: tokens.map(() => ({})), event: 'TraderLiveChanged' },
    ]);
    console.log(
      `  ${dialect}: ${CLIENTS} members signed in, subscribed and connected in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s; trader history ${HISTORY} fills`,
    );

    const results = { app: { first: [], last: [] } as Times, bare: { first: [], last: [] } as Times };
    let payload: TraderLiveChangedPayload | undefined;
    let others = 0;
    let bareSeq = 0;
    for (let round = 0; round < WARMUP + FILLS; round++) {
      // The portal: a fill at the exchange -> its live change at every member.
      const startedAt = monotonicNow();
      const trade = liveFill(account, round);
      let delivered: RoundMessage;
      for (;;) {
        delivered = await clients.nextRound('app');
        const change = delivered.payload as TraderLiveChangedPayload;
        if (change.fills.some((fill) => fill.tradeId === String(trade.id))) break;
        // A change the portal sent for another reason (a reconciliation's): not this fill's.
        others++;
      }
      payload = delivered.payload as TraderLiveChangedPayload;
      // The bare server: the same payload (its own sequence number) broadcast to as many sockets.
      const bareDelivered = clients.nextRound('bare');
      const bareStarted = await bare.broadcast({ ...payload, seq: ++bareSeq });
      const bareRound = await bareDelivered;
      if (round < WARMUP) continue;
      results.app.first.push(delivered.firstAt - startedAt);
      results.app.last.push(delivered.lastAt - startedAt);
      results.bare.first.push(bareRound.firstAt - bareStarted);
      results.bare.last.push(bareRound.lastAt - bareStarted);
    }

    const p = (values: number[], q: number) => percentile(values, q).toFixed(1);
    const ratio = percentile(results.app.last, 99) / percentile(results.bare.last, 99);
    console.log(
      `  ${dialect}: ${FILLS} fills after ${WARMUP} warm-up rounds; payload ${JSON.stringify(payload).length} bytes (last round); ${others} other live changes meanwhile`,
    );
    const line = (name: 'first' | 'last', goal: boolean) => {
      const a = results.app[name];
      const b = results.bare[name];
      const r = percentile(a, 99) / percentile(b, 99);
      console.log(
        `${dialect} trader live ${name} recipient: fill -> app p50 ${p(a, 50)} ms, p99 ${p(a, 99)} ms; bare broadcast p50 ${p(b, 50)} ms, p99 ${p(b, 99)} ms; p99 ratio ${r.toFixed(2)}${goal ? ` (goal <= ${GOAL}) ${r <= GOAL ? 'PASS' : 'BELOW TARGET'}` : ''}`,
      );
    };
    line('first', false);
    line('last', true);
    return ratio <= GOAL;
  } finally {
    await clients?.close();
    await bare.close();
    await portal.close();
    await fake.stop();
  }
}

if (import.meta.main) {
  console.log(
    `trader live: ${CLIENTS} members subscribed to one trader, the portal and a bare socket.io server each in a process of its own, members in a worker thread, the fake exchange in this process`,
  );
  await runTraderLiveBench('sqlite');
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runTraderLiveBench('postgres', url);
  else console.log('postgres: skipped (set BENCH_DATABASE_URL)');
  process.exit(0);
}
