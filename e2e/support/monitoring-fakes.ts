import { createServer, type IncomingMessage } from 'node:http';
import { EvmRpcFake } from '../../server/test/evm-rpc-fake.ts';
import { type FakeFeed, FeedFake, rssDocument } from '../../server/test/feed-fake.ts';
import {
  EVM_RPC_PORT,
  EVM_RPC_URL,
  FEED_SITE_PORT,
  FEED_SITE_URL,
  MONITORING_CONTROL_PORT,
  MONITORING_CONTROL_URL,
} from './env.ts';

// The outside world of the monitoring sections for the browser journeys, for the whole Playwright run: a
// news site's feeds (FEED_SITE_URL) that the media monitor reads, and an EVM chain's JSON-RPC (EVM_RPC_URL)
// that the on-chain watcher follows. The journeys script both through MONITORING_CONTROL_URL
// (e2e/support/monitoring.ts is its client):
//   GET  /health                 ready
//   POST /feeds {path, feed}     serves `feed` (FakeFeed) as RSS 2.0 at FEED_SITE_URL + path from now on
//   POST /evm {action, ...}      the RPC fake's control (setHead, mine, addTransfer, failNext, reorg)
// Run: node e2e/support/monitoring-fakes.ts

const feeds = new FeedFake();
await feeds.start(FEED_SITE_PORT);
// Far enough from block 0 that the watcher's first look (head minus its confirmations) is a normal block;
// the head block 10 minutes old when the run starts, so the blocks a journey mines carry times of today.
const HEAD = 20_000;
const chain = new EvmRpcFake({
  chainId: 1,
  head: HEAD,
  genesisTime: Math.floor(Date.now() / 1000) - 600 - HEAD * 12,
});
await chain.start(EVM_RPC_PORT);

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

const control = createServer((request, response) => {
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'GET' && request.url === '/health') return send(200, { ok: true });
  if (request.method !== 'POST') return send(405, { error: 'POST' });
  bodyOf(request).then(
    (body) => {
      if (request.url === '/feeds') {
        const path = String(body.path);
        if (!path.startsWith('/')) return send(400, { error: 'path must start with /' });
        feeds.serve(path, rssDocument(body.feed as FakeFeed));
        return send(200, { url: `${FEED_SITE_URL}${path}` });
      }
      if (request.url === '/evm') return send(200, chain.control(body));
      send(404, { error: 'not found' });
    },
    (error: unknown) => send(400, { error: (error as Error).message }),
  );
});
await new Promise<void>((resolve) => control.listen(MONITORING_CONTROL_PORT, '127.0.0.1', resolve));
console.log(`feeds: ${FEED_SITE_URL}, EVM RPC: ${EVM_RPC_URL}, control: ${MONITORING_CONTROL_URL}`);

const stop = () =>
  void Promise.all([
    feeds.stop(),
    chain.stop(),
    new Promise<void>((resolve) => control.close(() => resolve())),
  ]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
