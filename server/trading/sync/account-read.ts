import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ExchangeReader, Fill } from '../../exchange/exchange-reader.ts';
import type { AccountRead } from './store.ts';

// One REST reconciliation's reads, weighed against Binance's budget (futures weights): positions 5, open
// orders 40 + conditional orders 40, account 5, income 30 a page, and 5 per symbol (and 7-day window) of
// trades. Trades are listed per symbol only: the symbols read are those the income history shows activity
// in since the last reconciliation (every fill pays a commission or realizes PnL), of the open positions,
// and of partly filled open orders. Both histories are read from where the last reconciliation began, less
// an overlap for late entries and clocks; what is already stored is not stored again.

/** Read again from a little before the last reconciliation began. */
const OVERLAP_MS = 5 * 60_000;

export async function readAccount(
  reader: ExchangeReader,
  db: Kysely<DB>,
  keyId: number,
  options: { historyMs: number },
): Promise<AccountRead> {
  const startedAt = Date.now();
  const sync = await db
    .selectFrom('trader_key_sync')
    .select(['fills_until', 'income_until'])
    .where('key_id', '=', keyId)
    .executeTakeFirst();
  const from = (until: number | null | undefined) =>
    Math.max(0, (until ?? startedAt - options.historyMs) - OVERLAP_MS);
  const fillsSince = from(sync?.fills_until);
  const positions = await reader.positions();
  const orders = await reader.openOrders();
  const balance = await reader.balance();
  // The snapshot's time: a transfer stamped later is not in this balance, one stamped earlier is.
  const balanceAt = Date.now();
  const income = await reader.incomeHistory(Math.min(from(sync?.income_until), fillsSince));
  const symbols = new Set([
    ...income.flatMap((entry) => (entry.symbol && entry.time >= fillsSince ? [entry.symbol] : [])),
    ...positions.map((position) => position.symbol),
    ...orders.filter((order) => order.filledQuantity > 0).map((order) => order.symbol),
  ]);
  const fills: Fill[] = [];
  for (const symbol of [...symbols].sort())
    fills.push(...(await reader.fills({ symbol, since: fillsSince })));
  return { startedAt, positions, orders, fills, income, balance, balanceAt };
}
