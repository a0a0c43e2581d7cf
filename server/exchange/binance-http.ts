import { createHmac } from 'node:crypto';
import type { z } from 'zod';
import { rawServerTime } from './binance-schemas.ts';
import { ExchangeError } from './exchange-errors.ts';
import type { ExchangeLogger } from './exchange-reader.ts';
import { WeightBudget } from './weight-budget.ts';

// A small Binance REST client over fetch: HMAC-SHA256 signatures, the exchange's clock, the weight budget,
// and every failure turned into an ExchangeError. The secret, the signature, the signed query string and the
// request headers are never logged nor put in an error: logs show the method, path, weight and status.

export interface BinanceUrls {
  /** USDⓈ-M futures REST (fapi). */
  futures: string;
  /** The spot host, which answers a key's restrictions (sapi). */
  spot: string;
  /** The futures WebSocket host (user-data streams at /ws/<listenKey>). */
  stream: string;
}

const BINANCE_URLS: BinanceUrls = {
  futures: 'https://fapi.binance.com',
  spot: 'https://api.binance.com',
  stream: 'wss://fstream.binance.com',
};

/** Every host at one test origin (EXCHANGE_TEST_BASE_URL: the loopback fake exchange). */
export function binanceTestUrls(baseUrl: string): BinanceUrls {
  const base = baseUrl.replace(/\/+$/, '');
  return { futures: base, spot: base, stream: base.replace(/^http/, 'ws') };
}

export interface BinanceContextOptions {
  urls?: BinanceUrls;
  /** Request weight per window for one address on the futures host (Binance: 2400 a minute). */
  weightLimit?: number;
  /** On the spot host's sapi endpoints (Binance: 12000 a minute). */
  spotWeightLimit?: number;
  windowMs?: number;
  marginMs?: number;
  headroom?: number;
}

/**
 * What every key followed by this process shares: the hosts, the weight budgets (the exchange counts them
 * per address, not per key) and the offset between our clock and the exchange's.
 */
export class BinanceContext {
  readonly urls: BinanceUrls;
  readonly futures: WeightBudget;
  readonly spot: WeightBudget;
  #clockOffsetMs = 0;
  readonly serverNow = () => Date.now() + this.#clockOffsetMs;

  constructor(options: BinanceContextOptions = {}) {
    this.urls = options.urls ?? BINANCE_URLS;
    const shared = {
      windowMs: options.windowMs,
      marginMs: options.marginMs,
      headroom: options.headroom,
      now: this.serverNow,
    };
    this.futures = new WeightBudget({
      ...shared,
      limit: options.weightLimit ?? 2400,
      header: 'x-mbx-used-weight-1m',
    });
    this.spot = new WeightBudget({
      ...shared,
      limit: options.spotWeightLimit ?? 12_000,
      header: 'x-sapi-used-ip-weight-1m',
    });
  }

  /** Milliseconds the exchange's clock is ahead of ours (measured after a -1021). */
  get clockOffsetMs(): number {
    return this.#clockOffsetMs;
  }

  set clockOffsetMs(offset: number) {
    const before = this.serverNow();
    this.#clockOffsetMs = offset;
    this.futures.clockMoved(before);
    this.spot.clockMoved(before);
  }
}

export interface Credentials {
  apiKey: string;
  secret: string;
}

export interface BinanceCall<T> {
  api: 'futures' | 'spot';
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  params?: Record<string, string | number | undefined>;
  weight: number;
  /** none: public; key: API key header only (listen keys); signed: key, timestamp and signature. */
  auth: 'none' | 'key' | 'signed';
  schema: z.ZodType<T>;
}

export interface BinanceClientOptions {
  log: ExchangeLogger;
  recvWindowMs: number;
  timeoutMs: number;
  /** Whether the key is known to be IP-restricted (its last restrictions check): reads -2015 as ipNotAllowed. */
  ipRestricted: () => boolean;
  /** Aborted when the reader's user stops (a follower stopping): waits for the budget and requests end. */
  signal?: AbortSignal;
}

const INVALID_KEY_CODES = new Set([-1002, -1022, -2014, -2015]);
/** Binance's own "no answer in time / internal error / overloaded" codes. */
const UNREACHABLE_CODES = new Set([-1000, -1001, -1006, -1007, -1008]);
/** A 418 without Retry-After: the shortest ban Binance gives. */
const DEFAULT_BAN_MS = 120_000;

export class BinanceClient {
  readonly #context: BinanceContext;
  readonly #credentials: Credentials | undefined;
  readonly #options: BinanceClientOptions;

  constructor(context: BinanceContext, credentials: Credentials | undefined, options: BinanceClientOptions) {
    this.#context = context;
    this.#credentials = credentials;
    this.#options = options;
  }

  get context(): BinanceContext {
    return this.#context;
  }

  /** One call; a signed call refused for its timestamp (-1021) measures the clock again and is sent once more. */
  async call<T>(call: BinanceCall<T>): Promise<T> {
    try {
      return await this.send(call);
    } catch (error) {
      if (!(error instanceof ExchangeError) || error.kind !== 'clockSkew' || call.auth !== 'signed')
        throw error;
      const before = this.#context.clockOffsetMs;
      await this.syncClock();
      this.#options.log.warn(
        { path: call.path, offsetMs: this.#context.clockOffsetMs, previousOffsetMs: before },
        'Binance refused the timestamp: clock offset measured again, call retried once',
      );
      return await this.send(call);
    }
  }

  /** Measures the offset between the exchange's clock and ours (half the round trip counted as latency). */
  async syncClock(): Promise<void> {
    const sentAt = Date.now();
    const { serverTime } = await this.send({
      api: 'futures',
      method: 'GET',
      path: '/fapi/v1/time',
      weight: 1,
      auth: 'none',
      schema: rawServerTime,
    });
    const receivedAt = Date.now();
    this.#context.clockOffsetMs = Math.round(serverTime - (sentAt + receivedAt) / 2);
  }

  private async send<T>(call: BinanceCall<T>): Promise<T> {
    const budget = call.api === 'futures' ? this.#context.futures : this.#context.spot;
    const base = call.api === 'futures' ? this.#context.urls.futures : this.#context.urls.spot;
    const headers: Record<string, string> = {};
    if (call.auth !== 'none') {
      if (!this.#credentials)
        throw new ExchangeError('invalidKey', 'No API key was given for a private call');
      headers['X-MBX-APIKEY'] = this.#credentials.apiKey;
    }
    const settle = await budget.reserve(call.weight, this.#options.signal);
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(call.params ?? {})) {
      if (value !== undefined) query.set(name, String(value));
    }
    if (call.auth === 'signed') {
      query.set('recvWindow', String(this.#options.recvWindowMs));
      query.set('timestamp', String(this.#context.serverNow()));
      query.set('signature', signPayload(this.#credentials!.secret, query.toString()));
    }
    const url = `${base}${call.path}${query.size ? `?${query}` : ''}`;
    const started = Date.now();
    const context = { api: call.api, method: call.method, path: call.path, weight: call.weight };
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: call.method,
        headers,
        signal: this.#options.signal
          ? AbortSignal.any([AbortSignal.timeout(this.#options.timeoutMs), this.#options.signal])
          : AbortSignal.timeout(this.#options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      settle();
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      // The network error's own words (fetch failed: connect ECONNREFUSED ...), without the request it carries.
      const reason = networkReason(error);
      this.#options.log.debug(
        { ...context, ms: Date.now() - started, timedOut, reason },
        'Binance call failed',
      );
      throw new ExchangeError(
        'unreachable',
        timedOut
          ? `Binance did not answer within ${this.#options.timeoutMs} ms`
          : 'Binance cannot be reached',
        { cause: new Error(reason) },
      );
    }
    settle();
    budget.observe(response.headers);
    this.#options.log.debug(
      {
        ...context,
        status: response.status,
        usedWeight: response.headers.get(budget.header),
        ms: Date.now() - started,
      },
      'Binance call',
    );
    const body = parseJson(text);
    if (!response.ok) throw this.failure(response, body, budget, call.path);
    if (body === undefined) {
      throw new ExchangeError('malformed', `Binance answered ${call.path} with something that is not JSON`, {
        status: response.status,
      });
    }
    const parsed = call.schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ExchangeError(
        'malformed',
        `Binance's answer to ${call.path} is not what it documents (${issue?.path.join('.') || 'root'}: ${issue?.message})`,
        { status: response.status },
      );
    }
    return parsed.data;
  }

  private failure(response: Response, body: unknown, budget: WeightBudget, path: string): ExchangeError {
    const status = response.status;
    const error = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const code = typeof error.code === 'number' ? error.code : null;
    const exchangeMessage = typeof error.msg === 'string' ? error.msg.slice(0, 300) : null;
    const details = { status, code, exchangeMessage };
    if (status === 429 || status === 418 || code === -1003) {
      const retryAfterMs =
        retryAfter(response.headers) ?? (status === 418 ? DEFAULT_BAN_MS : budget.windowMs);
      budget.block(retryAfterMs);
      this.#options.log.warn(
        { path, status, code, retryAfterMs },
        status === 418 ? 'Binance banned this address for a while' : 'Binance rate limit reached',
      );
      return new ExchangeError(
        'rateLimited',
        status === 418 ? 'Binance banned this address for a while' : 'Binance rate limit reached',
        { ...details, retryAfterMs },
      );
    }
    if (status >= 500 || status === 408 || (code !== null && UNREACHABLE_CODES.has(code))) {
      return new ExchangeError('unreachable', `Binance failed to answer ${path} (HTTP ${status})`, details);
    }
    if (code === -1021) {
      return new ExchangeError(
        'clockSkew',
        "The request's timestamp is outside Binance's receive window",
        details,
      );
    }
    if (code !== null && INVALID_KEY_CODES.has(code)) {
      if (code === -2015 && this.#options.ipRestricted()) {
        return new ExchangeError(
          'ipNotAllowed',
          "Binance refused this server's address for the key",
          details,
        );
      }
      return new ExchangeError('invalidKey', 'Binance refused the API key or its signature', details);
    }
    return new ExchangeError('rejected', `Binance refused ${path} (HTTP ${status}, code ${code})`, details);
  }
}

/** Binance's HMAC-SHA256 signature of a query string (its `totalParams`), in hex. */
export function signPayload(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

function networkReason(error: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error && messages.length < 3; e = e.cause)
    messages.push(e.message);
  return messages.join(': ') || 'network error';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function retryAfter(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (value === null) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}
