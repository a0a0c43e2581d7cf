import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { hashPassword } from '../server/security/passwords.ts';
import { createTestDatabase } from '../server/test/databases.ts';
import { createUser, TEST_PASSWORD } from '../server/test/factories.ts';
import { freePort, listenOn } from '../server/test/listening-app.ts';
import { signIn } from '../server/test/sign-in.ts';

// Admin publishes a strategy over HTTP -> delivery to N subscribed members' sockets, against a bare
// socket.io broadcast of the same payload to the same number of clients, measured in the same run.
// Reported: latency to the first and the last recipient, p50 and p99 over the publishes.

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
// 100 publishes, so that the p99 is a percentile and not simply the slowest of a handful.
const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 100);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function connectAll(
  url: string,
  count: number,
  auth: (i: number) => Record<string, unknown>,
  onAdvisory: (i: number) => void,
) {
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = connect(url, {
      path: '/AdvisoryHub',
      transports: ['websocket'],
      reconnection: false,
      auth: auth(i),
    });
    socket.on('LoadAdvisory', (payload: { replace: boolean }) => {
      if (!payload.replace) onAdvisory(i);
    });
    sockets.push(socket);
  }
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve, reject) => {
          if (s.connected) return resolve();
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
        }),
    ),
  );
  return sockets;
}

async function measure(
  count: number,
  publish: () => Promise<void>,
  register: (cb: (i: number) => void) => void,
) {
  const first: number[] = [];
  const last: number[] = [];
  for (let round = 0; round < PUBLISHES; round++) {
    let received = 0;
    let started = 0;
    let firstAt = 0;
    const done = new Promise<void>((resolve) => {
      register(() => {
        received++;
        if (received === 1) firstAt = performance.now();
        if (received === count) resolve();
      });
    });
    started = performance.now();
    await publish();
    await done;
    first.push(firstAt - started);
    last.push(performance.now() - started);
  }
  return { first, last };
}

export async function runHubBench() {
  // --- The app: N members subscribed to one trader.
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
  const now = Date.now();
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
        email_confirmed_at: now,
        member_expiry_date: now + 86_400_000,
        security_stamp: 's',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('user_roles')
      .values({ user_id: id, role_id: roles.StandardUser!, created_at: now })
      .execute();
    await db.insertInto('subscriptions').values({ user_id: id, key_id: key, created_at: now }).execute();
    tokens.push((await signIn(listening.app, email, TEST_PASSWORD)).tokens.access_token);
  }
  let onApp: (i: number) => void = () => {};
  const appSockets = await connectAll(
    listening.base,
    CLIENTS,
    (i) => ({ token: tokens[i] }),
    (i) => onApp(i),
  );
  await new Promise((r) => setTimeout(r, 1000));
  const appResult = await measure(
    CLIENTS,
    async () => {
      const res = await fetch(`${listening.base}/api/Advisory/AddOrUpdateAdvisory`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'BTC',
          advisoryDesc: 'd',
          content: '<p>long above 60k, stop 58k</p>',
          apiKeyArray: [key],
        }),
      });
      if (!res.ok) throw new Error(await res.text());
    },
    (cb) => {
      onApp = cb;
    },
  );
  for (const s of appSockets) s.disconnect();
  await listening.close();
  await testDb.dispose();

  // --- The baseline: a bare socket.io server broadcasting the same payload.
  const port = await freePort();
  const http = createServer();
  const bare = new Server(http, { path: '/AdvisoryHub' });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  let onBare: (i: number) => void = () => {};
  const bareSockets = await connectAll(
    `http://127.0.0.1:${port}`,
    CLIENTS,
    () => ({}),
    (i) => onBare(i),
  );
  const payload = {
    advisoryDtos: [
      {
        id: 1,
        title: 'BTC',
        content: '<p>long above 60k, stop 58k</p>',
        apiKeyArray: [1],
        traders: [{ id: 1, keyName: 'Bench' }],
        createdTimestamp: new Date().toISOString(),
      },
    ],
    replace: false,
    eventId: 1,
  };
  const bareResult = await measure(
    CLIENTS,
    async () => {
      bare.emit('LoadAdvisory', payload);
    },
    (cb) => {
      onBare = cb;
    },
  );
  for (const s of bareSockets) s.disconnect();
  await new Promise<void>((resolve) => bare.close(() => resolve()));

  const line = (name: string, app: number[], base: number[]) =>
    console.log(
      `hub ${name} recipient: app p50 ${percentile(app, 50).toFixed(1)} ms, p99 ${percentile(app, 99).toFixed(1)} ms; bare broadcast p50 ${percentile(base, 50).toFixed(1)} ms, p99 ${percentile(base, 99).toFixed(1)} ms; p99 ratio ${(percentile(app, 99) / percentile(base, 99)).toFixed(2)} (target <= 1.2)`,
    );
  console.log(`hub: ${CLIENTS} clients, ${PUBLISHES} publishes`);
  line('first', appResult.first, bareResult.first);
  line('last', appResult.last, bareResult.last);
}

if (import.meta.main) {
  await runHubBench();
  process.exit(0);
}
