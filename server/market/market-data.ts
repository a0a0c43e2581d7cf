import type { Kysely, Selectable } from 'kysely';
import { MAX_CANDLES, type MarketInterval } from '#shared/schemas/market.ts';
import type { DB, MarketSymbolsTable } from '../db/schema.ts';
import type {
  Candle,
  ExchangeInfo,
  ExchangeLogger,
  ExchangeReader,
  Ticker,
} from '../exchange/exchange-reader.ts';
import { type Actor, audit } from '../services/audit.ts';
import { DomainError } from '../services/errors.ts';
import { type Cached, CoalescingCache, NothingCached } from './coalescing-cache.ts';

// Market data for the market desk's charts and tools (DESIGN §8): only for the symbols on the allow-list,
// read from the exchange's public endpoints through a CoalescingCache, so that what the exchange is asked
// does not grow with the number of members watching: one call per symbol, interval and refresh. The
// allow-list itself is read from the database through the same kind of cache (a few seconds), so a candle
// request costs no query; a change made here applies at once, one made by another process within two
// LIST_MS. As a candle refresh falls due, members are answered the last read while the next one runs (the
// chart's last candle moves with the live price anyway); only candles older than two refreshes are waited for.

export type MarketSource = Pick<ExchangeReader, 'candles' | 'tickers' | 'exchangeInfo'>;
export type MarketSymbolRow = Selectable<MarketSymbolsTable>;

const MINUTE = 60_000;
/** An interval's length in milliseconds. */
export const INTERVAL_MS: Record<MarketInterval, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
  '1w': 7 * 1440 * MINUTE,
};

export const MARKET_TIMING = {
  /** A symbol's 24-hour ticker is read at most once a second. */
  tickerMs: 1_000,
  /** The exchange's symbol list (for admins picking symbols). */
  exchangeInfoMs: 60 * MINUTE,
  /** The allow-list as other processes changed it. */
  listMs: 5_000,
  /** After a failed read, the exchange is not asked again for this long (the last data is answered, stale). */
  retryMs: 5_000,
};

/**
 * How long a symbol's candles of one interval are answered as read: a twelfth of the interval, between 5 s
 * and a minute (1m: 5 s, 5m: 25 s, 15m and longer: a minute). The chart's last candle moves with the
 * live price in between.
 */
export function candleRefreshMs(interval: MarketInterval): number {
  return Math.min(60_000, Math.max(5_000, INTERVAL_MS[interval] / 12));
}

export type MarketDataOptions = {
  db: Kysely<DB>;
  source: MarketSource;
  log: ExchangeLogger;
  now?: () => number;
  timing?: Partial<typeof MARKET_TIMING>;
};

export function createMarketData(options: MarketDataOptions) {
  const { db, source, log } = options;
  const now = options.now ?? Date.now;
  const timing = { ...MARKET_TIMING, ...options.timing };
  const onError = (key: string, error: unknown) =>
    log.warn(
      { key, error: String(error) },
      'market data: the exchange did not answer; the last data is shown',
    );
  const cacheOptions = { retryMs: timing.retryMs, now, onError };
  // Charts: the last read while the next runs. Tickers are waited for: crossing alerts and live prices
  // read them, and a second-old price would move an alert a tick later.
  const candleCache = new CoalescingCache<Candle[]>({ ...cacheOptions, answerWhileRefreshing: true });
  const tickerCache = new CoalescingCache<Ticker>(cacheOptions);
  const infoCache = new CoalescingCache<ExchangeInfo>(cacheOptions);
  const listCache = new CoalescingCache<Map<string, MarketSymbolRow>>({
    ...cacheOptions,
    retryMs: 0,
    answerWhileRefreshing: true,
  });

  const readList = async () => {
    const rows = await db
      .selectFrom('market_symbols')
      .selectAll()
      .orderBy('added_at')
      .orderBy('symbol')
      .execute();
    return new Map(rows.map((row) => [row.symbol, row]));
  };
  const list = async () => (await listCache.get('list', timing.listMs, readList)).value;
  const forgetList = () => listCache.delete('list');

  /** The exchange did not answer and nothing was read before: 503, never a 500. */
  const orUnavailable = async <T>(read: Promise<Cached<T>>): Promise<Cached<T>> => {
    try {
      return await read;
    } catch (error) {
      if (error instanceof NothingCached)
        throw new DomainError('busy', 'marketUnavailable', {}, { retryAfter: 5 });
      throw error;
    }
  };

  async function listed(symbol: string): Promise<MarketSymbolRow> {
    const row = (await list()).get(symbol);
    if (!row)
      throw new DomainError('notFound', 'marketSymbolNotListed', { symbol: ['marketSymbolNotListed'] });
    return row;
  }

  const exchangeInfo = () =>
    orUnavailable(infoCache.get('exchangeInfo', timing.exchangeInfoMs, () => source.exchangeInfo()));

  return {
    async symbols(): Promise<MarketSymbolRow[]> {
      return [...(await list()).values()];
    },

    /**
     * The whole cached series at once, when the symbol is listed and both are fresh in memory; undefined
     * when `candles` has to read or wait (or answers a refusal, or stale candles).
     */
    freshCandles(symbol: string, interval: MarketInterval): Cached<Candle[]> | undefined {
      if (!listCache.fresh('list', timing.listMs)?.value.has(symbol)) return undefined;
      return candleCache.fresh(`${symbol} ${interval}`, candleRefreshMs(interval));
    },

    /**
     * The latest `limit` candles, oldest first; without a limit, the whole cached series as it is (the
     * same object for every caller until the next read: callers that cache what they make of it slice it
     * themselves, once per read, rather than copying it per request).
     */
    async candles(symbol: string, interval: MarketInterval, limit?: number): Promise<Cached<Candle[]>> {
      await listed(symbol);
      const read = () => source.candles(symbol, interval, MAX_CANDLES);
      const cached = await orUnavailable(
        candleCache.get(`${symbol} ${interval}`, candleRefreshMs(interval), read),
      );
      return limit === undefined ? cached : { ...cached, value: cached.value.slice(-limit) };
    },

    async ticker(symbol: string): Promise<Cached<Ticker>> {
      await listed(symbol);
      const read = async () => {
        const ticker = (await source.tickers(symbol)).find((t) => t.symbol === symbol);
        if (!ticker) throw new Error(`the exchange answered no ticker for ${symbol}`);
        return ticker;
      };
      return orUnavailable(tickerCache.get(symbol, timing.tickerMs, read));
    },

    /** What the exchange lists (for admins picking symbols), with which of them are on the allow-list. */
    async exchangeSymbols() {
      const [info, rows] = await Promise.all([exchangeInfo(), list()]);
      return { ...info, listed: new Set(rows.keys()) };
    },

    /** Adds a symbol the exchange lists and trades now. */
    async add(symbol: string, actor: Actor): Promise<MarketSymbolRow> {
      const info = (await exchangeInfo()).value;
      const found = info.symbols.find((s) => s.symbol === symbol && s.status === 'TRADING');
      if (!found)
        throw new DomainError('invalid', 'marketSymbolUnknown', { symbol: ['marketSymbolUnknown'] });
      const row: MarketSymbolRow = {
        symbol,
        base_asset: found.baseAsset,
        quote_asset: found.quoteAsset,
        price_precision: found.pricePrecision,
        quantity_precision: found.quantityPrecision,
        tick_size: found.tickSize,
        added_at: now(),
        added_by: actor.userId,
      };
      const inserted = await db.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('market_symbols')
          .values(row)
          .onConflict((conflict) => conflict.column('symbol').doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        await audit(trx, {
          action: 'admin.market.add',
          actorId: actor.userId,
          targetType: 'marketSymbol',
          targetId: symbol,
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
        return true;
      });
      if (!inserted)
        throw new DomainError('conflict', 'marketSymbolExists', { symbol: ['marketSymbolExists'] });
      forgetList();
      return row;
    },

    async remove(symbol: string, actor: Actor): Promise<void> {
      const removed = await db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('market_symbols').where('symbol', '=', symbol).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await audit(trx, {
          action: 'admin.market.delete',
          actorId: actor.userId,
          targetType: 'marketSymbol',
          targetId: symbol,
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
        return true;
      });
      if (!removed)
        throw new DomainError('notFound', 'marketSymbolNotListed', { symbol: ['marketSymbolNotListed'] });
      forgetList();
      tickerCache.delete(symbol);
    },
  };
}

export type MarketData = ReturnType<typeof createMarketData>;
