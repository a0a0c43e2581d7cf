import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, createServer as createTcpServer, type Socket } from 'node:net';
import type { FakeAccount } from '../../server/test/binance-fake-account.ts';
import { startBinanceFake } from '../../server/test/binance-fake-kit.ts';
import type { RawRestrictions } from '../../server/test/binance-fake-shapes.ts';
import { EXCHANGE_CONTROL_PORT, EXCHANGE_CONTROL_URL, EXCHANGE_PORT, EXCHANGE_URL } from './env.ts';
import { ACCOUNT_CALLS, type AccountCall } from './exchange.ts';

// The fake Binance exchange for the browser journeys, for the whole Playwright run: the portal's every
// Binance host points at EXCHANGE_URL (playwright.config.ts sets EXCHANGE_TEST_BASE_URL), and the journeys
// script it through a small JSON API at EXCHANGE_CONTROL_URL (e2e/support/exchange.ts is its client):
//   GET  /health                          ready
//   POST /accounts {apiKey?, secret?}     a new account: {apiKey, secret}
//   GET  /accounts/<apiKey>               {streams}: the account's open user-data connections
//   POST /accounts/<apiKey>/call {method, args}
//                                         one of FakeAccount's scripting methods (addTrade, fill,
//                                         changePosition, ...): its answer, and what it pushes live
//   POST /accounts/<apiKey>/restrictions  Partial<RawRestrictions>, merged: the key's permissions
// The fake listens on a free port of its own; EXCHANGE_PORT forwards each connection to it unchanged
// (REST and the WebSocket upgrade alike), so the portal's configuration can name a fixed origin.
// Run: node e2e/support/exchange-fake.ts

const fake = await startBinanceFake();
const fakePort = Number(new URL(fake.baseUrl).port);

const forwarder = createTcpServer((client: Socket) => {
  const upstream = connect(fakePort, '127.0.0.1');
  client.pipe(upstream).pipe(client);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', close).on('close', close);
  upstream.on('error', close).on('close', close);
});

const accounts = new Map<string, FakeAccount>();

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : {};
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? null));
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = (request.url ?? '/').split('?')[0] ?? '/';
  const method = request.method ?? 'GET';
  if (method === 'GET' && path === '/health') return answer(response, 200, { ok: true, url: EXCHANGE_URL });
  if (method === 'POST' && path === '/prices') {
    // A symbol's last price from now on (its ticker and the candle still open); null: made up again.
    const { symbol, price } = (await bodyOf(request)) as { symbol: string; price: number | null };
    fake.setPrice(symbol, price ?? undefined);
    return answer(response, 200, { symbol, price });
  }
  if (method === 'POST' && path === '/accounts') {
    const { apiKey, secret } = (await bodyOf(request)) as { apiKey?: string; secret?: string };
    const account = fake.addAccount({ apiKey, secret });
    accounts.set(account.apiKey, account);
    return answer(response, 200, { apiKey: account.apiKey, secret: account.secret });
  }
  const match = /^\/accounts\/([A-Za-z0-9]+)(?:\/(call|restrictions))?$/.exec(path);
  const account = match ? accounts.get(match[1]!) : undefined;
  if (!match || !account) return answer(response, 404, { error: `no route or account for ${path}` });
  if (method === 'GET' && !match[2]) {
    return answer(response, 200, { streams: fake.streamCount(account.apiKey) });
  }
  if (method === 'POST' && match[2] === 'restrictions') {
    account.restrictions = {
      ...account.restrictions,
      ...((await bodyOf(request)) as Partial<RawRestrictions>),
    };
    return answer(response, 200, account.restrictions);
  }
  if (method === 'POST' && match[2] === 'call') {
    const { method: call, args } = (await bodyOf(request)) as { method: AccountCall; args: unknown[] };
    if (!ACCOUNT_CALLS.includes(call)) return answer(response, 400, { error: `unknown call ${call}` });
    const fn = account[call] as (...given: unknown[]) => unknown;
    return answer(response, 200, fn.apply(account, args));
  }
  return answer(response, 404, { error: `no route for ${method} ${path}` });
}

const control = createServer((request, response) => {
  handle(request, response).catch((error: unknown) =>
    answer(response, 500, { error: error instanceof Error ? error.message : String(error) }),
  );
});

await new Promise<void>((resolve) => forwarder.listen(EXCHANGE_PORT, '127.0.0.1', resolve));
await new Promise<void>((resolve) => control.listen(EXCHANGE_CONTROL_PORT, '127.0.0.1', resolve));
console.log(`exchange fake: ${EXCHANGE_URL} (scripting API ${EXCHANGE_CONTROL_URL})`);

const stop = () => {
  control.close();
  forwarder.close();
  void fake.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
