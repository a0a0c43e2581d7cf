import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '#shared/schemas/common.ts';
import {
  type CandleSeries,
  candleSeries,
  candlesQuery,
  exchangeSymbolList,
  marketSymbol,
  marketSymbolList,
  marketSymbolRequest,
  marketTicker,
  tickerQuery,
} from '#shared/schemas/market.ts';
import type { Cached } from '../../market/coalescing-cache.ts';
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
  // Many members open the same chart at once: each read's answer is serialized and encoded once per limit
  // asked, and the same bytes are sent to all of them (a buffer is sent as it is, not serialized again).
  const answers = new SerializedAnswers();

  app.get('/api/Market/Symbols', { schema: { response: { 200: marketSymbolList } } }, async () =>
    (await market.symbols()).map(presentMarketSymbol),
  );

  app.get(
    '/api/Market/Candles',
    { schema: { querystring: candlesQuery, response: { 200: candleSeries } } },
    async (request, reply) => {
      const { symbol, interval, limit } = request.query;
      const cached = market.freshCandles(symbol, interval) ?? (await market.candles(symbol, interval));
      const body = answers.get(`${symbol} ${interval} ${limit}`, cached, () => {
        const latest = { ...cached, value: cached.value.slice(-limit) };
        return Buffer.from(JSON.stringify(candleSeries.parse(presentCandles(symbol, interval, latest))));
      });
      // The UTF-8 text of a candleSeries (parsed above when it was made): sent as it is.
      return reply.type('application/json; charset=utf-8').send(body as unknown as CandleSeries);
    },
  );

  app.get(
    '/api/Market/Ticker',
    { schema: { querystring: tickerQuery, response: { 200: marketTicker } } },
    async (request) => presentTicker(await market.ticker(request.query.symbol)),
  );
};

const MAX_ANSWERS = 256;

/** The bytes of the latest answer per key, while it is the answer of the same read (same time, same staleness). */
class SerializedAnswers {
  private readonly texts = new Map<string, { readAt: number; stale: boolean; text: Buffer }>();

  get(key: string, cached: Cached<unknown>, serialize: () => Buffer): Buffer {
    const known = this.texts.get(key);
    if (known && known.readAt === cached.readAt && known.stale === cached.stale) return known.text;
    const text = serialize();
    this.texts.delete(key);
    this.texts.set(key, { readAt: cached.readAt, stale: cached.stale, text });
    // Bounded: the allow-list's symbols × intervals × the limits asked; the oldest entry goes first.
    if (this.texts.size > MAX_ANSWERS) this.texts.delete(this.texts.keys().next().value!);
    return text;
  }
}

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
