import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordHubEvent } from '../services/hub-events.ts';
import { createTestDatabase, type TestDatabase, tempDir } from '../test/databases.ts';
import { createUser } from '../test/factories.ts';
import { signInOverHttp } from '../test/http-sign-in.ts';
import { freePort } from '../test/listening-app.ts';
import { TEST_CAPTCHA } from '../test/sign-in.ts';

// Two real server processes on one PostgreSQL database, sharing fan-out through Redis: a member
// connected to process B receives what an admin published through process A.

const MAIN = path.resolve(import.meta.dirname, '..', 'main.ts');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

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

describe.runIf(enabled)('two processes sharing PostgreSQL and Redis', () => {
  let testDb: TestDatabase;
  const processes: ChildProcess[] = [];
  const bases: string[] = [];
  const appSecret = 'cluster-test-secret-0123456789abcdef0123456789';

  async function startProcess(port: number) {
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
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    processes.push(child);
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${base}/api/Management/Health`)).ok) return base;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    bases.push(await startProcess(await freePort()));
    bases.push(await startProcess(await freePort()));
  });

  afterAll(async () => {
    for (const p of processes) p.kill('SIGTERM');
    await Promise.all(
      processes.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once('exit', r)))),
    );
    await testDb.dispose();
  });

  const shared: {
    admin?: { auth: Record<string, string> };
    member?: { token: string; auth: Record<string, string>; userId: string };
    keyId?: number;
  } = {};

  it('fans out a strategy published on A to a member connected to B', async () => {
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

    const socket = connect(b, {
      path: '/AdvisoryHub',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: member.token },
    });
    const received: Array<{ title: string }> = [];
    socket.on('LoadAdvisory', (payload) => {
      if (!payload.replace) received.push(...payload.advisoryDtos);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await new Promise((r) => setTimeout(r, 300));

    const published = await call(a, '/api/Advisory/AddOrUpdateAdvisory', admin.auth, {
      title: 'from A',
      advisoryDesc: 'd',
      content: '<p>x</p>',
      apiKeyArray: [key.id],
    });
    expect(published.status).toBe(200);
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 5000;
      while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    };
    await until(() => received.length > 0);
    expect(received.map((r) => r.title)).toEqual(['from A']);

    // Unsubscribing through A takes the connection on B out of the trader's room before the next strategy.
    const onA = await signInOverHttp(a, user.email, user.password);
    const choices: boolean[] = [];
    socket.on('AdvisorySubChanged', (payload) => choices.push(payload.subscribed));
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
    await new Promise((r) => setTimeout(r, 300));
    socket.disconnect();
    expect(seen.has('subscribed again')).toBe(true);
    expect(received.map((r) => r.title)).not.toContain('after unsubscribing');
    Object.assign(shared, { admin, member: { ...member, userId: user.id }, keyId: key.id });
  });

  it('loses nothing when Redis restarts while strategies are being published', {
    timeout: 60_000,
  }, async () => {
    const [a, b] = bases as [string, string];
    const { admin, member, keyId } = shared as Required<typeof shared>;
    const socket = connect(b, {
      path: '/AdvisoryHub',
      transports: ['websocket'],
      auth: { token: member.token },
    });
    const received = new Set<string>();
    socket.on('LoadAdvisory', (payload) => {
      for (const dto of payload.advisoryDtos) received.add(dto.title);
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await new Promise((r) => setTimeout(r, 300));
    const url = new URL(REDIS_URL);
    const redisCli = (...args: string[]) =>
      spawnSync('redis-cli', ['-h', url.hostname, '-p', url.port || '6379', ...args], { encoding: 'utf8' });
    const titles: string[] = [];
    for (let n = 0; n < 10; n++) {
      if (n === 4) {
        // Restart Redis (it keeps nothing on disk here), as an operator or a crash would.
        redisCli('shutdown', 'nosave');
        await new Promise((r) => setTimeout(r, 300));
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
        for (let i = 0; i < 50 && redisCli('ping').stdout.trim() !== 'PONG'; i++)
          await new Promise((r) => setTimeout(r, 100));
      }
      const title = `during restart ${n}`;
      const res = await fetch(`${a}/api/Advisory/AddOrUpdateAdvisory`, {
        method: 'POST',
        headers: { ...admin.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ title, advisoryDesc: 'd', content: '<p>x</p>', apiKeyArray: [keyId] }),
      });
      expect(res.status).toBe(200);
      titles.push(title);
      await new Promise((r) => setTimeout(r, 100));
    }
    const deadline = Date.now() + 20_000;
    while (!titles.every((t) => received.has(t)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    socket.disconnect();
    expect(titles.filter((t) => !received.has(t))).toEqual([]);
  });

  it('leaves out of a strategy from A a member on B whose access changed a moment ago, before any re-check', async () => {
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
    const listen = async (token: string) => {
      const socket = connect(b, { path: '/AdvisoryHub', transports: ['websocket'], auth: { token } });
      const titles = new Set<string>();
      socket.on('LoadAdvisory', (payload) => {
        for (const dto of payload.advisoryDtos) titles.add(dto.title);
      });
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      return { socket, titles };
    };
    const [demoted, kept] = [await listen(member.token), await listen(controlAuth.token)];
    await new Promise((r) => setTimeout(r, 300));
    const publish = async (title: string) => {
      const res = await fetch(`${a}/api/Advisory/AddOrUpdateAdvisory`, {
        method: 'POST',
        headers: { ...admin.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ title, advisoryDesc: 'd', content: '<p>x</p>', apiKeyArray: [keyId] }),
      });
      expect(res.status).toBe(200);
    };
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 5000;
      while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
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
    await new Promise((r) => setTimeout(r, 300));
    expect(demoted.titles.has('after the change')).toBe(false);
    demoted.socket.disconnect();
    kept.socket.disconnect();
  });
});
