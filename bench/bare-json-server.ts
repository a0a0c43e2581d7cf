import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

// A baseline: a bare Fastify route (no plugins, no logging, no authentication) answering a fixed JSON body,
// the one the portal answered, read from BODY_FILE, at ROUTE, as bytes encoded once (as the portal sends
// the answers it keeps).
const body = readFileSync(process.env.BODY_FILE!);
const app = Fastify({ logger: false });
app.get(process.env.ROUTE!, async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(body),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('listening\n');
// Stopped by the benchmark: exit normally, so that a CPU profile (--cpu-prof) is written.
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
