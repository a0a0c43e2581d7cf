import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type WebSocket as RawSocket, WebSocketServer, WebSocket as WsWebSocket } from 'ws';
import { HUB_PATH } from '#shared/realtime-names.ts';
import { HubSocketClient, type HubSocketOptions } from './hub-socket.ts';

// The hub's client against a real socket.io server (and, for what a real one never does, a bare WebSocket
// server speaking its protocol), on loopback. The client gets the `ws` package's WebSocket, which has the
// browser's interface: the app's tests run in jsdom (app/testing/setup.ts needs a document), whose WebSocket
// (undici's, behind jsdom's Event globals) throws on dispatching its events there.

const cleanups: (() => unknown)[] = [];
/**
 * The addresses of the WebSockets opened (each connection attempt opens one). Tests count those to their own
 * hub: the files of a worker share its globals, and a page test's hub client may still be trying to connect
 * to the page's address while these run.
 */
let opened: string[] = [];

/** How many WebSockets were opened to the hub at `url`. */
function openedTo(url: string) {
  const address = `${url.replace(/^http/, 'ws')}/`;
  return opened.filter((opening) => opening.startsWith(address)).length;
}

beforeEach(() => {
  opened = [];
  vi.stubGlobal(
    'WebSocket',
    class extends WsWebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        opened.push(String(url));
      }
    },
  );
});

afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.unstubAllGlobals();
});

async function listen(server: ReturnType<typeof createServer>) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startHub(options: Partial<ServerOptions> = {}) {
  const http = createServer();
  const io = new Server(http, { path: HUB_PATH, ...options });
  const url = await listen(http);
  cleanups.push(() => io.close());
  /** The next connection the server accepts. */
  const connection = () => new Promise<Socket>((resolve) => io.once('connection', resolve));
  return { io, url, connection };
}

type PingTimes = { interval: number; timeout: number };

/**
 * A WebSocket server that speaks just enough Engine.IO and Socket.IO to accept the client, and no more: it
 * never pings. Its handshake announces `ping`, and `later` from its second connection on.
 */
async function startBareHub(ping: PingTimes, later: PingTimes = ping) {
  const http = createServer();
  const wss = new WebSocketServer({ server: http, path: `${HUB_PATH}/` });
  const url = await listen(http);
  cleanups.push(
    () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        http.close(resolve);
      }),
  );
  /** What each connection received, in order. */
  const received: string[][] = [];
  const connected: ((ws: RawSocket) => void)[] = [];
  wss.on('connection', (ws) => {
    const messages: string[] = [];
    received.push(messages);
    const handshake = { sid: `s${received.length}`, upgrades: [], maxPayload: 1e6 };
    const times = received.length === 1 ? ping : later;
    ws.send(`0${JSON.stringify({ ...handshake, pingInterval: times.interval, pingTimeout: times.timeout })}`);
    ws.on('message', (data) => {
      messages.push(String(data));
      if (String(data).startsWith('40')) {
        ws.send('40{"sid":"n1"}');
        connected.shift()?.(ws);
      }
    });
  });
  /** The next connection that the bare server accepted into the namespace. */
  const connection = () => new Promise<RawSocket>((resolve) => connected.push(resolve));
  return { url, received, connection };
}

function client(url: string, options: HubSocketOptions = {}) {
  const socket = new HubSocketClient({
    url,
    path: HUB_PATH,
    autoConnect: false,
    reconnectionDelay: 10,
    reconnectionDelayMax: 50,
    ...options,
  });
  cleanups.push(() => socket.disconnect());
  return socket;
}

/** The arguments of the next time `event` fires. */
function next(socket: HubSocketClient, event: string) {
  return new Promise<unknown[]>((resolve) => {
    let done = false;
    socket.on(event, (...args: unknown[]) => {
      if (done) return;
      done = true;
      resolve(args);
    });
  });
}

/** Connects `socket`: the server's side of the connection, once both sides have seen it open. */
async function connectTo<S>(hub: { connection: () => Promise<S> }, socket: HubSocketClient): Promise<S> {
  const accepted = hub.connection();
  socket.connect();
  const [server] = await Promise.all([accepted, next(socket, 'connect')]);
  return server;
}

/**
 * Whether the client would open another WebSocket by itself: the clock is moved past the longest backoff and
 * the open timeout (with fake timers installed before the client was made), and the WebSockets counted.
 */
function opensAgain(url: string) {
  const before = openedTo(url);
  vi.advanceTimersByTime(60_000);
  return openedTo(url) > before;
}

const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

describe('HubSocketClient', () => {
  it('connects over WebSocket where socket.io does, sending the auth, asked again for every connection', async () => {
    const hub = await startHub();
    let asked = 0;
    const socket = client(hub.url, {
      // As the hub's: answered later (a token renewal), a fresh object each time.
      auth: (callback) => {
        asked++;
        void Promise.resolve().then(() => callback({ token: `token-${asked}`, lastEventId: asked * 10 }));
      },
    });
    const first = hub.connection();
    socket.connect();
    const [server] = await Promise.all([first, next(socket, 'connect')]);
    expect(server.request.url).toBe(`${HUB_PATH}/?EIO=4&transport=websocket`);
    expect(server.conn.transport.name).toBe('websocket');
    expect(server.handshake.auth).toEqual({ token: 'token-1', lastEventId: 10 });
    expect(socket.connected).toBe(true);

    const second = hub.connection();
    server.conn.close();
    const [again] = await Promise.all([second, next(socket, 'connect')]);
    expect(again.handshake.auth).toEqual({ token: 'token-2', lastEventId: 20 });
    expect(asked).toBe(2);
  });

  it('hands the server’s events to their listeners with their arguments, and sends its own', async () => {
    const hub = await startHub();
    const payload = { advisoryDtos: [{ id: 1, title: 'Strategy' }], replace: true, eventId: 12 };
    hub.io.on('connection', (server) => {
      server.emit('LoadAdvisory', payload);
      server.emit('Pair', 'first', { second: [2] });
    });
    const watched = new Promise<string[]>((resolve) => {
      hub.io.on('connection', (server) => server.on('WatchMarket', (...args: string[]) => resolve(args)));
    });
    const socket = client(hub.url);
    const advisory = next(socket, 'LoadAdvisory');
    const pair = next(socket, 'Pair');
    // Not connected: dropped, not kept for later (the hub asks again on connecting).
    socket.emit('WatchMarket', 'ETHUSDT');
    socket.on('connect', () => socket.emit('WatchMarket', 'BTCUSDT'));
    socket.connect();
    expect(await advisory).toEqual([payload]);
    expect(await pair).toEqual(['first', { second: [2] }]);
    expect(await watched).toEqual(['BTCUSDT']);
  });

  it('reports a refusal by the server’s middleware as connect_error, and does not try again by itself', async () => {
    const hub = await startHub();
    let refusals = 0;
    hub.io.use((_socket, nextMiddleware) => {
      refusals++;
      nextMiddleware(Object.assign(new Error('unauthorized'), { data: { code: 401 } }));
    });
    fakeClock();
    const socket = client(hub.url, { auth: { token: 'expired' } });
    const disconnects: unknown[] = [];
    socket.on('disconnect', (reason) => disconnects.push(reason));
    socket.connect();
    expect(socket.active).toBe(true);
    const [error] = (await next(socket, 'connect_error')) as [Error & { data?: unknown }];
    expect(error.message).toBe('unauthorized');
    expect(error.data).toEqual({ code: 401 });
    expect(socket.active).toBe(false);
    expect(socket.connected).toBe(false);
    expect(opensAgain(hub.url)).toBe(false);

    // connect() asks again.
    socket.connect();
    expect(socket.active).toBe(true);
    await next(socket, 'connect_error');
    expect(refusals).toBe(2);
    expect(disconnects).toEqual([]);
  });

  it('reports the server closing the connection as io server disconnect, and does not connect again', async () => {
    const hub = await startHub();
    fakeClock();
    const socket = client(hub.url);
    const server = await connectTo(hub, socket);
    const disconnected = next(socket, 'disconnect');
    server.disconnect(true);
    expect(await disconnected).toEqual(['io server disconnect']);
    expect(socket.active).toBe(false);
    expect(socket.connected).toBe(false);
    expect(opensAgain(hub.url)).toBe(false);
  });

  it('reports a lost transport as transport close, and connects again by itself', async () => {
    const hub = await startHub();
    const socket = client(hub.url);
    const server = await connectTo(hub, socket);
    const disconnected = next(socket, 'disconnect');
    const reconnected = next(socket, 'connect');
    server.conn.close();
    expect(await disconnected).toEqual(['transport close']);
    expect(socket.active).toBe(true);
    expect(socket.connected).toBe(false);
    await reconnected;
    expect(socket.connected).toBe(true);
    expect(openedTo(hub.url)).toBe(2);
  });

  it('reports a WebSocket that could not open as connect_error, and tries again after a delay', async () => {
    let requests = 0;
    // The first upgrade is turned down (HTTP 403), as a proxy or an overloaded server might.
    const hub = await startHub({ allowRequest: (_request, callback) => callback(null, ++requests > 1) });
    const socket = client(hub.url);
    const failed = next(socket, 'connect_error');
    const connected = next(socket, 'connect');
    socket.connect();
    const [error] = (await failed) as [Error];
    expect(error).toBeInstanceOf(Error);
    expect(socket.active).toBe(true);
    await connected;
    expect(requests).toBe(2);
  });

  it('answers the server’s pings and stays connected across them', async () => {
    // Pings every 100 ms; the pongs counted below are the proof. The long timeout only keeps a busy machine,
    // where a pong can be late by more than a few hundred milliseconds, from dropping the connection.
    const hub = await startHub({ pingInterval: 100, pingTimeout: 20_000 });
    const socket = client(hub.url);
    const disconnects: unknown[] = [];
    socket.on('disconnect', (reason) => disconnects.push(reason));
    const pongs = new Promise<void>((resolve) => {
      hub.io.on('connection', (server) => {
        let count = 0;
        server.conn.on('packet', (packet: { type: string }) => {
          if (packet.type === 'pong' && ++count === 4) resolve();
        });
      });
    });
    socket.connect();
    await pongs;
    expect(socket.connected).toBe(true);
    expect(disconnects).toEqual([]);
    expect(openedTo(hub.url)).toBe(1);
  });

  it('counts a server that stops pinging as gone (ping timeout) and connects again', async () => {
    // This one never pings: the first connection is given up after 200 ms. The second is told of a minute, so
    // that it is not given up as well before the test has seen it (on a busy machine its handshake alone has
    // taken longer than 200 ms, and the client connected a third time).
    const hub = await startBareHub({ interval: 100, timeout: 100 }, { interval: 60_000, timeout: 60_000 });
    const socket = client(hub.url, { auth: { token: 'token-1' } });
    const first = hub.connection();
    socket.connect();
    await Promise.all([first, next(socket, 'connect')]);
    const disconnected = next(socket, 'disconnect');
    const second = hub.connection();
    const reconnected = next(socket, 'connect');
    expect(await disconnected).toEqual(['ping timeout']);
    await Promise.all([second, reconnected]);
    expect(hub.received).toEqual([['40{"token":"token-1"}'], ['40{"token":"token-1"}']]);
  });

  it('ignores malformed frames, binary ones and other namespaces’ packets', async () => {
    const hub = await startBareHub({ interval: 60_000, timeout: 60_000 });
    const socket = client(hub.url);
    const received: unknown[][] = [];
    const last = new Promise<void>((resolve) => {
      socket.on('Note', (...args: unknown[]) => {
        received.push(args);
        if (args[0] === 'last') resolve();
      });
    });
    let connects = 0;
    socket.on('connect', () => connects++);
    const server = await connectTo(hub, socket);
    // Binary frames carry attachments, never whole packets: this one would be an event if read as text.
    server.send(Buffer.from('42["Note","binary"]'));
    for (const frame of [
      '',
      '9',
      '4',
      '42',
      '42not json',
      '42{"a":1}',
      '42[1,2]',
      '42/admin,["Note","admin"]',
      '41/admin,',
      '44/admin,{"message":"no"}',
      '0{"sid":"x"}',
      '40{"sid":"again"}',
      '42["Note","last"]',
    ]) {
      server.send(frame);
    }
    await last;
    expect(received).toEqual([['last']]);
    expect(socket.connected).toBe(true);
    expect(connects).toBe(1);
  });

  it('disconnect() tells the server, reports io client disconnect and stays disconnected', async () => {
    const hub = await startHub();
    fakeClock();
    const socket = client(hub.url);
    const server = await connectTo(hub, socket);
    const left = new Promise<string>((resolve) => server.on('disconnect', resolve));
    const disconnected = next(socket, 'disconnect');
    socket.disconnect();
    expect(await disconnected).toEqual(['io client disconnect']);
    expect(socket.active).toBe(false);
    // The server read the DISCONNECT packet, not only the WebSocket closing.
    expect(await left).toBe('client namespace disconnect');
    expect(opensAgain(hub.url)).toBe(false);
  });
});
