import { type Kysely, sql, type Transaction } from 'kysely';
import { POSITION_MODE } from '#shared/trading.ts';
import type { DB } from '../db/schema.ts';
import type {
  ClosedPosition,
  EquitySnapshot,
  Fill,
  IncomeEntry,
  PositionSide,
} from '../trading/statistics.ts';

// What the live and statistics reads share: stored rows as the statistics module's input (all of a key's
// history, or what came after a point), consistent reads, and the version of a key's stored history.
//
// Currency. The figures are in the margin asset, USDT (equity snapshots are the account's margin balance in
// it). A fill's commission and an income entry count only when their asset is USDT: a commission paid in
// BNB (the fee discount) or an entry in another asset is left out rather than converted, as the portal
// stores no price to convert it with. The positions' net PnL then misses those commissions; ROI, drawdown
// and Sharpe (from the equity snapshots) still include them.

export const MARGIN_ASSET = 'USDT';
/** How many fills and closed positions the live snapshot shows. */
export const RECENT_LIMIT = 50;

/** A read-only transaction in which every query sees the same committed state (PostgreSQL: one snapshot). */
export function consistentRead<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  // SQLite ignores the level: the one connection is held by the transaction, which sees one state anyway.
  return db.transaction().setIsolationLevel('repeatable read').execute(work);
}

const POSITION_SIDES: Record<number, PositionSide> = {
  [POSITION_MODE.short]: 'SHORT',
  [POSITION_MODE.long]: 'LONG',
  [POSITION_MODE.single]: 'BOTH',
};

export type StoredFill = {
  symbol: string;
  trade_id: string;
  side: number;
  position_side: number;
  price: number;
  quantity: number;
  realized_pnl: number;
  commission: number;
  commission_asset: string;
  time: number;
};

/** A stored fill as the positions module reads it (commission counted in USDT only, see the header). */
export function toFill(row: StoredFill): Fill {
  return {
    tradeId: row.trade_id,
    symbol: row.symbol,
    side: row.side as Fill['side'],
    positionSide: POSITION_SIDES[row.position_side] ?? 'BOTH',
    price: row.price,
    qty: row.quantity,
    realizedPnl: row.realized_pnl,
    commission: row.commission_asset === MARGIN_ASSET ? row.commission : 0,
    time: row.time,
  };
}

const FILL_COLUMNS = [
  'symbol',
  'trade_id',
  'side',
  'position_side',
  'price',
  'quantity',
  'realized_pnl',
  'commission',
  'commission_asset',
  'time',
] as const;

/** A key's stored fills in time order: all, or those after `after` (epoch ms). */
export async function loadFills(db: Kysely<DB>, keyId: number, after?: number): Promise<Fill[]> {
  let query = db.selectFrom('trader_fills').select(FILL_COLUMNS).where('key_id', '=', keyId);
  if (after !== undefined) query = query.where('time', '>', after);
  return (await query.orderBy('time').execute()).map(toFill);
}

/**
 * A key's income entries in time order (all, or those after `after`): `read` counts every row read, `entries`
 * holds those in the margin asset, with the exchange's own income type (REALIZED_PNL, TRANSFER, ...).
 */
export async function loadIncome(
  db: Kysely<DB>,
  keyId: number,
  after?: number,
): Promise<{ read: number; entries: IncomeEntry[] }> {
  let query = db
    .selectFrom('trader_income')
    .select(['income_type', 'amount', 'asset', 'time'])
    .where('key_id', '=', keyId);
  if (after !== undefined) query = query.where('time', '>', after);
  const rows = await query.orderBy('time').execute();
  const entries: IncomeEntry[] = [];
  for (const row of rows)
    if (row.asset === MARGIN_ASSET)
      entries.push({ type: row.income_type, amount: row.amount, time: row.time });
  return { read: rows.length, entries };
}

/** A key's hourly equity snapshots in time order: all, or those from `from` on (epoch ms, included). */
export async function loadSnapshots(db: Kysely<DB>, keyId: number, from?: number): Promise<EquitySnapshot[]> {
  let query = db.selectFrom('trader_equity').select(['at', 'equity']).where('key_id', '=', keyId);
  if (from !== undefined) query = query.where('at', '>=', from);
  return (await query.orderBy('at').execute()).map((row) => ({ time: row.at, equity: row.equity }));
}

/** How many rows a table holds for a key and the latest one's time (null: none). */
export type Tally = { count: number; last: number | null };

/**
 * The version of a key's stored history. Fills and income entries are only ever added (one row per
 * exchange trade or transaction), so their count and latest time change with every new one, a late one of
 * the past included; the current hour's equity snapshot is rewritten, so its value counts too.
 */
export type HistoryVersion = { fills: Tally; income: Tally; equity: Tally & { value: number | null } };

const num = (value: unknown): number | null => (value == null ? null : Number(value));

/** The version of a key's fills alone (what the closed positions are rebuilt from). */
export async function fillsVersion(db: Kysely<DB>, keyId: number): Promise<Tally> {
  const row = await db
    .selectFrom('trader_fills')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number | null>('time').as('last')])
    .where('key_id', '=', keyId)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), last: num(row?.last) };
}

/** The version of everything the statistics are computed from, in one query. */
export async function historyVersion(db: Kysely<DB>, keyId: number): Promise<HistoryVersion> {
  const { rows } = await sql<Record<string, unknown>>`select
      (select count(*) from trader_fills where key_id = ${keyId}) as fills,
      (select max(time) from trader_fills where key_id = ${keyId}) as fills_last,
      (select count(*) from trader_income where key_id = ${keyId}) as income,
      (select max(time) from trader_income where key_id = ${keyId}) as income_last,
      (select count(*) from trader_equity where key_id = ${keyId}) as equity,
      (select max(at) from trader_equity where key_id = ${keyId}) as equity_last,
      (select equity from trader_equity where key_id = ${keyId} order by at desc limit 1) as equity_value`.execute(
    db,
  );
  const row = rows[0] ?? {};
  return {
    fills: { count: Number(row.fills ?? 0), last: num(row.fills_last) },
    income: { count: Number(row.income ?? 0), last: num(row.income_last) },
    equity: { count: Number(row.equity ?? 0), last: num(row.equity_last), value: num(row.equity_value) },
  };
}

/** The most recent closed positions, newest first (`closed` in closing order). */
export function recentClosed(closed: readonly ClosedPosition[]): ClosedPosition[] {
  return closed.slice(-RECENT_LIMIT).reverse();
}
