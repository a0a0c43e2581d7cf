import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { io as connect, type Socket } from 'socket.io-client';

// The hub benchmark's subscribers, in a worker thread of their own: on a real deployment members are on
// other machines, so their sockets must not share the server's thread, heap and garbage collector.
// Each group of sockets (one per server) reports, for every delivery, the absolute time (the same clock
// as the main thread's) of its first and its last recipient. The admin's HTTP calls are made by another
// instance with no sockets: an admin's browser does not share the members' machines either.

export type ClientGroup = { name: string; url: string; auths: Record<string, unknown>[] };
export type RoundMessage = { type: 'round'; group: string; firstAt: number; lastAt: number };
/** An HTTP call made from this thread, as an admin's browser would make it from elsewhere. */
export type PostRequest = { url: string; headers: Record<string, string>; body: string };
export type PostedMessage = { type: 'posted'; startedAt: number } | { type: 'failed'; error: string };

const { path, groups } = workerData as { path: string; groups: ClientGroup[] };
const port = parentPort!;
const now = () => performance.timeOrigin + performance.now();
// One kept-alive connection, as a browser keeps one to the site it is on.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function connectGroup({ name, url, auths }: ClientGroup): Socket[] {
  let received = 0;
  let firstAt = 0;
  return auths.map((auth) => {
    const socket = connect(url, { path, transports: ['websocket'], reconnection: false, auth });
    socket.on('LoadAdvisory', (payload: { replace: boolean }) => {
      if (payload.replace) return;
      received++;
      if (received === 1) firstAt = now();
      if (received === auths.length) {
        port.postMessage({ type: 'round', group: name, firstAt, lastAt: now() } satisfies RoundMessage);
        received = 0;
      }
    });
    return socket;
  });
}

const sockets = groups.flatMap(connectGroup);
await Promise.all(
  sockets.map(
    (socket) =>
      new Promise<void>((resolve, reject) => {
        if (socket.connected) return resolve();
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      }),
  ),
);
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
