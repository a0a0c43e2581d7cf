import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { FakeAccount } from './binance-fake-account.ts';
import { exchangeSymbol } from './binance-fake-market.ts';
import {
  type Api,
  fakeRoutes,
  mandatory,
  Refusal,
  type Route,
  type RouteHost,
} from './binance-fake-routes.ts';

// A Binance USDⓈ-M futures exchange on the loopback, for tests and journeys (EXCHANGE_TEST_BASE_URL): one
// origin answers the futures REST paths (/fapi), the spot host's key restrictions (/sapi) and the user-data
// WebSocket (/ws/<listenKey>), with Binance's JSON, headers and error codes:
// - keys (X-MBX-APIKEY): missing or badly formed -2014, unknown, refused address or no futures permission -2015;
// - signed calls: HMAC-SHA256 of the query string with the key's secret (-1022), timestamp and recvWindow
//   checked against the server's clock (-1021), which a test can move (`clockOffsetMs`);
// - weight per address and window, reported in X-MBX-USED-WEIGHT-1M (X-SAPI-USED-IP-WEIGHT-1M for /sapi):
//   past the limit 429 (-1003) with Retry-After, and a call before Retry-After has passed bans for `banMs`
//   (418), as Binance does to clients that ignore 429s;
// - scripted state per account (binance-fake-account.ts) and scripted faults (`fail`): an error code, a bare
//   HTTP status, a body that is not JSON, an answer that never comes, a dropped connection;
// - listen keys (POST, PUT, DELETE /fapi/v1/listenKey; -1125 for an unknown one) and streams that receive the
//   account's live changes, `listenKeyExpired` when a key expires, and can be dropped (`dropStreams`).

export type FakeFault =
  | { kind: 'error'; status?: number; code: number; msg: string }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'malformed'; body?: string }
  | { kind: 'hang' }
  | { kind: 'reset' };

export interface FakeRequest {
  method: string;
  path: string;
  /** When it arrived, on the fake's clock. */
  at: number;
  status: number;
  code: number | null;
  weight: number;
  /** The signature sent, so a test can check that it never reaches a log. */
  signature: string | null;
}

export interface BinanceFakeOptions {
  /** Request weight an address may use per window on /fapi (Binance: 2400 a minute). */
  weightLimit?: number;
  /** The same on /sapi (Binance: 12000 a minute). */
  spotWeightLimit?: number;
  windowMs?: number;
  /** How long an address that ignored a 429 is banned (418). */
  banMs?: number;
  listenKeyTtlMs?: number;
  /** Period of the server's WebSocket pings (Binance: 3 minutes). */
  pingMs?: number;
}

export class BinanceFake implements RouteHost {
  /** Milliseconds the exchange's clock is ahead of this machine's. */
  clockOffsetMs = 0;
  readonly requests: FakeRequest[] = [];
  readonly symbols = [exchangeSymbol('BTCUSDT', 'BTC'), exchangeSymbol('ETHUSDT', 'ETH')];
  readonly prices = new Map<string, number>();
  private readonly options: Required<BinanceFakeOptions>;
  private readonly server: Server;
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly accounts = new Map<string, FakeAccount>();
  private readonly listenKeys = new Map<string, { apiKey: string; expiresAt: number }>();
  private readonly streams = new Map<string, Set<WebSocket>>();
  private readonly used: Record<Api, Map<number, number>> = { fapi: new Map(), sapi: new Map() };
  private readonly limitedUntil: Record<Api, number> = { fapi: 0, sapi: 0 };
  private bannedUntil = 0;
  private faults: {
    fault: FakeFault;
    path: string | undefined;
    apiKey: string | undefined;
    times: number;
  }[] = [];
  private timers: NodeJS.Timeout[] = [];

  constructor(options: BinanceFakeOptions = {}) {
    this.options = {
      weightLimit: 2400,
      spotWeightLimit: 12_000,
      windowMs: 60_000,
      banMs: 120_000,
      listenKeyTtlMs: 3_600_000,
      pingMs: 180_000,
      ...options,
    };
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.on('upgrade', (req, socket, head) => {
      const listenKey =
        /^\/ws\/([A-Za-z0-9]+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname)?.[1] ?? '';
      const entry = this.listenKeys.get(listenKey);
      if (!entry || entry.expiresAt <= this.now()) {
        socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        const set = this.streams.get(listenKey) ?? new Set();
        this.streams.set(listenKey, set.add(ws));
        ws.on('close', () => set.delete(ws));
      });
    });
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  get weightLimit(): number {
    return this.options.weightLimit;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.timers = [
      setInterval(() => this.expireListenKeys(), Math.min(1000, this.options.listenKeyTtlMs)),
      setInterval(() => {
        for (const set of this.streams.values()) for (const ws of set) ws.ping();
      }, this.options.pingMs),
    ];
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.dropStreams();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** http://127.0.0.1:<port>: REST base of both hosts; the stream host is the same with ws://. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new account with a random 64-character key and secret (or the ones given). */
  addAccount(credentials: { apiKey?: string; secret?: string } = {}): FakeAccount {
    const apiKey = credentials.apiKey ?? randomBytes(32).toString('hex');
    const account = new FakeAccount(
      apiKey,
      credentials.secret ?? randomBytes(32).toString('hex'),
      () => this.now(),
      (event) => this.push(apiKey, event),
    );
    this.accounts.set(apiKey, account);
    return account;
  }

  /** Sets a symbol's last price (its ticker, and the close of its candles still open); undefined: made up again. */
  setPrice(symbol: string, price: number | undefined): void {
    if (price === undefined) this.prices.delete(symbol);
    else this.prices.set(symbol, price);
  }

  /** The next `times` calls (to `path`, or to any path; with `apiKey`, of that key only) meet `fault`. */
  fail(fault: FakeFault, match: { path?: string; apiKey?: string; times?: number } = {}): void {
    this.faults.push({ fault, path: match.path, apiKey: match.apiKey, times: match.times ?? 1 });
  }

  /** Weight counted in the current window (/fapi, or /sapi). */
  usedWeight(api: Api = 'fapi'): number {
    return this.used[api].get(Math.floor(this.now() / this.options.windowMs)) ?? 0;
  }

  /** Open user-data connections (of one account, or all). */
  streamCount(apiKey?: string): number {
    let count = 0;
    for (const [listenKey, set] of this.streams) {
      if (!apiKey || this.listenKeys.get(listenKey)?.apiKey === apiKey) count += set.size;
    }
    return count;
  }

  /** The account's current listen key, if it has one. */
  listenKeyOf(apiKey: string): string | undefined {
    return [...this.listenKeys].find(([, entry]) => entry.apiKey === apiKey)?.[0];
  }

  /** Cuts user-data connections (of one account, or all) without a closing handshake. */
  dropStreams(apiKey?: string): void {
    for (const [listenKey, set] of this.streams) {
      if (apiKey && this.listenKeys.get(listenKey)?.apiKey !== apiKey) continue;
      for (const ws of set) ws.terminate();
    }
  }

  /** The account's connections stay open but go silent: they stop reading, so pings are never answered. */
  muteStreams(apiKey: string): void {
    for (const [listenKey, set] of this.streams) {
      if (this.listenKeys.get(listenKey)?.apiKey === apiKey) for (const ws of set) ws.pause();
    }
  }

  /** The account's listen key expires now: its streams get `listenKeyExpired` and nothing more. */
  expireListenKey(apiKey: string): void {
    for (const entry of this.listenKeys.values()) if (entry.apiKey === apiKey) entry.expiresAt = 0;
    this.expireListenKeys();
  }

  private expireListenKeys(): void {
    for (const [listenKey, entry] of this.listenKeys) {
      if (entry.expiresAt > this.now()) continue;
      const message = JSON.stringify({ e: 'listenKeyExpired', E: String(this.now()), listenKey });
      for (const ws of this.streams.get(listenKey) ?? []) ws.send(message);
      this.listenKeys.delete(listenKey);
      this.streams.delete(listenKey);
    }
  }

  private push(apiKey: string, event: object): void {
    const message = JSON.stringify(event);
    for (const [listenKey, entry] of this.listenKeys) {
      if (entry.apiKey !== apiKey) continue;
      for (const ws of this.streams.get(listenKey) ?? []) ws.send(message);
    }
  }

  /** POST, PUT or DELETE /fapi/v1/listenKey. */
  listenKey(account: FakeAccount | undefined, method: string): unknown {
    const current = [...this.listenKeys].find(([, entry]) => entry.apiKey === account!.apiKey)?.[0];
    if (method === 'DELETE') {
      if (current) {
        for (const ws of this.streams.get(current) ?? []) ws.close();
        this.listenKeys.delete(current);
      }
      return {};
    }
    if (method === 'PUT' && !current) throw new Refusal(400, -1125, 'This listenKey does not exist.');
    const listenKey = current ?? randomBytes(48).toString('base64url').replace(/[-_]/g, 'x');
    this.listenKeys.set(listenKey, {
      apiKey: account!.apiKey,
      expiresAt: this.now() + this.options.listenKeyTtlMs,
    });
    return { listenKey };
  }

  private readonly routes = fakeRoutes(this);

  private handle(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const route = this.routes[`${method} ${url.pathname}`];
    const weight = route?.weight(url.searchParams) ?? 1;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const fault = this.takeFault(url.pathname, req.headers['x-mbx-apikey']);
    if (fault?.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    const answer = fault?.kind === 'hang' ? undefined : this.answer(req, url, route, weight, headers, fault);
    this.requests.push({
      method,
      path: url.pathname,
      at: this.now(),
      status: answer?.status ?? 0,
      code: answer?.code ?? null,
      weight,
      signature: url.searchParams.get('signature'),
    });
    if (!answer) return;
    res.writeHead(answer.status, headers);
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  }

  private answer(
    req: IncomingMessage,
    url: URL,
    route: Route | undefined,
    weight: number,
    headers: Record<string, string>,
    fault: FakeFault | undefined,
  ): { status: number; body: unknown; code?: number } {
    if (fault?.kind === 'status')
      return { status: fault.status, body: fault.body ?? '<html>Bad gateway</html>' };
    const api: Api = url.pathname.startsWith('/sapi/') ? 'sapi' : 'fapi';
    const now = this.now();
    const retryAfter = (until: number) => String(Math.max(1, Math.ceil((until - now) / 1000)));
    if (now < this.bannedUntil || now < this.limitedUntil[api]) {
      // Calling again before Retry-After has passed is what gets an address banned.
      this.bannedUntil = Math.max(this.bannedUntil, now + this.options.banMs, this.limitedUntil[api]);
      headers['retry-after'] = retryAfter(this.bannedUntil);
      const msg = `Way too many requests; IP(127.0.0.1) banned until ${this.bannedUntil}.`;
      return { status: 418, body: { code: -1003, msg }, code: -1003 };
    }
    const window = Math.floor(now / this.options.windowMs);
    const used = (this.used[api].get(window) ?? 0) + weight;
    this.used[api].set(window, used);
    headers[api === 'fapi' ? 'x-mbx-used-weight-1m' : 'x-sapi-used-ip-weight-1m'] = String(used);
    const limit = api === 'fapi' ? this.options.weightLimit : this.options.spotWeightLimit;
    if (used > limit) {
      this.limitedUntil[api] = (window + 1) * this.options.windowMs;
      headers['retry-after'] = retryAfter(this.limitedUntil[api]);
      const msg = `Too many requests; current limit of IP(127.0.0.1) request weight is ${limit} per minute.`;
      return { status: 429, body: { code: -1003, msg }, code: -1003 };
    }
    if (fault?.kind === 'error') {
      return { status: fault.status ?? 400, body: { code: fault.code, msg: fault.msg }, code: fault.code };
    }
    if (fault?.kind === 'malformed')
      return { status: 200, body: fault.body ?? '{"symbol": "BTCUSDT", "positionAmt": ' };
    if (!route) {
      const msg = `Path ${url.pathname}, Method ${req.method} is invalid`;
      return { status: 404, body: { code: -5000, msg }, code: -5000 };
    }
    try {
      const account = route.auth === 'none' ? undefined : this.authenticate(req, url, route);
      return { status: 200, body: route.handle(url.searchParams, account, req.method ?? 'GET') };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return { status: error.status, body: { code: error.code, msg: error.message }, code: error.code };
    }
  }

  private authenticate(req: IncomingMessage, url: URL, route: Route): FakeAccount {
    const apiKey = req.headers['x-mbx-apikey'];
    if (typeof apiKey !== 'string' || !/^[A-Za-z0-9]{64}$/.test(apiKey)) {
      throw new Refusal(401, -2014, 'API-key format invalid.');
    }
    const account = this.accounts.get(apiKey);
    if (!account?.ipAllowed || (route.api === 'fapi' && !account.restrictions.enableFutures)) {
      throw new Refusal(401, -2015, 'Invalid API-key, IP, or permissions for action, request ip: 127.0.0.1');
    }
    if (route.auth !== 'signed') return account;
    const query = url.searchParams;
    const timestamp = Number(query.get('timestamp'));
    if (!query.get('timestamp') || !Number.isInteger(timestamp)) throw mandatory('timestamp');
    // The signature signs everything before it, exactly as sent, and comes last.
    const raw = url.search.slice(1);
    const at = raw.lastIndexOf('&signature=');
    const signature = query.get('signature');
    if (at < 0 || !signature || raw.indexOf('signature=', at + 1) !== at + 1) throw mandatory('signature');
    const expected = createHmac('sha256', account.secret).update(raw.slice(0, at)).digest();
    const given = Buffer.from(/^[0-9a-fA-F]{64}$/.test(signature) ? signature : '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new Refusal(400, -1022, 'Signature for this request is not valid.');
    }
    const recvWindow = Number(query.get('recvWindow') ?? 5000);
    if (!(recvWindow > 0 && recvWindow <= 60_000))
      throw new Refusal(400, -1131, 'recvWindow must be less than 60000');
    const serverTime = this.now();
    if (!(timestamp < serverTime + 1000 && serverTime - timestamp <= recvWindow)) {
      throw new Refusal(400, -1021, 'Timestamp for this request is outside of the recvWindow.');
    }
    return account;
  }

  private takeFault(path: string, apiKey: string | string[] | undefined): FakeFault | undefined {
    const entry = this.faults.find(
      (f) => (f.path === undefined || f.path === path) && (f.apiKey === undefined || f.apiKey === apiKey),
    );
    if (!entry) return undefined;
    if (--entry.times <= 0) this.faults = this.faults.filter((f) => f !== entry);
    return entry.fault;
  }
}
