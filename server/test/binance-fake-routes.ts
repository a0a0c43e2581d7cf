import type { FakeAccount } from './binance-fake-account.ts';
import { exchangeInfo, INTERVAL_MS, klines, ticker } from './binance-fake-market.ts';

// The REST paths the fake exchange answers (server/test/binance-fake.ts): weight, authentication and the
// answer of each, with Binance's parameter rules and error codes.

export type Api = 'fapi' | 'sapi';

export type Route = {
  api: Api;
  auth: 'none' | 'key' | 'signed';
  weight: (query: URLSearchParams) => number;
  handle: (query: URLSearchParams, account: FakeAccount | undefined, method: string) => unknown;
};

/** A refusal with Binance's HTTP status, code and message. */
export class Refusal extends Error {
  readonly status: number;
  readonly code: number;

  constructor(status: number, code: number, msg: string) {
    super(msg);
    this.status = status;
    this.code = code;
  }
}

/** What the routes need from the fake. */
export interface RouteHost {
  now(): number;
  readonly symbols: { symbol: string }[];
  /** Prices a test set (setPrice): a symbol's last price from now on, instead of the made-up one. */
  readonly prices: ReadonlyMap<string, number>;
  readonly weightLimit: number;
  listenKey(account: FakeAccount | undefined, method: string): unknown;
}

export const mandatory = (name: string) =>
  new Refusal(400, -1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
const DAY = 86_400_000;
const inRange = (time: number, query: URLSearchParams, span: number) => {
  const start = query.get('startTime');
  const end = query.get('endTime');
  const to = end ? Number(end) : start ? Number(start) + span : Date.now() + DAY;
  const from = start ? Number(start) : to - span;
  return time >= from && time <= to;
};
const bySymbol = (query: URLSearchParams) => (item: { symbol: string }) =>
  !query.get('symbol') || item.symbol === query.get('symbol');

function knownSymbol(host: RouteHost, symbol: string | null): string {
  if (!symbol) throw mandatory('symbol');
  if (!host.symbols.some((s) => s.symbol === symbol)) throw new Refusal(400, -1121, 'Invalid symbol.');
  return symbol;
}

export function fakeRoutes(host: RouteHost): Record<string, Route> {
  const tickerOf = (symbol: string) => ticker(symbol, host.now(), host.prices.get(symbol));
  return {
    'GET /fapi/v1/time': {
      api: 'fapi',
      auth: 'none',
      weight: () => 1,
      handle: () => ({ serverTime: host.now() }),
    },
    'GET /fapi/v1/exchangeInfo': {
      api: 'fapi',
      auth: 'none',
      weight: () => 1,
      handle: () => exchangeInfo(host.symbols, host.weightLimit, host.now()),
    },
    'GET /fapi/v1/klines': {
      api: 'fapi',
      auth: 'none',
      weight: (q) => {
        const limit = Number(q.get('limit') ?? 500);
        return limit < 100 ? 1 : limit < 500 ? 2 : limit <= 1000 ? 5 : 10;
      },
      handle: (q) => {
        const symbol = knownSymbol(host, q.get('symbol'));
        const interval = q.get('interval') ?? '';
        if (!INTERVAL_MS[interval]) throw new Refusal(400, -1120, 'Invalid interval.');
        const limit = Math.min(1500, Number(q.get('limit') ?? 500));
        const start = q.get('startTime');
        return klines(
          symbol,
          interval,
          limit,
          host.now(),
          start ? Number(start) : undefined,
          host.prices.get(symbol),
        );
      },
    },
    'GET /fapi/v1/ticker/24hr': {
      api: 'fapi',
      auth: 'none',
      weight: (q) => (q.get('symbol') ? 1 : 40),
      handle: (q) =>
        q.get('symbol')
          ? tickerOf(knownSymbol(host, q.get('symbol')))
          : host.symbols.map((s) => tickerOf(s.symbol)),
    },
    'GET /sapi/v1/account/apiRestrictions': {
      api: 'sapi',
      auth: 'signed',
      weight: () => 1,
      handle: (_q, account) => account!.restrictions,
    },
    'GET /fapi/v3/positionRisk': {
      api: 'fapi',
      auth: 'signed',
      weight: () => 5,
      handle: (q, account) => account!.positions.filter(bySymbol(q)),
    },
    'GET /fapi/v1/openOrders': {
      api: 'fapi',
      auth: 'signed',
      weight: (q) => (q.get('symbol') ? 1 : 40),
      handle: (q, account) => account!.openOrders.filter(bySymbol(q)),
    },
    'GET /fapi/v1/openAlgoOrders': {
      api: 'fapi',
      auth: 'signed',
      weight: (q) => (q.get('symbol') ? 1 : 40),
      handle: (q, account) => account!.algoOrders.filter(bySymbol(q)),
    },
    'GET /fapi/v1/userTrades': {
      api: 'fapi',
      auth: 'signed',
      weight: () => 5,
      handle: (q, account) => {
        const symbol = q.get('symbol');
        if (!symbol) throw mandatory('symbol');
        const fromId = q.get('fromId');
        if (fromId && (q.get('startTime') || q.get('endTime'))) {
          throw new Refusal(400, -1128, 'Combination of optional parameters invalid.');
        }
        const start = Number(q.get('startTime') ?? 0);
        if (q.get('startTime') && q.get('endTime') && Number(q.get('endTime')) - start > 7 * DAY) {
          throw new Refusal(400, -1127, 'More than 168 hours between startTime and endTime.');
        }
        const limit = Math.min(1000, Number(q.get('limit') ?? 500));
        return account!.trades
          .filter(
            (t) => t.symbol === symbol && (fromId ? t.id >= Number(fromId) : inRange(t.time, q, 7 * DAY)),
          )
          .sort((a, b) => a.id - b.id)
          .slice(0, limit);
      },
    },
    'GET /fapi/v1/income': {
      api: 'fapi',
      auth: 'signed',
      weight: () => 30,
      handle: (q, account) => {
        const limit = Math.min(1000, Number(q.get('limit') ?? 100));
        const page = Math.max(1, Number(q.get('page') ?? 1));
        return account!.income
          .filter((i) => bySymbol(q)(i) && (!q.get('incomeType') || i.incomeType === q.get('incomeType')))
          .filter((i) => inRange(i.time, q, 7 * DAY))
          .sort((a, b) => a.time - b.time)
          .slice((page - 1) * limit, page * limit);
      },
    },
    'GET /fapi/v3/account': {
      api: 'fapi',
      auth: 'signed',
      weight: () => 5,
      handle: (_q, account) => account!.accountInfo(),
    },
    ...Object.fromEntries(
      ['POST', 'PUT', 'DELETE'].map((method) => [
        `${method} /fapi/v1/listenKey`,
        {
          api: 'fapi',
          auth: 'key',
          weight: () => 1,
          handle: (_q: URLSearchParams, account: FakeAccount | undefined) => host.listenKey(account, method),
        } satisfies Route,
      ]),
    ),
  };
}
