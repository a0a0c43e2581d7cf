import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { HUB_PATH } from '#shared/realtime.ts';

// The baseline of the trader live benchmark: a bare socket.io server in a process of its own, as the portal
// runs in one, broadcasting to every connected socket whatever the benchmark sends it over the IPC channel.
// It answers with the moment (the machine's monotonic clock, comparable across processes) it began the
// broadcast: the clock starts on the server, as the portal's starts at the exchange, not in the benchmark.
// Run by bench/trader-live.bench.ts (PORT; started with an IPC channel).

export type BareRequest = { type: 'emit'; event: string; payload: unknown };
export type BareAnswer = { type: 'emitted'; startedAt: number };

const monotonicNow = () => Number(process.hrtime.bigint()) / 1e6;
const http = createServer((_req, res) => {
  // Answers the benchmark's readiness check.
  res.writeHead(200).end('ok');
});
const io = new Server(http, { path: HUB_PATH, serveClient: false });
await new Promise<void>((resolve) => http.listen(Number(process.env.PORT), '127.0.0.1', resolve));

process.on('message', (message: BareRequest) => {
  if (message.type !== 'emit') return;
  const startedAt = monotonicNow();
  io.emit(message.event as never, message.payload as never);
  process.send?.({ type: 'emitted', startedAt } satisfies BareAnswer);
});
// The benchmark stops it with SIGTERM, or it ends with the benchmark's process (the channel closes).
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => io.close(() => process.exit(0)));
