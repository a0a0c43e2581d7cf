import type { CodeField, UnknownCodeReporter } from './binance-codes.ts';
import { BinanceClient, BinanceContext, binanceTestUrls, type Credentials } from './binance-http.ts';
import {
  toAlgoOrder,
  toBalance,
  toCandle,
  toExchangeInfo,
  toFill,
  toIncome,
  toOrder,
  toPosition,
  toRestrictions,
  toTicker,
} from './binance-parse.ts';
import {
  rawAccount,
  rawAlgoOrders,
  rawExchangeInfo,
  rawIncome,
  rawKlines,
  rawOrders,
  rawPositions,
  rawRestrictions,
  rawTickers,
  rawTrades,
} from './binance-schemas.ts';
import { openUserStream, type UserStreamOptions } from './binance-stream.ts';
import type { CandleInterval, ExchangeLogger, ExchangeReader, Fill, IncomeEntry } from './exchange-reader.ts';

// The Binance USDⓈ-M futures implementation of ExchangeReader: a hand-written client over fetch and `ws`
// (docs/decisions.md says why not the `binance` SDK). One reader per trader key; one BinanceContext per
// process, shared by every reader, since Binance's weight limits and clock are per address, not per key.

export interface BinanceReaderOptions {
  /** Hosts, weight budgets and clock offset shared by every key of the process. */
  context?: BinanceContext;
  /** The key and secret; without them only the public calls work. */
  credentials?: Credentials;
  log: ExchangeLogger;
  recvWindowMs?: number;
  timeoutMs?: number;
  /**
   * The key's last restrictions check said it only works from listed addresses. Binance answers -2015 both
   * for an unknown key and for a refused address; this tells the two apart (keyRestrictions() updates it).
   */
  ipRestricted?: boolean;
  stream?: UserStreamOptions;
  /** Also told about each raw value no code table knows (it is logged once per reader either way). */
  onUnknownCode?: UnknownCodeReporter;
  /** Ends the reader's waits for the weight budget and its requests in flight (its user stops). */
  signal?: AbortSignal;
}

const DAY_MS = 86_400_000;
/** userTrades: at most 7 days between startTime and endTime, and nothing older than 6 months. */
const TRADE_WINDOW_MS = 7 * DAY_MS - 1;
const TRADE_HISTORY_MS = 180 * DAY_MS;
const PAGE = 1000;

/**
 * The exchange's context for one process or thread: its hosts, weight budgets and clock offset. `testBaseUrl`
 * points it at the tests' fake exchange (config.exchangeTestBaseUrl, refused in production).
 */
export function binanceContext(testBaseUrl: string | undefined): BinanceContext {
  return new BinanceContext(testBaseUrl ? { urls: binanceTestUrls(testBaseUrl) } : {});
}

/** Readers for the keys of one process or thread, all sharing its context. */
export function binanceReaderFactory(context: BinanceContext, log: ExchangeLogger) {
  return (
    credentials: Credentials,
    options: { ipRestricted: boolean; signal?: AbortSignal },
  ): ExchangeReader => createBinanceReader({ context, credentials, log, ...options });
}

export function createBinanceReader(options: BinanceReaderOptions): ExchangeReader {
  const context = options.context ?? new BinanceContext();
  const { log } = options;
  let ipRestricted = options.ipRestricted ?? false;
  const client = new BinanceClient(context, options.credentials, {
    log,
    recvWindowMs: options.recvWindowMs ?? 5000,
    timeoutMs: options.timeoutMs ?? 10_000,
    ipRestricted: () => ipRestricted,
    signal: options.signal,
  });
  const reported = new Set<string>();
  const report = (field: CodeField, raw: string) => {
    options.onUnknownCode?.(field, raw);
    if (reported.has(`${field}:${raw}`)) return;
    reported.add(`${field}:${raw}`);
    log.warn({ field, value: raw }, 'Binance sent a code the portal does not know yet');
  };

  const signed = (path: string, params: Record<string, string | number | undefined>, weight: number) => ({
    api: 'futures' as const,
    method: 'GET' as const,
    path,
    params,
    weight,
    auth: 'signed' as const,
  });

  async function tradesPage(params: Record<string, string | number | undefined>) {
    const page = await client.call({ ...signed('/fapi/v1/userTrades', params, 5), schema: rawTrades });
    return page.map((trade) => toFill(trade, report));
  }

  /** From a trade id on, page by page. */
  async function tradesFrom(symbol: string, fromId: number): Promise<Fill[]> {
    const fills: Fill[] = [];
    for (let next = fromId; ; ) {
      const page = await tradesPage({ symbol, fromId: next, limit: PAGE });
      fills.push(...page);
      if (page.length < PAGE) return fills;
      next = page.at(-1)!.id + 1;
    }
  }

  /** Since a time: 7-day windows; a full window continues by trade id to the end. */
  async function tradesSince(symbol: string, since: number): Promise<Fill[]> {
    const now = context.serverNow();
    const fills: Fill[] = [];
    for (let start = Math.max(since, now - TRADE_HISTORY_MS); start <= now; start += TRADE_WINDOW_MS + 1) {
      const endTime = Math.min(start + TRADE_WINDOW_MS, now);
      const page = await tradesPage({ symbol, startTime: start, endTime, limit: PAGE });
      fills.push(...page);
      if (page.length === PAGE) {
        fills.push(...(await tradesFrom(symbol, page.at(-1)!.id + 1)));
        break;
      }
    }
    return fills;
  }

  async function incomeHistory(since: number): Promise<IncomeEntry[]> {
    const endTime = context.serverNow();
    const entries = new Map<string, IncomeEntry>();
    for (let startTime = since; ; ) {
      const page = await client.call({
        ...signed('/fapi/v1/income', { startTime, endTime, limit: PAGE }, 30),
        schema: rawIncome,
      });
      for (const raw of page) {
        const entry = toIncome(raw, report);
        entries.set(entry.id, entry);
      }
      if (page.length < PAGE) break;
      // The next page starts at the last entry's time (inclusive, repeats are dropped by id).
      const last = page.at(-1)!.time;
      startTime = last > startTime ? last : startTime + 1;
    }
    return [...entries.values()].sort((a, b) => a.time - b.time);
  }

  const reader: ExchangeReader = {
    async keyRestrictions() {
      const raw = await client.call({
        api: 'spot',
        method: 'GET',
        path: '/sapi/v1/account/apiRestrictions',
        weight: 1,
        auth: 'signed',
        schema: rawRestrictions,
      });
      const restrictions = toRestrictions(raw);
      ipRestricted = restrictions.ipRestricted;
      return restrictions;
    },

    async positions() {
      const raw = await client.call({ ...signed('/fapi/v3/positionRisk', {}, 5), schema: rawPositions });
      return raw
        .filter((position) => position.positionAmt !== 0)
        .map((position) => toPosition(position, report));
    },

    async openOrders() {
      const [orders, algoOrders] = await Promise.all([
        client.call({ ...signed('/fapi/v1/openOrders', {}, 40), schema: rawOrders }),
        client.call({ ...signed('/fapi/v1/openAlgoOrders', {}, 40), schema: rawAlgoOrders }),
      ]);
      return [
        ...orders.map((order) => toOrder(order, report)),
        ...algoOrders.map((order) => toAlgoOrder(order, report)),
      ];
    },

    async fills(query) {
      if ('fromId' in query) return await tradesFrom(query.symbol, query.fromId);
      // Binance lists trades one symbol at a time; without one, the symbols are those of the account's
      // income since then (each fill pays or earns a commission, or realizes PnL) and of its open positions.
      const symbols = query.symbol
        ? [query.symbol]
        : [
            ...new Set([
              ...(await incomeHistory(query.since)).flatMap((entry) => (entry.symbol ? [entry.symbol] : [])),
              ...(await reader.positions()).map((position) => position.symbol),
            ]),
          ].sort();
      const fills: Fill[] = [];
      for (const symbol of symbols) fills.push(...(await tradesSince(symbol, query.since)));
      return fills.sort((a, b) => a.time - b.time || a.id - b.id);
    },

    incomeHistory,

    async balance() {
      return toBalance(await client.call({ ...signed('/fapi/v3/account', {}, 5), schema: rawAccount }));
    },

    async candles(symbol: string, interval: CandleInterval, limit: number) {
      if (!Number.isInteger(limit) || limit < 1 || limit > 1500) {
        throw new RangeError('Binance gives 1 to 1500 candles per call');
      }
      const weight = limit < 100 ? 1 : limit < 500 ? 2 : limit <= 1000 ? 5 : 10;
      const raw = await client.call({
        api: 'futures',
        method: 'GET',
        path: '/fapi/v1/klines',
        params: { symbol, interval, limit },
        weight,
        auth: 'none',
        schema: rawKlines,
      });
      return raw.map(toCandle);
    },

    async tickers(symbol?: string) {
      const raw = await client.call({
        api: 'futures',
        method: 'GET',
        path: '/fapi/v1/ticker/24hr',
        params: { symbol },
        weight: symbol ? 1 : 40,
        auth: 'none',
        schema: rawTickers,
      });
      return raw.map(toTicker);
    },

    async exchangeInfo() {
      const info = toExchangeInfo(
        await client.call({
          api: 'futures',
          method: 'GET',
          path: '/fapi/v1/exchangeInfo',
          weight: 1,
          auth: 'none',
          schema: rawExchangeInfo,
        }),
        report,
      );
      // The budget follows the limit the exchange announces.
      if (info.weightLimitPerMinute) context.futures.setLimit(info.weightLimitPerMinute);
      return info;
    },

    userStream(handlers) {
      return openUserStream(client, handlers, { ...options.stream, log, report });
    },
  };
  return reader;
}
