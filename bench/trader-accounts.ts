import type { FakeAccount } from '../server/test/binance-fake-account.ts';
import type { RawTrade } from '../server/test/binance-fake-shapes.ts';

// Traders' accounts at the fake exchange for the trader benchmarks: a history of round trips (a buy, then
// a sell closing it, alternating between two symbols) with the commission and realized PnL Binance records
// in the income history, open positions and orders, and live fills that continue the same pattern.

const DAY = 86_400_000;
const SYMBOLS = [
  { symbol: 'BTCUSDT', price: 60_000, qty: 0.01 },
  { symbol: 'ETHUSDT', price: 3_000, qty: 0.2 },
] as const;

/** The n-th fill of the pattern: fills 2k and 2k+1 open and close one position. */
function nthFill(n: number) {
  const { symbol, price, qty } = SYMBOLS[Math.floor(n / 2) % SYMBOLS.length]!;
  const closing = n % 2 === 1;
  // Prices wander a little (±1%), so that closes gain or lose.
  const open = price * (1 + (((Math.floor(n / 2) * 7919) % 200) - 100) / 10_000);
  const at = closing ? open * (1 + (((n * 104_729) % 100) - 50) / 10_000) : open;
  return {
    symbol,
    side: closing ? ('SELL' as const) : ('BUY' as const),
    price: at.toFixed(2),
    qty: String(qty),
    realizedPnl: closing ? ((at - open) * qty).toFixed(8) : '0',
    commission: (at * qty * 0.0004).toFixed(8),
  };
}

/** `fills` past fills (rounded down to whole round trips) spread over the last `days` days, ending flat. */
export function seedHistory(account: FakeAccount, fills: number, days = 60, now = Date.now()): void {
  const count = fills - (fills % 2);
  const step = (days * DAY) / Math.max(1, count);
  for (let n = 0; n < count; n++) {
    const fill = nthFill(n);
    const time = Math.round(now - days * DAY + n * step);
    const trade = account.addTrade({ ...fill, time });
    account.addIncome({
      symbol: fill.symbol,
      incomeType: 'COMMISSION',
      income: `-${fill.commission}`,
      time,
      tradeId: String(trade.id),
    });
    if (fill.realizedPnl !== '0')
      account.addIncome({
        symbol: fill.symbol,
        incomeType: 'REALIZED_PNL',
        income: fill.realizedPnl,
        time,
        tradeId: String(trade.id),
      });
  }
}

/** What a trader holds now: a position in each symbol, three resting orders and a stop. */
export function seedOpenState(account: FakeAccount): void {
  account.addPosition({ symbol: 'BTCUSDT', positionAmt: '0.02', entryPrice: '59800', markPrice: '60100' });
  account.addPosition({ symbol: 'ETHUSDT', positionAmt: '-0.4', entryPrice: '3020', markPrice: '2990' });
  account.addOrder({ symbol: 'BTCUSDT', side: 'BUY', origQty: '0.01', price: '58000' });
  account.addOrder({ symbol: 'BTCUSDT', side: 'SELL', origQty: '0.02', price: '63000' });
  account.addOrder({ symbol: 'ETHUSDT', side: 'BUY', origQty: '0.4', price: '2900' });
  account.addAlgoOrder({
    symbol: 'BTCUSDT',
    side: 'SELL',
    orderType: 'STOP_MARKET',
    triggerPrice: '57000',
    closePosition: true,
  });
}

/**
 * The n-th live fill (a market order filled at once, ORDER_TRADE_UPDATE pushed to the account's streams):
 * every second one closes the position the one before opened.
 */
export function liveFill(account: FakeAccount, n: number): RawTrade {
  return account.fill(nthFill(n));
}
