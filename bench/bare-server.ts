import Fastify from 'fastify';

// The baseline: a bare Fastify route answering the same JSON as Health, no plugins, no logging.
const body = {
  status: 'ok',
  version: '0.1.0',
  uptimeSeconds: 1,
  database: { dialect: 'sqlite', status: 'up', latencyMs: 0.01 },
};
const app = Fastify({ logger: false });
app.get('/api/Management/Health', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('listening\n');
// Stopped by the benchmark: exit normally, so that a CPU profile (--cpu-prof) is written.
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
