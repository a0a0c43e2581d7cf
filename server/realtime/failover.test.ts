import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, tempDir } from '../test/databases.ts';
import { createUser } from '../test/factories.ts';
import { signInOverHttp } from '../test/http-sign-in.ts';
import { freePort } from '../test/listening-app.ts';
import { TEST_CAPTCHA } from '../test/sign-in.ts';

// Fault test: two server processes behind a round-robin TCP balancer, 200 connected clients, strategies
// being published; one process is killed. Every client reconnects (through the balancer, to the survivor)
// with its last event id and ends up with every strategy it was entitled to, each once.

const MAIN = path.resolve(import.meta.dirname, '..', 'main.ts');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLIENTS = 200;
const MEMBERS = 20;
const PUBLISHES = 30;

async function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const enabled =
  Boolean(process.env.TEST_DATABASE_URL) &&
  (await answers('127.0.0.1', Number(new URL(REDIS_URL).port || 6379)));

/** A load balancer in miniature: new connections go round-robin to backends that answer. */
function balancer(backends: number[]) {
  let next = 0;
  const server = net.createServer((client) => {
    const tryBackend = (attempt: number) => {
      const port = backends[next++ % backends.length]!;
      const upstream = net.connect(port, '127.0.0.1');
      upstream.once('connect', () => {
        client.pipe(upstream).pipe(client);
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
      upstream.once('error', () => {
        // A backend that is down: try the next one; give up when none answers.
        if (attempt < backends.length) tryBackend(attempt + 1);
        else client.destroy();
      });
    };
    client.on('error', () => {});
    tryBackend(1);
  });
  return server;
}

describe.runIf(enabled)('failover: a server process dies while strategies are published', () => {
  let testDb: TestDatabase;
  const processes: ChildProcess[] = [];
  let lb: net.Server;
  let base: string;
  const ports: number[] = [];
  let dispatcher: Dispatcher;

  beforeAll(async () => {
    // Every HTTP call on a connection of its own: a kept-alive connection through the balancer to the
    // process about to die could otherwise be reused just as it closes ("other side closed"), outside the
    // retries that the publishing loop has for that moment.
    dispatcher = getGlobalDispatcher();
    setGlobalDispatcher(new Agent({ pipelining: 0 }));
    testDb = await createTestDatabase('postgres');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${testDb.schema}`);
    const lbPort = await freePort();
    base = `http://127.0.0.1:${lbPort}`;
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      ports.push(port);
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
          APP_SECRET: 'failover-test-secret-0123456789abcdef012345',
          CAPTCHA_TEST_CODE: TEST_CAPTCHA,
          AUTH_RATE_LIMIT: '10000',
          ADMIN_EMAIL: 'failover-admin@example.com',
          ADMIN_PASSWORD: 'Failover-pass1',
          LOG_LEVEL: 'error',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      processes.push(child);
      for (let tries = 0; tries < 150 && !(await answers('127.0.0.1', port)); tries++)
        await new Promise((r) => setTimeout(r, 100));
    }
    lb = balancer(ports);
    await new Promise<void>((resolve) => lb.listen(lbPort, '127.0.0.1', resolve));
  }, 60_000);

  afterAll(async () => {
    for (const p of processes) if (p.exitCode === null) p.kill('SIGTERM');
    await Promise.all(
      processes.map(
        (p) =>
          new Promise((r) => (p.exitCode !== null || p.signalCode !== null ? r(null) : p.once('exit', r))),
      ),
    );
    await new Promise((r) => lb.close(r));
    await testDb.dispose();
    setGlobalDispatcher(dispatcher);
  });

  it('every client ends with every strategy it was entitled to, each shown once', {
    timeout: 120_000,
  }, async () => {
    const admin = await signInOverHttp(base, 'failover-admin@example.com', 'Failover-pass1');
    const call = async (url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { ...admin.auth, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const roles = (await call('/api/TraderKey/GetRoles')) as Array<{ roleId: number; roleName: string }>;
    const key = (await call('/api/TraderKey/AddApiKey', {
      keyName: 'Failover',
      keyValue: 'k-9999',
      secretValue: 's',
      coEfficient: 1,
      leverageCoefficient: 1,
    })) as { id: number };
    await call('/api/TraderKey/UpdateApiKeySubConfig', {
      id: key.id,
      permissionMap: [roles.find((r) => r.roleName === 'StandardUser')!.roleId],
    });

    const tokens: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const user = await createUser(testDb.database.db, { roles: ['StandardUser'], memberDays: 30 });
      const member = await signInOverHttp(base, user.email, user.password);
      await fetch(`${base}/api/Subscription/AddOrUpdateSubscriptions`, {
        method: 'POST',
        headers: { ...member.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ keyId: key.id, subscribed: true }),
      });
      tokens.push(member.token);
    }

    // 200 clients, each keeping what it has shown (by id) and its last event id, as the web app does.
    type ClientState = { socket: Socket; shown: Map<number, number>; lastEventId: number };
    const clients: ClientState[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const state = { shown: new Map<number, number>(), lastEventId: 0 } as ClientState;
      state.socket = connect(base, {
        path: '/AdvisoryHub',
        transports: ['websocket'],
        reconnectionDelay: 100,
        reconnectionDelayMax: 500,
        auth: (cb) => cb({ token: tokens[i % MEMBERS], lastEventId: state.lastEventId }),
      });
      state.socket.on(
        'LoadAdvisory',
        (payload: { advisoryDtos: Array<{ id: number }>; replace: boolean; eventId: number }) => {
          if (payload.replace) state.shown.clear();
          for (const dto of payload.advisoryDtos) state.shown.set(dto.id, (state.shown.get(dto.id) ?? 0) + 1);
        },
      );
      // As the web app does: a refused reconnection (e.g. the server was going down) is tried again.
      state.socket.on('connect_error', () => {
        // socket.active is false when socket.io will not retry by itself (the server refused the handshake).
        if (!state.socket.active) setTimeout(() => state.socket.connect(), 200);
      });
      state.socket.onAny((_event, payload: { eventId?: number }) => {
        if (payload?.eventId && payload.eventId > state.lastEventId) state.lastEventId = payload.eventId;
      });
      clients.push(state);
    }
    await Promise.all(
      clients.map(
        (c) =>
          new Promise<void>((resolve) =>
            c.socket.connected ? resolve() : c.socket.once('connect', () => resolve()),
          ),
      ),
    );

    const published: number[] = [];
    for (let n = 0; n < PUBLISHES; n++) {
      if (n === Math.floor(PUBLISHES / 3)) processes[0]!.kill('SIGKILL');
      // Publishing goes on through the balancer; a request that hit the dying process is retried.
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          const saved = (await call('/api/Advisory/AddOrUpdateAdvisory', {
            title: `signal ${n}`,
            advisoryDesc: 'd',
            content: '<p>x</p>',
            apiKeyArray: [key.id],
          })) as { id: number };
          published.push(saved.id);
          break;
        } catch (error) {
          if (attempt === 4) throw error;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      await new Promise((r) => setTimeout(r, 50));
    }

    const deadline = Date.now() + 30_000;
    const complete = () => clients.every((c) => published.every((id) => c.shown.has(id)));
    while (!complete() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    for (const c of clients) c.socket.disconnect();

    const missed = clients.filter((c) => !published.every((id) => c.shown.has(id)));
    const detail = missed
      .slice(0, 5)
      .map(
        (c) =>
          `connected=${c.socket.connected} lastEventId=${c.lastEventId} missing=${published.filter((id) => !c.shown.has(id)).join(',')}`,
      )
      .join('; ');
    expect(missed.length, `${missed.length} clients missed strategies: ${detail}`).toBe(0);
    // Each client's feed holds exactly the published strategies (keyed by id, so each is shown once).
    for (const c of clients)
      expect([...c.shown.keys()].sort((a, b) => a - b)).toEqual([...published].sort((a, b) => a - b));
  });
});
