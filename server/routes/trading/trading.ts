import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  comparisonQuery,
  keyIdQuery,
  liveSnapshot,
  liveTraderList,
  statisticsComparison,
  statisticsQuery,
  traderStatistics,
} from '#shared/schemas/trading.ts';
import type { DB } from '../../db/schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import type { Principal } from '../../policies/membership.ts';
import { canWatchKey, watchableKeys } from '../../policies/trader-live.ts';
import {
  presentLiveSnapshot,
  presentLiveTrader,
  presentStatisticsFigures,
  presentTraderStatistics,
} from '../../presenters/trading-read.ts';
import { listTraders, liveSnapshot as readLiveSnapshot } from '../../services/trading-read.ts';
import {
  statisticsComparison as compareTraders,
  traderStatistics as readStatistics,
} from '../../services/trading-read-statistics.ts';
import { TradingReadCache } from '../../services/trading-read-store.ts';

/**
 * Live trading and statistics: the traders the caller watches, a trader's account now, its figures and the
 * comparison. Registered behind requireMember; which keys are watched is policies/trader-live.ts.
 */
export const tradingRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  // What was computed from each key's history, for this process (kept while the history is unchanged).
  const cache = new TradingReadCache();

  /** A key the caller may not watch is answered like one that does not exist. */
  const watchable = async (principal: Principal, keyId: number) => {
    if (!(await canWatchKey(db, principal, keyId)))
      throw new HttpProblem(404, 'traderKeyNotFound', { keyId: ['traderKeyNotFound'] });
  };

  app.get('/api/Trading/Traders', { schema: { response: { 200: liveTraderList } } }, async (request) => {
    const keys = await watchableKeys(db, principalOf(request));
    return (await listTraders(db, keys)).map(presentLiveTrader);
  });

  app.get(
    '/api/Trading/Live',
    { schema: { querystring: keyIdQuery, response: { 200: liveSnapshot } } },
    async (request) => {
      await watchable(principalOf(request), request.query.keyId);
      return presentLiveSnapshot(await readLiveSnapshot(db, cache, request.query.keyId));
    },
  );

  app.get(
    '/api/Trading/Statistics',
    { schema: { querystring: statisticsQuery, response: { 200: traderStatistics } } },
    async (request) => {
      const { keyId, period } = request.query;
      await watchable(principalOf(request), keyId);
      const { key, figures } = await readStatistics(db, cache, keyId, period);
      return presentTraderStatistics(key, figures);
    },
  );

  app.get(
    '/api/Trading/Comparison',
    { schema: { querystring: comparisonQuery, response: { 200: statisticsComparison } } },
    async (request) => {
      const keys = await watchableKeys(db, principalOf(request));
      const list = await compareTraders(db, cache, keys, request.query.period);
      return list.map(({ key, figures }) => presentStatisticsFigures(key, figures));
    },
  );
};
