import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { io as connect, type Socket } from 'socket.io-client';

// The hub benchmarks' subscribers, in a worker thread of their own: on a real deployment members are on
// other machines, so their sockets must not share the server's thread, heap and garbage collector.
// Each group of sockets (one per server) reports, for every delivery, the absolute time (the same clock
// as the main thread's) of its first and its last recipient. The admin's HTTP calls are made by another
// instance with no sockets: an admin's browser does not share the members' machines either.

export type ClientGroup = {
  name: string;
  url: string;
  auths: Record<string, unknown>[];
  /** The event whose deliveries are timed (default LoadAdvisory, whose snapshots, replace: true, are not). */
  event?: string;
  /**
   * The event that ends a socket's welcome: the socket counts as connected once it has it, since by then
   * the server has put it in its rooms (live events sent earlier would not reach it).
   */
  readyOn?: string;
  /** Send each delivered payload back with its round (a baseline then broadcasts the very same). */
  keepPayload?: boolean;
};
/** `tag`: what tells deliveries apart (the event id, or a live change's `seq`). */
export type RoundMessage = {
  type: 'round';
  group: string;
  tag: unknown;
  firstAt: number;
  lastAt: number;
  payload?: unknown;
};
/** An HTTP call made from this thread, as an admin's browser would make it from elsewhere. */
export type PostRequest = { url: string; headers: Record<string, string>; body: string };
export type PostedMessage = { type: 'posted'; startedAt: number } | { type: 'failed'; error: string };

const { path, groups, monotonic } = workerData as {
  path: string;
  groups: ClientGroup[];
  /** Times on the machine's monotonic clock (comparable with other processes'), else performance's. */
  monotonic?: boolean;
};
const port = parentPort!;
const now = monotonic
  ? () => Number(process.hrtime.bigint()) / 1e6
  : () => performance.timeOrigin + performance.now();
// One kept-alive connection, as a browser keeps one to the site it is on.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

type Delivered = { replace?: boolean; eventId?: number; seq?: number };

function connectGroup(group: ClientGroup): { socket: Socket; ready: Promise<void> }[] {
  const { name, url, auths, readyOn } = group;
  // Deliveries under way, by tag: a delivery is timed once every socket of the group has it.
  const rounds = new Map<unknown, { received: number; firstAt: number }>();
  return auths.map((auth) => {
    const socket = connect(url, { path, transports: ['websocket'], reconnection: false, auth });
    socket.on(group.event ?? 'LoadAdvisory', (payload: Delivered) => {
      if (payload.replace) return;
      const tag = payload.eventId ?? payload.seq;
      let round = rounds.get(tag);
      if (!round) {
        round = { received: 0, firstAt: now() };
        rounds.set(tag, round);
      }
      round.received++;
      if (round.received === auths.length) {
        const lastAt = now();
        rounds.delete(tag);
        port.postMessage({
          type: 'round',
          group: name,
          tag,
          firstAt: round.firstAt,
          lastAt,
          ...(group.keepPayload ? { payload } : {}),
        } satisfies RoundMessage);
      }
    });
    const welcomed = readyOn
      ? new Promise<void>((resolve) => socket.once(readyOn, () => resolve()))
      : Promise.resolve();
    const connected = new Promise<void>((resolve, reject) => {
      if (socket.connected) return resolve();
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, ready: Promise.all([connected, welcomed]).then(() => {}) };
  });
}

const clients = groups.flatMap(connectGroup);
const sockets = clients.map((client) => client.socket);
await Promise.all(clients.map((client) => client.ready));
port.postMessage({ type: 'connected' });
port.on('message', (message: { type: 'close' } | { type: 'post'; request: PostRequest }) => {
  if (message.type === 'post') {
    const { url, headers, body } = message.request;
    const req = request(url, { method: 'POST', headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        if (res.statusCode !== 200) port.postMessage({ type: 'failed', error: text } satisfies PostedMessage);
      });
    });
    req.on('error', (error) =>
      port.postMessage({ type: 'failed', error: error.message } satisfies PostedMessage),
    );
    // The clock starts as the request is sent, not while the client is still building it.
    const startedAt = now();
    req.end(body);
    port.postMessage({ type: 'posted', startedAt } satisfies PostedMessage);
    return;
  }
  for (const socket of sockets) socket.disconnect();
  port.close();
});
