import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, tempDir } from '../test/databases.ts';
import { createUser } from '../test/factories.ts';
import { signInOverHttp } from '../test/http-sign-in.ts';
import { eventually } from '../test/hub-client.ts';
import { freePort } from '../test/listening-app.ts';
import {
  ended,
  keepOutput,
  SERVER_START_MS,
  ServerEndedError,
  untilServing,
} from '../test/server-process.ts';
import { TEST_CAPTCHA } from '../test/sign-in.ts';
import { firstAdminAuthenticator, TEST_APP_SECRET } from '../test/two-factor.ts';

// Fault test: two server processes behind a round-robin TCP balancer, 200 connected clients, strategies
// being published; one process is killed. Every client reconnects (through the balancer, to the survivor)
// with its last event id and ends up with every strategy it was entitled to, each once.

const MAIN = path.resolve(import.meta.dirname, '..', 'main.ts');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLIENTS = 200;
const MEMBERS = 20;
const PUBLISHES = 30;
/** The strategy before which process 0 is killed. */
const KILL_AT = Math.floor(PUBLISHES / 3);
/** Both processes started, one after the other. */
const BOTH_STARTED_MS = 2 * SERVER_START_MS + 30_000;

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
      // A free port may be taken by another test before the process binds it: then it starts on another.
      for (let attempt = 1; ; attempt++) {
        const port = await freePort();
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
            APP_SECRET: TEST_APP_SECRET,
            CAPTCHA_TEST_CODE: TEST_CAPTCHA,
            AUTH_RATE_LIMIT: '10000',
            ADMIN_EMAIL: 'failover-admin@example.com',
            ADMIN_PASSWORD: 'Failover-pass1',
            ...firstAdminAuthenticator('failover-admin@example.com'),
            LOG_LEVEL: 'error',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        keepOutput(child);
        try {
          // One after the other: each runs the migrations and creates the first administrator.
          await untilServing(child, () => answers('127.0.0.1', port));
          processes.push(child);
          ports.push(port);
          break;
        } catch (error) {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          if (!(error instanceof ServerEndedError && error.output.includes('EADDRINUSE') && attempt < 3))
            throw error;
        }
      }
    }
    lb = balancer(ports);
    await new Promise<void>((resolve) => lb.listen(lbPort, '127.0.0.1', resolve));
  }, BOTH_STARTED_MS);

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
    timeout: 300_000,
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
    type ClientState = { socket: Socket; shown: Map<number, number>; lastEventId: number; connects: number };
    const clients: ClientState[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const state = { shown: new Map<number, number>(), lastEventId: 0, connects: 0 } as ClientState;
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
      state.socket.on('connect', () => {
        state.connects++;
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
    const complete = () => clients.every((c) => published.every((id) => c.shown.has(id)));
    /** Reconnections so far: every connect of a client after its first. */
    const reconnections = () => clients.reduce((sum, c) => sum + Math.max(0, c.connects - 1), 0);
    const away = () => clients.some((c) => !c.socket.connected);
    // Spread the strategies after the kill over the reconnections, whatever the machine's speed: before
    // each, a few more of the dead process's clients (about half of them) have come back, or none is
    // away any more. So some reach a client while it is away (its replay brings them), some while it is
    // being brought up to date, some live.
    const perPublish = Math.max(1, Math.floor(CLIENTS / 2 / (PUBLISHES - KILL_AT)));
    let reconnectionsAtKill = 0;
    for (let n = 0; n < PUBLISHES; n++) {
      if (n === KILL_AT) {
        // Every client has what was published so far; then process 0 dies, and publishing goes on once
        // its clients have begun to notice.
        await eventually(() => (complete() ? true : undefined), 60_000).catch(() => undefined);
        reconnectionsAtKill = reconnections();
        const victim = processes[0]!;
        victim.kill('SIGKILL');
        await ended(victim);
        await eventually(() => (away() ? true : undefined), 30_000).catch(() => undefined);
      } else if (n > KILL_AT) {
        const wanted = reconnectionsAtKill + (n - KILL_AT) * perPublish;
        await eventually(() => (reconnections() >= wanted || !away() ? true : undefined), 30_000).catch(
          () => undefined,
        );
      }
      // Publishing goes on through the balancer, which passes a connection the dead process refuses on to
      // the other; a request that fails all the same is tried again.
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
        }
      }
    }

    // Until every client has every strategy (a generous deadline for a busy machine; the assertions below
    // say who misses what).
    await eventually(() => (complete() ? true : undefined), 60_000).catch(() => undefined);
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
