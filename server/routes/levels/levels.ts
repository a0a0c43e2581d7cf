import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { idResponse, okResponse } from '#shared/schemas/common.ts';
import {
  addLevelSetRequest,
  levelSetIdQuery,
  levelSetIdRequest,
  levelSetList,
  levelSetListQuery,
  levelSetView,
  updateLevelSetRequest,
  watchLevelSetRequest,
} from '#shared/schemas/levels.ts';
import { MAX_CANDLES, type MarketInterval } from '#shared/schemas/market.ts';
import type { DB } from '../../db/schema.ts';
import type { Candle } from '../../exchange/exchange-reader.ts';
import { INTERVAL_MS, type MarketData } from '../../market/market-data.ts';
import { actorOf, principalOf } from '../../plugins/authenticate.ts';
import { isAdmin } from '../../policies/membership.ts';
import { type LevelMarket, presentLevelSet } from '../../presenters/levels.ts';
import {
  addLevelSet,
  deleteLevelSet,
  getLevelSet,
  type LevelSetRecord,
  listLevelSets,
  updateLevelSet,
  watchLevelSet,
} from '../../services/level-sets.ts';

type Options = { db: Kysely<DB>; market: MarketData };

/**
 * The candle still open, brought up to the last price (the ticker is read every second, the candles less
 * often): a level the price has just gone through reads as it stands now. Right after an interval ends, the
 * candles read last do not have the new interval's candle yet: it is added, opening at the last close, so
 * that a level crossed in those first seconds does not read as untested until the candles are read again.
 */
function withLastPrice(
  candles: Candle[],
  lastPrice: number,
  interval: MarketInterval,
  now = Date.now(),
): Candle[] {
  const last = candles.at(-1);
  if (!last) return candles;
  const step = INTERVAL_MS[interval];
  if (last.openTime + step > now) {
    const open = {
      ...last,
      close: lastPrice,
      high: Math.max(last.high, lastPrice),
      low: Math.min(last.low, lastPrice),
    };
    return [...candles.slice(0, -1), open];
  }
  // On the exchange's own grid of open times (a week does not start at a multiple of seven days).
  const openTime = last.openTime + Math.floor((now - last.openTime) / step) * step;
  const current: Candle = {
    openTime,
    open: last.close,
    high: Math.max(last.close, lastPrice),
    low: Math.min(last.close, lastPrice),
    close: lastPrice,
    volume: 0,
    closeTime: openTime + step - 1,
    quoteVolume: 0,
    trades: 0,
  };
  return [...candles, current];
}

/**
 * The market of each set's symbol and timeframe: the candles since the candle it was published in, and the
 * last price. Read once per symbol and timeframe (through the market cache); null when it cannot be read
 * (the exchange down with nothing cached, or the symbol taken off the list).
 */
async function marketsOf(market: MarketData, records: LevelSetRecord[]) {
  const reads = new Map<string, Promise<LevelMarket>>();
  for (const { set } of records) {
    const key = `${set.symbol} ${set.timeframe}`;
    if (reads.has(key)) continue;
    reads.set(
      key,
      Promise.all([
        market.candles(set.symbol, set.timeframe as MarketInterval, MAX_CANDLES),
        market.ticker(set.symbol),
      ])
        .then(([candles, ticker]) => ({
          candles: withLastPrice(candles.value, ticker.value.lastPrice, set.timeframe as MarketInterval),
          lastPrice: ticker.value.lastPrice,
          stale: candles.stale || ticker.stale,
        }))
        .catch(() => null),
    );
  }
  return async (record: LevelSetRecord): Promise<LevelMarket> => {
    const { set } = record;
    const read = await reads.get(`${set.symbol} ${set.timeframe}`);
    if (!read) return null;
    const step = INTERVAL_MS[set.timeframe as MarketInterval];
    const from = Math.floor(set.published_at / step) * step;
    return { ...read, candles: read.candles.filter((c) => c.openTime >= from) };
  };
}

/** Level sets for members: those their roles admit, with states and distances; watching. Behind requireMember. */
export const levelRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, market }) => {
  const present = async (principal: Parameters<typeof isAdmin>[0], records: LevelSetRecord[]) => {
    const marketOf = await marketsOf(market, records);
    const now = Date.now();
    return Promise.all(
      records.map(async (record) =>
        presentLevelSet(record, await marketOf(record), { admin: isAdmin(principal), now }),
      ),
    );
  };

  app.get(
    '/api/Levels/List',
    { schema: { querystring: levelSetListQuery, response: { 200: levelSetList } } },
    async (request) => {
      const principal = principalOf(request);
      return present(principal, await listLevelSets(db, principal, request.query));
    },
  );

  app.get(
    '/api/Levels/Get',
    { schema: { querystring: levelSetIdQuery, response: { 200: levelSetView } } },
    async (request) => {
      const principal = principalOf(request);
      const [view] = await present(principal, [await getLevelSet(db, principal, request.query.id)]);
      return view!;
    },
  );

  app.post(
    '/api/Levels/Watch',
    { schema: { body: watchLevelSetRequest, response: { 200: okResponse } } },
    async (request) => {
      await watchLevelSet(db, principalOf(request), request.body.id, request.body.watch);
      return { ok: true as const };
    },
  );
};

/** Publishing, editing and deleting level sets (/admin/content/pressure). Behind requireAdmin. */
export const levelAdminRoutes: FastifyPluginAsyncZod<Options> = async (app, { db }) => {
  app.post(
    '/api/Levels/Add',
    { schema: { body: addLevelSetRequest, response: { 200: idResponse } } },
    async (request) => ({ id: await addLevelSet(db, request.body, actorOf(request)) }),
  );

  app.post(
    '/api/Levels/Update',
    { schema: { body: updateLevelSetRequest, response: { 200: okResponse } } },
    async (request) => {
      const { id, ...input } = request.body;
      await updateLevelSet(db, id, input, actorOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/Levels/Delete',
    { schema: { body: levelSetIdRequest, response: { 200: okResponse } } },
    async (request) => {
      await deleteLevelSet(db, request.body.id, actorOf(request));
      return { ok: true as const };
    },
  );
};
