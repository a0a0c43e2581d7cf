import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordHubEvent } from '../services/hub-events.ts';
import type { BinanceFake } from '../test/binance-fake.ts';
import { startBinanceFake } from '../test/binance-fake-kit.ts';
import { createTestDatabase, type TestDatabase, tempDir } from '../test/databases.ts';
import { createUser } from '../test/factories.ts';
import { signInOverHttp } from '../test/http-sign-in.ts';
import { connected, events, eventually, type HubClient, hubClient } from '../test/hub-client.ts';
import { freePort } from '../test/listening-app.ts';
import { SERVER_START_MS, untilServing } from '../test/server-process.ts';
import { TEST_CAPTCHA } from '../test/sign-in.ts';
import { firstAdminAuthenticator, TEST_APP_SECRET } from '../test/two-factor.ts';

// Two real server processes on one PostgreSQL database, sharing fan-out through Redis: a member
// connected to process B receives what an admin published through process A.
//
// Nothing here waits for a length of time. To show that something did not reach a client on B, the test
// publishes a system message through A after it (markThrough) and waits until the client has it: A's
// broadcasts go into one Redis stream in the order A makes them, B reads that stream in order and writes
// each entry to its connections before it reads the next, and a connection delivers in order. So a client
// on B that has the marker has had everything A broadcast to it before the marker.

const MAIN = path.resolve(import.meta.dirname, '..', 'main.ts');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Both processes started, one after the other. */
const BOTH_STARTED_MS = 2 * SERVER_START_MS + 30_000;

async function redisAnswers(): Promise<boolean> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port || 6379), url.hostname);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const enabled = Boolean(process.env.TEST_DATABASE_URL) && (await redisAnswers());

/** Waits until `done()` holds (a generous deadline for a busy machine); the assertion after it says what is missing. */
const until = (done: () => boolean, timeoutMs = 30_000) =>
  eventually(() => (done() ? true : undefined), timeoutMs).catch(() => undefined);

/**
 * Waits until a client of the hub is welcomed: it has been sent its state, whose last part is the system
 * messages, and the hub puts a connection in its rooms in the same turn as it sends it that (see goLive in
 * connections.ts), so from then on what is broadcast to its rooms reaches it live.
 */
async function welcomed(client: HubClient): Promise<HubClient> {
  await connected(client.socket);
  await eventually(() => events(client.received, 'LoadSystemMessage')[0], 30_000);
  return client;
}

/** The titles of the strategies a client has been sent so far, in feeds and live. */
const titlesOf = (client: HubClient) =>
  new Set(
    events(client.received, 'LoadAdvisory').flatMap((p) =>
      (p.advisoryDtos as Array<{ title: string }>).map((dto) => dto.title),
    ),
  );

/** Whether a client has been sent the system message `id` live (every signed-in connection is). */
const hasMessage = (client: HubClient, id: number) =>
  events(client.received, 'ChangeSystemMessage').some((p) =>
    (p.messagesToUpsert as Array<{ id: number }>).some((m) => m.id === id),
  );

let markers = 0;

/** Publishes a system message through the process at `base` as the administrator; returns its id. */
async function markThrough(base: string, admin: { auth: Record<string, string> }): Promise<number> {
  const res = await fetch(`${base}/api/SystemMessage/AddOrUpdateSystemMessage`, {
    method: 'POST',
    headers: { ...admin.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ title: `marker ${++markers}`, content: 'm' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

describe.runIf(enabled)('two processes sharing PostgreSQL and Redis', () => {
  let testDb: TestDatabase;
  let fake: BinanceFake;
  const processes: ChildProcess[] = [];
  const bases: string[] = [];
  // The factories' administrators carry authenticator secrets sealed with it.
  const appSecret = TEST_APP_SECRET;

  async function startProcess(port: number, env: Record<string, string> = {}) {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${testDb.schema}`);
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: tempDir(),
        DATABASE_URL: url.toString(),
        REDIS_URL,
        APP_SECRET: appSecret,
        CAPTCHA_TEST_CODE: TEST_CAPTCHA,
        AUTH_RATE_LIMIT: '10000',
        ADMIN_EMAIL: 'cluster-admin@example.com',
        ADMIN_PASSWORD: 'Cluster-pass1',
        ...firstAdminAuthenticator('cluster-admin@example.com'),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    processes.push(child);
    await untilServing(child, async () =>
      fetch(`${base}/api/Management/Health`).then(
        (res) => res.ok,
        () => false,
      ),
    );
    return base;
  }

  // One process after the other (each runs the migrations and creates the first administrator). A follows
  // the traders' keys at the fake exchange; B does not, and its exchange address answers nothing.
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    fake = await startBinanceFake();
    bases.push(
      await startProcess(await freePort(), { TRADER_SYNC: 'true', EXCHANGE_TEST_BASE_URL: fake.baseUrl }),
    );
    const closed = `http://127.0.0.1:${await freePort()}`;
    bases.push(
      await startProcess(await freePort(), { TRADER_SYNC: 'false', EXCHANGE_TEST_BASE_URL: closed }),
    );
  }, BOTH_STARTED_MS);

  afterAll(async () => {
    for (const p of processes) p.kill('SIGTERM');
    await Promise.all(
      processes.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once('exit', r)))),
    );
    await testDb.dispose();
    await fake?.stop();
  });

  const shared: {
    admin?: { auth: Record<string, string> };
    member?: { token: string; auth: Record<string, string>; userId: string };
    keyId?: number;
  } = {};

  it('fans out a strategy published on A to a member connected to B', { timeout: 120_000 }, async () => {
    const [a, b] = bases as [string, string];
    // Both processes use the same public URL rules; each issues tokens for its own origin.
    const admin = await signInOverHttp(a, 'cluster-admin@example.com', 'Cluster-pass1');
    const call = (base: string, url: string, auth: Record<string, string>, body?: unknown) =>
      fetch(`${base}${url}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const roles = (await (await call(a, '/api/TraderKey/GetRoles', admin.auth)).json()) as Array<{
      roleId: number;
      roleName: string;
    }>;
    const standard = roles.find((r) => r.roleName === 'StandardUser')!.roleId;
    const key = (await (
      await call(a, '/api/TraderKey/AddApiKey', admin.auth, {
        keyName: 'Cluster',
        keyValue: 'k-1234',
        secretValue: 's-5678',
        coEfficient: 1,
        leverageCoefficient: 1,
      })
    ).json()) as { id: number };
    await call(a, '/api/TraderKey/UpdateApiKeySubConfig', admin.auth, {
      id: key.id,
      permissionMap: [standard],
    });

    const user = await createUser(testDb.database.db, { roles: ['StandardUser'], memberDays: 30 });
    const member = await signInOverHttp(b, user.email, user.password);
    expect(
      (
        await call(b, '/api/Subscription/AddOrUpdateSubscriptions', member.auth, {
          keyId: key.id,
          subscribed: true,
        })
      ).status,
    ).toBe(200);

    const client = hubClient(b, member.token);
    const { socket } = client;
    const received: Array<{ title: string }> = [];
    // Whether the member was subscribed when each live strategy arrived (the last choice announced).
    let subscribedNow = true;
    const receivedWhileUnsubscribed: string[] = [];
    socket.on('LoadAdvisory', (payload) => {
      if (payload.replace) return;
      received.push(...payload.advisoryDtos);
      if (!subscribedNow) receivedWhileUnsubscribed.push(...payload.advisoryDtos.map((d) => d.title));
    });
    // Welcomed before the strategy is published, so that it comes live, not in the feed sent on connecting.
    await welcomed(client);

    const published = await call(a, '/api/Advisory/AddOrUpdateAdvisory', admin.auth, {
      title: 'from A',
      advisoryDesc: 'd',
      content: '<p>x</p>',
      apiKeyArray: [key.id],
    });
    expect(published.status).toBe(200);
    await until(() => received.length > 0);
    expect(received.map((r) => r.title)).toEqual(['from A']);

    // Unsubscribing through A takes the connection on B out of the trader's room before the next strategy.
    const onA = await signInOverHttp(a, user.email, user.password);
    const choices: boolean[] = [];
    socket.on('AdvisorySubChanged', (payload) => {
      choices.push(payload.subscribed);
      subscribedNow = payload.subscribed;
    });
    // Once subscribed again, a strategy comes live or, published while the feed was being sent anew, in it.
    const seen = new Set<string>();
    socket.on('LoadAdvisory', (payload) => {
      for (const dto of payload.advisoryDtos) seen.add(dto.title);
    });
    const subscribe = (base: string, auth: Record<string, string>, subscribed: boolean) =>
      call(base, '/api/Subscription/AddOrUpdateSubscriptions', auth, { keyId: key.id, subscribed });
    expect((await subscribe(a, onA.auth, false)).status).toBe(200);
    const publish = (title: string) =>
      call(a, '/api/Advisory/AddOrUpdateAdvisory', admin.auth, {
        title,
        advisoryDesc: 'd',
        content: '<p>x</p>',
        apiKeyArray: [key.id],
      });
    expect((await publish('after unsubscribing')).status).toBe(200);
    expect((await subscribe(b, member.auth, true)).status).toBe(200);
    await until(() => choices.includes(true));
    expect((await publish('subscribed again')).status).toBe(200);
    await until(() => seen.has('subscribed again'));
    // 'after unsubscribing' was broadcast by A; a marker that A broadcasts now follows it through the same
    // Redis stream to B and on the same connection to the member, who is in the signed-in room throughout:
    // once the member has the marker, a live 'after unsubscribing' would have come before it. What must not
    // happen is that it reaches the member while unsubscribed. Once they have subscribed again it is part of
    // their feed, and a catch-up on B (which sends an event that has not come live within the hub's
    // CLUSTER_ARRIVAL_MS to the socket if its person is entitled at that moment) may rightly send it then.
    const marker = await markThrough(a, admin);
    await until(() => hasMessage(client, marker));
    expect(hasMessage(client, marker)).toBe(true);
    socket.disconnect();
    expect(seen.has('subscribed again')).toBe(true);
    expect(receivedWhileUnsubscribed).toEqual([]);
    Object.assign(shared, { admin, member: { ...member, userId: user.id }, keyId: key.id });
  });

  it('loses nothing when Redis restarts while strategies are being published', {
    timeout: 180_000,
  }, async () => {
    const [a, b] = bases as [string, string];
    const { admin, member, keyId } = shared as Required<typeof shared>;
    // Welcomed (live) before anything is published.
    const client = await welcomed(hubClient(b, member.token, { reconnection: true }));
    const { socket } = client;
    const url = new URL(REDIS_URL);
    const redisCli = (...args: string[]) =>
      spawnSync('redis-cli', ['-h', url.hostname, '-p', url.port || '6379', ...args], { encoding: 'utf8' });
    const titles: string[] = [];
    for (let n = 0; n < 10; n++) {
      if (n === 4) {
        // The strategies published so far have reached the member before Redis goes: what is at stake is
        // what is published while the processes' connections to Redis are down and coming back.
        await until(() => titles.every((t) => titlesOf(client).has(t)));
        // Restart Redis (it keeps nothing on disk here), as an operator or a crash would: once the old
        // server has let go of its port, a new one.
        redisCli('shutdown', 'nosave');
        await eventually(async () => ((await redisAnswers()) ? undefined : true), 30_000);
        spawnSync('redis-server', [
          '--daemonize',
          'yes',
          '--bind',
          '127.0.0.1',
          '-::1',
          '--port',
          url.port || '6379',
          '--save',
          '',
          '--appendonly',
          'no',
          '--dir',
          '/var/lib/redis',
          '--logfile',
          '/var/log/redis/ci.log',
        ]);
        await eventually(() => (redisCli('ping').stdout.trim() === 'PONG' ? true : undefined), 60_000);
      }
      const title = `during restart ${n}`;
      const res = await fetch(`${a}/api/Advisory/AddOrUpdateAdvisory`, {
        method: 'POST',
        headers: { ...admin.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ title, advisoryDesc: 'd', content: '<p>x</p>', apiKeyArray: [keyId] }),
      });
      expect(res.status).toBe(200);
      titles.push(title);
    }
    await until(() => titles.every((t) => titlesOf(client).has(t)), 60_000);
    socket.disconnect();
    expect(titles.filter((t) => !titlesOf(client).has(t))).toEqual([]);
  });

  it('leaves out of a strategy from A a member on B whose access changed a moment ago, before any re-check', {
    timeout: 120_000,
  }, async () => {
    const [a, b] = bases as [string, string];
    const { admin, member, keyId } = shared as Required<typeof shared>;
    const db = testDb.database.db;
    const control = await createUser(db, { roles: ['StandardUser'], memberDays: 30 });
    const controlAuth = await signInOverHttp(b, control.email, control.password);
    const subscribed = await fetch(`${b}/api/Subscription/AddOrUpdateSubscriptions`, {
      method: 'POST',
      headers: { ...controlAuth.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ keyId, subscribed: true }),
    });
    expect(subscribed.status).toBe(200);
    // Both welcomed (live in their rooms) before anything is published.
    const listen = async (token: string) => {
      const client = hubClient(b, token, { reconnection: true });
      // The hub drops a connection whose person is no longer a member once it re-checks them.
      let dropped = false;
      client.socket.on('disconnect', (reason) => {
        if (reason === 'io server disconnect') dropped = true;
      });
      await welcomed(client);
      return {
        client,
        socket: client.socket,
        get titles() {
          return titlesOf(client);
        },
        dropped: () => dropped,
      };
    };
    const [demoted, kept] = [await listen(member.token), await listen(controlAuth.token)];
    const publish = async (title: string) => {
      const res = await fetch(`${a}/api/Advisory/AddOrUpdateAdvisory`, {
        method: 'POST',
        headers: { ...admin.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ title, advisoryDesc: 'd', content: '<p>x</p>', apiKeyArray: [keyId] }),
      });
      expect(res.status).toBe(200);
    };
    await publish('before the change');
    await until(() => demoted.titles.has('before the change') && kept.titles.has('before the change'));
    expect(demoted.titles.has('before the change')).toBe(true);
    // A third process commits the member's demotion with its event and dies before publishing it: for two
    // seconds nobody re-checks the member, whose connection on B stays in the trader's room meanwhile.
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_roles').where('user_id', '=', member.userId).execute();
      await recordHubEvent(trx, { name: 'access.changed', userIds: [member.userId] });
    });
    await publish('after the change');
    await until(() => kept.titles.has('after the change'));
    expect(kept.titles.has('after the change')).toBe(true);
    // B wrote 'after the change' to the connections in its rooms (the demoted member's too, unless left out)
    // as it read it from the stream; a marker A broadcasts now comes after it on the demoted member's
    // connection (see markThrough). Should the sweep (two seconds on) publish the access event meanwhile, B
    // drops that connection instead, which also comes after anything B wrote to it.
    const marker = await markThrough(a, admin);
    await until(() => hasMessage(demoted.client, marker) || demoted.dropped());
    expect(hasMessage(demoted.client, marker) || demoted.dropped()).toBe(true);
    expect(demoted.titles.has('after the change')).toBe(false);
    demoted.socket.disconnect();
    kept.socket.disconnect();
  });

  it('checks a trader key asked for on B in A, the process that follows it', {
    timeout: 120_000,
  }, async () => {
    const [a, b] = bases as [string, string];
    const admin = await signInOverHttp(b, 'cluster-admin@example.com', 'Cluster-pass1');
    const post = async (url: string, body: unknown) => {
      const res = await fetch(`${b}${url}`, {
        method: 'POST',
        headers: { ...admin.auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const account = fake.addAccount();
    const { id } = (await post('/api/TraderKey/AddApiKey', {
      keyName: 'Followed in A',
      keyValue: account.apiKey,
      secretValue: account.secret,
      coEfficient: 1,
      leverageCoefficient: 1,
    })) as { id: number };
    const sync = () =>
      testDb.database.db
        .selectFrom('trader_key_sync')
        .selectAll()
        .where('key_id', '=', id)
        .executeTakeFirst();
    const followed = await eventually(async () => {
      const row = await sync();
      return row?.state === 'syncing' ? row : undefined;
    }, 60_000);

    // Changed at the exchange, then checked through B: B cannot reach the exchange, so an answer that
    // reads the change was made by A (through the nudge that Redis carries, or A's next tick).
    account.restrictions.ipRestrict = true;
    const check = await post('/api/TraderKey/CheckApiKey', { apiKeyId: id });
    expect(check).toMatchObject({ state: 'ok', ipRestricted: true, canTrade: true, canWithdraw: false });
    expect(await sync()).toMatchObject({ holder: followed.holder, checks_answered: 1 });
    expect(a).not.toBe(b);
  });
});
