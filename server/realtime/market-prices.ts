import { MAX_WATCHED_MARKETS } from '#shared/realtime.ts';
import type { ExchangeLogger } from '../exchange/exchange-reader.ts';
import type { MarketData } from '../market/market-data.ts';
import { isMember } from '../policies/membership.ts';
import { isoTime } from '../presenters/common.ts';
import type { HubServer, HubSocket } from './sockets.ts';

// Live prices for open charts: a member's page sends WatchMarket with a symbol while it shows a chart of it
// (and UnwatchMarket when it stops); the connection joins that symbol's room if the person is a member and
// the symbol is on the market list. Every second, each process reads the ticker of the symbols its own
// connections watch (through the market cache: one read a second per symbol, however many watch) and sends
// MarketPrice to them when the read is new: at most once a second per symbol, not stored. A connection
// that comes back asks again.

const MARKET_ROOM = 'market:';
const marketRoom = (symbol: string) => `${MARKET_ROOM}${symbol}`;
const SYMBOL = /^[A-Z0-9]{2,30}$/;

export type MarketPrices = { start(): void; stop(): void; tick(): Promise<void> };

export function createMarketPrices(options: {
  io: HubServer;
  market: Pick<MarketData, 'symbols' | 'ticker'>;
  log: ExchangeLogger;
  everyMs?: number;
}): MarketPrices {
  const { io, market, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  /** The read time of the last price sent per symbol. */
  const sent = new Map<string, number>();

  async function watch(socket: HubSocket, symbol: unknown) {
    if (typeof symbol !== 'string' || !SYMBOL.test(symbol)) return;
    if (!isMember(socket.data.principal)) return;
    const watching = [...socket.rooms].filter((room) => room.startsWith(MARKET_ROOM)).length;
    if (watching >= MAX_WATCHED_MARKETS) return;
    const listed = await market.symbols();
    if (!listed.some((row) => row.symbol === symbol) || !socket.connected) return;
    await socket.join(marketRoom(symbol));
    // The newcomer gets the price at the next tick, with everyone else.
    sent.delete(symbol);
  }

  io.on('connection', (socket: HubSocket) => {
    socket.on('WatchMarket', (symbol) => {
      watch(socket, symbol).catch((error: unknown) =>
        log.warn({ error: String(error) }, 'market prices: watching a symbol failed'),
      );
    });
    socket.on('UnwatchMarket', (symbol) => {
      if (typeof symbol === 'string') void socket.leave(marketRoom(symbol));
    });
  });

  async function tickOnce() {
    // This process's rooms (with a shared adapter as well: each process serves its own connections).
    const symbols = [...io.of('/').adapter.rooms.keys()]
      .filter((room) => room.startsWith(MARKET_ROOM))
      .map((room) => room.slice(MARKET_ROOM.length));
    for (const symbol of sent.keys()) if (!symbols.includes(symbol)) sent.delete(symbol);
    for (const symbol of symbols) {
      const ticker = await market.ticker(symbol).catch(() => undefined);
      if (!ticker || sent.get(symbol) === ticker.readAt) continue;
      sent.set(symbol, ticker.readAt);
      io.local.to(marketRoom(symbol)).emit('MarketPrice', {
        symbol,
        price: ticker.value.lastPrice,
        priceChangePercent: ticker.value.priceChangePercent,
        at: isoTime(ticker.readAt),
      });
    }
  }

  function tick(): Promise<void> {
    running ??= tickOnce()
      .catch((error: unknown) => log.warn({ error: String(error) }, 'market prices: a tick failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    start() {
      if (timer) return;
      timer = setInterval(() => void tick(), options.everyMs ?? 1_000);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    tick,
  };
}
