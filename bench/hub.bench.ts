import { createServer } from 'node:http';
import { Worker } from 'node:worker_threads';
import { Server } from 'socket.io';
import { hashPassword } from '../server/security/passwords.ts';
import { createTestDatabase } from '../server/test/databases.ts';
import { createUser, TEST_PASSWORD } from '../server/test/factories.ts';
import { freePort, listenOn } from '../server/test/listening-app.ts';
import { signIn } from '../server/test/sign-in.ts';
import type { ClientGroup, PostedMessage, PostRequest, RoundMessage } from './hub-clients.ts';

// Admin publishes a strategy over HTTP -> delivery to N subscribed members' sockets, against a bare
// socket.io broadcast of the same payload to N other sockets, measured in the same run. The subscribers
// live in a worker thread and the admin's browser in another (members and the admin are on machines
// other than the server's, and not on each other's); the two servers share the main thread and take
// turns, one publish each per round, so both meet the same machine state.
// Reported: latency to the first and the last recipient, p50 and p99 over the publishes.

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
// 1,000 publishes each: the p99 is then the tenth slowest, steady from run to run on a busy machine.
const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 1000);
const HUB_PATH = '/AdvisoryHub';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const now = () => performance.timeOrigin + performance.now();

/** Connects every group's sockets in a worker thread (the admin's calls go from another one). */
async function startClients(groups: ClientGroup[]) {
  const rounds = new Map<string, (round: RoundMessage) => void>();
  let posted: ((startedAt: number) => void) | undefined;
  let failed: ((error: Error) => void) | undefined;
  // Resolves once all of the thread's sockets are connected.
  const start = async (threadGroups: ClientGroup[]) => {
    const worker = new Worker(new URL('./hub-clients.ts', import.meta.url), {
      workerData: { path: HUB_PATH, groups: threadGroups },
    });
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (message: { type: 'connected' } | RoundMessage | PostedMessage) => {
        if (message.type === 'connected') resolve();
        else if (message.type === 'round') rounds.get(message.group)?.(message);
        else if (message.type === 'posted') posted?.(message.startedAt);
        else failed?.(new Error(message.error));
      });
    });
    return worker;
  };
  const [members, admin] = await Promise.all([start(groups), start([])]);
  const nextRound = (group: string) =>
    new Promise<RoundMessage>((resolve, reject) => {
      rounds.set(group, resolve);
      failed = reject;
    });
  return {
    /** The admin's call (made from the admin's thread) -> the group's first and last recipient. */
    async deliverAfterPost(group: string, request: PostRequest) {
      const delivered = nextRound(group);
      const startedAt = new Promise<number>((resolve) => {
        posted = resolve;
      });
      admin.postMessage({ type: 'post', request });
      const started = await startedAt;
      const { firstAt, lastAt } = await delivered;
      return { first: firstAt - started, last: lastAt - started };
    },
    /** A broadcast made here, on the server's thread -> the group's first and last recipient. */
    async deliverAfter(group: string, broadcast: () => void) {
      const delivered = nextRound(group);
      const started = now();
      broadcast();
      const { firstAt, lastAt } = await delivered;
      return { first: firstAt - started, last: lastAt - started };
    },
    async close() {
      await Promise.all(
        [members, admin].map((worker) => {
          worker.postMessage({ type: 'close' });
          return new Promise((resolve) => worker.once('exit', resolve));
        }),
      );
    },
  };
}

/** The app: an admin, one trader key for StandardUser, and N members subscribed to it. */
async function startApp() {
  const testDb = await createTestDatabase('sqlite');
  const { db } = testDb.database;
  const listening = await listenOn(testDb.database, testDb.dataDir);
  const adminUser = await createUser(db, { roles: ['Admin'] });
  const admin = (await signIn(listening.app, adminUser.email, adminUser.password)).auth;
  const roles = Object.fromEntries(
    (await db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]),
  );
  const key = (
    await listening.app.inject({
      method: 'POST',
      url: '/api/TraderKey/AddApiKey',
      headers: admin,
      payload: {
        keyName: 'Bench',
        keyValue: 'k-0000',
        secretValue: 's',
        coEfficient: 1,
        leverageCoefficient: 1,
      },
    })
  ).json().id;
  await listening.app.inject({
    method: 'POST',
    url: '/api/TraderKey/UpdateApiKeySubConfig',
    headers: admin,
    payload: { id: key, permissionMap: [roles.StandardUser] },
  });
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const created = Date.now();
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const id = `bench-member-${i}`;
    const email = `${id}@bench.test`;
    await db
      .insertInto('users')
      .values({
        id,
        email,
        email_normalized: email,
        user_name: email,
        password_hash: passwordHash,
        email_confirmed_at: created,
        member_expiry_date: created + 86_400_000,
        security_stamp: 's',
        created_at: created,
        updated_at: created,
      })
      .execute();
    await db
      .insertInto('user_roles')
      .values({ user_id: id, role_id: roles.StandardUser!, created_at: created })
      .execute();
    await db.insertInto('subscriptions').values({ user_id: id, key_id: key, created_at: created }).execute();
    tokens.push((await signIn(listening.app, email, TEST_PASSWORD)).tokens.access_token);
  }
  const publish: PostRequest = {
    url: `${listening.base}/api/Advisory/AddOrUpdateAdvisory`,
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'BTC',
      advisoryDesc: 'd',
      content: '<p>long above 60k, stop 58k</p>',
      apiKeyArray: [key],
    }),
  };
  return {
    url: listening.base,
    auths: tokens.map((token) => ({ token })),
    publish,
    async close() {
      await listening.close();
      await testDb.dispose();
    },
  };
}

/** The baseline: a bare socket.io server broadcasting the payload the app sends. */
async function startBare() {
  const port = await freePort();
  const http = createServer();
  const io = new Server(http, { path: HUB_PATH });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  let id = 0;
  return {
    url: `http://127.0.0.1:${port}`,
    broadcast() {
      id++;
      io.emit('LoadAdvisory', {
        advisoryDtos: [
          {
            id,
            title: 'BTC',
            content: '<p>long above 60k, stop 58k</p>',
            apiKeyArray: [1],
            traders: [{ id: 1, keyName: 'Bench' }],
            createdTimestamp: new Date().toISOString(),
          },
        ],
        replace: false,
        eventId: id,
      });
    },
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

export async function runHubBench() {
  const app = await startApp();
  const bare = await startBare();
  const clients = await startClients([
    { name: 'app', url: app.url, auths: app.auths },
    { name: 'bare', url: bare.url, auths: app.auths.map(() => ({})) },
  ]);
  // Let the connections' welcome messages settle before measuring.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const results = {
    app: { first: [] as number[], last: [] as number[] },
    bare: { first: [] as number[], last: [] as number[] },
  };
  const record = (name: 'app' | 'bare', { first, last }: { first: number; last: number }) => {
    results[name].first.push(first);
    results[name].last.push(last);
  };
  for (let round = 0; round < PUBLISHES; round++) {
    record('app', await clients.deliverAfterPost('app', app.publish));
    record('bare', await clients.deliverAfter('bare', bare.broadcast));
  }
  await clients.close();
  await app.close();
  await bare.close();

  const line = (name: 'first' | 'last') => {
    const a = results.app[name];
    const b = results.bare[name];
    console.log(
      `hub ${name} recipient: app p50 ${percentile(a, 50).toFixed(1)} ms, p99 ${percentile(a, 99).toFixed(1)} ms; bare broadcast p50 ${percentile(b, 50).toFixed(1)} ms, p99 ${percentile(b, 99).toFixed(1)} ms; p99 ratio ${(percentile(a, 99) / percentile(b, 99)).toFixed(2)} (target <= 1.2)`,
    );
  };
  console.log(
    `hub: ${CLIENTS} clients, ${PUBLISHES} publishes each, subscribers and the admin in worker threads of their own`,
  );
  line('first');
  line('last');
}

if (import.meta.main) {
  await runHubBench();
  process.exit(0);
}
