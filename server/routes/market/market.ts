import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '#shared/schemas/common.ts';
import {
  candleSeries,
  candlesQuery,
  exchangeSymbolList,
  marketSymbol,
  marketSymbolList,
  marketSymbolRequest,
  marketTicker,
  tickerQuery,
} from '#shared/schemas/market.ts';
import type { MarketData } from '../../market/market-data.ts';
import { actorOf } from '../../plugins/authenticate.ts';
import {
  presentCandles,
  presentExchangeSymbols,
  presentMarketSymbol,
  presentTicker,
} from '../../presenters/market.ts';

/** The market desk's data for members: the allowed symbols, candles and tickers. Behind requireMember. */
export const marketRoutes: FastifyPluginAsyncZod<{ market: MarketData }> = async (app, { market }) => {
  app.get('/api/Market/Symbols', { schema: { response: { 200: marketSymbolList } } }, async () =>
    (await market.symbols()).map(presentMarketSymbol),
  );

  app.get(
    '/api/Market/Candles',
    { schema: { querystring: candlesQuery, response: { 200: candleSeries } } },
    async (request) => {
      const { symbol, interval, limit } = request.query;
      return presentCandles(symbol, interval, await market.candles(symbol, interval, limit));
    },
  );

  app.get(
    '/api/Market/Ticker',
    { schema: { querystring: tickerQuery, response: { 200: marketTicker } } },
    async (request) => presentTicker(await market.ticker(request.query.symbol)),
  );
};

/** The allow-list as admins manage it (/admin/content/market). Behind requireAdmin. */
export const marketAdminRoutes: FastifyPluginAsyncZod<{ market: MarketData }> = async (app, { market }) => {
  app.get('/api/Market/ExchangeSymbols', { schema: { response: { 200: exchangeSymbolList } } }, async () =>
    presentExchangeSymbols(await market.exchangeSymbols()),
  );

  app.post(
    '/api/Market/AddSymbol',
    { schema: { body: marketSymbolRequest, response: { 200: marketSymbol } } },
    async (request) => presentMarketSymbol(await market.add(request.body.symbol, actorOf(request))),
  );

  app.post(
    '/api/Market/DeleteSymbol',
    { schema: { body: marketSymbolRequest, response: { 200: okResponse } } },
    async (request) => {
      await market.remove(request.body.symbol, actorOf(request));
      return { ok: true as const };
    },
  );
};
