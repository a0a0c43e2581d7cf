import Fastify from 'fastify';
import { webApp } from '../server/plugins/web-app.ts';

// A built web app (WEB_ROOT) served on PORT by the portal's own web-app plugin (precompressed files,
// caching, the page fallback), and nothing else: the first-load benchmark's blank-page baseline.
const app = Fastify({ logger: false });
await app.register(webApp, { webRoot: process.env.WEB_ROOT! });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('listening\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
