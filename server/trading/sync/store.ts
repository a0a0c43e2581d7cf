import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type {
  AccountEvent,
  Balance,
  Fill,
  IncomeEntry,
  Order,
  OrderEvent,
  Position,
} from '../../exchange/exchange-reader.ts';
import { toFill } from '../../services/trading-read-history.ts';
import {
  type ClosedPosition,
  compareFills,
  type Fill as PositionFill,
  type RebuiltPositions,
  rebuildPositions,
} from '../positions.ts';
import {
  type FillRow,
  fillRow,
  incomeRow,
  isOpenOrder,
  type OrderRow,
  orderChanged,
  orderIdOf,
  orderRow,
  type PositionRow,
  positionChanged,
  positionChangeRow,
  positionId,
  positionRow,
} from './rows.ts';

// What the sync stores, one transaction per change: the REST reconciliation (positions and open orders
// replaced, fills and income added once each, the hour's equity snapshot), an order event (the order, and
// its fill) and an account event (positions). A change members can see bumps the key's live sequence number
// in the same transaction and is returned, to be published after the commit (TraderLiveChanged).

/** One stored change of a key's account, as rows; `seq` is the key's live sequence number after it. */
export type LiveChangeRows = {
  keyId: number;
  seq: number;
  positions: PositionRow[];
  removedPositions: { symbol: string; position_side: number }[];
  orders: OrderRow[];
  removedOrders: string[];
  fills: FillRow[];
  closed: ClosedPosition[];
  opened: { symbol: string; position_side: number }[];
};
type Change = Omit<LiveChangeRows, 'keyId' | 'seq'>;

/** What one REST reconciliation read. */
export type AccountRead = {
  /** When the reads began (epoch ms): history up to here is stored once this is. */
  startedAt: number;
  positions: Position[];
  orders: Order[];
  fills: Fill[];
  income: IncomeEntry[];
  balance: Balance;
  /** When the balance was read (epoch ms): the time of the equity snapshot it becomes. */
  balanceAt: number;
};

const HOUR_MS = 3_600_000;
/** Rows per multi-row insert (SQLite allows 999 bound values; fills have 13 columns). */
const CHUNK = 50;

const emptyChange = (): Change => ({
  positions: [],
  removedPositions: [],
  orders: [],
  removedOrders: [],
  fills: [],
  closed: [],
  opened: [],
});
const isEmpty = (change: Change) => Object.values(change).every((list) => list.length === 0);

/** Adds fills not stored yet (the exchange's trade id per symbol decides); answers those it added. */
async function insertFills(trx: Transaction<DB>, keyId: number, fills: Fill[]): Promise<FillRow[]> {
  const added: FillRow[] = [];
  for (let at = 0; at < fills.length; at += CHUNK) {
    const rows = fills.slice(at, at + CHUNK).map((fill) => fillRow(keyId, fill));
    added.push(
      ...(await trx
        .insertInto('trader_fills')
        .values(rows)
        .onConflict((oc) => oc.columns(['key_id', 'symbol', 'trade_id']).doNothing())
        .returningAll()
        .execute()),
    );
  }
  return added;
}

async function insertIncome(trx: Transaction<DB>, keyId: number, entries: IncomeEntry[]): Promise<void> {
  for (let at = 0; at < entries.length; at += CHUNK) {
    await trx
      .insertInto('trader_income')
      .values(entries.slice(at, at + CHUNK).map((entry) => incomeRow(keyId, entry)))
      .onConflict((oc) => oc.columns(['key_id', 'tran_id', 'income_type']).doNothing())
      .execute();
  }
}

/**
 * The positions of these symbols rebuilt from their stored fills (what closed, what is open since when):
 * from each symbol's flat mark on (the fill after which it last held no position), or from its first fill
 * when a fill added now comes before the mark (late history). The marks move to where each symbol is last
 * flat, so a fill's work stays the size of the positions still open, not of the trader's history.
 */
async function rebuild(
  trx: Transaction<DB>,
  keyId: number,
  symbols: string[],
  added: readonly FillRow[],
): Promise<RebuiltPositions> {
  if (symbols.length === 0) return { closed: [], open: [], ignoredFills: 0, flat: new Map() };
  const marks = new Map(
    (
      await trx
        .selectFrom('trader_flat_marks')
        .select(['symbol', 'time', 'trade_id'])
        .where('key_id', '=', keyId)
        .where('symbol', 'in', symbols)
        .execute()
    ).map((mark) => [mark.symbol, { time: Number(mark.time), tradeId: mark.trade_id }]),
  );
  type Mark = Pick<PositionFill, 'time' | 'tradeId'>;
  const after = (fill: Mark, mark: Mark) => compareFills(fill as PositionFill, mark as PositionFill) > 0;
  for (const fill of added) {
    const mark = marks.get(fill.symbol);
    if (mark && !after({ time: fill.time, tradeId: fill.trade_id }, mark)) marks.delete(fill.symbol);
  }
  const fills: PositionFill[] = [];
  for (const symbol of symbols) {
    const mark = marks.get(symbol);
    let query = trx
      .selectFrom('trader_fills')
      .selectAll()
      .where('key_id', '=', keyId)
      .where('symbol', '=', symbol);
    if (mark) query = query.where('time', '>=', mark.time);
    for (const row of await query.orderBy('time').execute()) {
      const fill = toFill(row);
      if (!mark || after(fill, mark)) fills.push(fill);
    }
  }
  const rebuilt = rebuildPositions(fills);
  for (const [symbol, fill] of rebuilt.flat) {
    const mark = { time: fill.time, trade_id: String(fill.tradeId) };
    await trx
      .insertInto('trader_flat_marks')
      .values({ key_id: keyId, symbol, ...mark })
      .onConflict((oc) => oc.columns(['key_id', 'symbol']).doUpdateSet(mark))
      .execute();
  }
  return rebuilt;
}

/** The positions that the added fills closed. */
function closedBy(rebuilt: RebuiltPositions, added: FillRow[]): ClosedPosition[] {
  const closing = new Set(added.map((fill) => `${fill.symbol}:${fill.time}`));
  return rebuilt.closed.filter((position) => closing.has(`${position.symbol}:${position.closeTime}`));
}

const SIDE_CODES = { SHORT: 0, LONG: 1, BOTH: 2 } as const;
function openTimeOf(rebuilt: RebuiltPositions, symbol: string, positionSide: number): number | null {
  const open = rebuilt.open.find((p) => p.symbol === symbol && SIDE_CODES[p.positionSide] === positionSide);
  return open?.openTime ?? null;
}

async function upsertPosition(trx: Transaction<DB>, row: PositionRow): Promise<void> {
  const { key_id, symbol, position_side, ...rest } = row;
  await trx
    .insertInto('trader_positions')
    .values(row)
    .onConflict((oc) => oc.columns(['key_id', 'symbol', 'position_side']).doUpdateSet(rest))
    .execute();
}

async function deletePosition(trx: Transaction<DB>, row: PositionRow): Promise<void> {
  await trx
    .deleteFrom('trader_positions')
    .where('key_id', '=', row.key_id)
    .where('symbol', '=', row.symbol)
    .where('position_side', '=', row.position_side)
    .execute();
}

async function upsertOrder(trx: Transaction<DB>, row: OrderRow): Promise<void> {
  const { key_id, order_id, ...rest } = row;
  await trx
    .insertInto('trader_orders')
    .values(row)
    .onConflict((oc) => oc.columns(['key_id', 'order_id']).doUpdateSet(rest))
    .execute();
}

async function deleteOrder(trx: Transaction<DB>, keyId: number, orderId: string): Promise<void> {
  await trx.deleteFrom('trader_orders').where('key_id', '=', keyId).where('order_id', '=', orderId).execute();
}

/** Numbers a visible change: the key's live sequence number, bumped in the change's transaction. */
async function finish(trx: Transaction<DB>, keyId: number, change: Change): Promise<LiveChangeRows | null> {
  if (isEmpty(change)) return null;
  const row = await trx
    .updateTable('trader_key_sync')
    .set((eb) => ({ live_seq: eb('live_seq', '+', 1) }))
    .where('key_id', '=', keyId)
    .returning('live_seq')
    .executeTakeFirst();
  let seq = row?.live_seq;
  if (seq === undefined) {
    await trx.insertInto('trader_key_sync').values({ key_id: keyId, live_seq: 1 }).execute();
    seq = 1;
  }
  return { keyId, seq: Number(seq), ...change };
}

/**
 * Stores what a REST reconciliation read. Positions and open orders become the exchange's (a row changed
 * by an event after the reads began is left as the event made it), fills and income are added once each,
 * and the hour's equity snapshot is written (the hour's latest stays, at the time its balance was read).
 */
export function storeReconciliation(
  db: Kysely<DB>,
  keyId: number,
  read: AccountRead,
  now = Date.now(),
): Promise<LiveChangeRows | null> {
  return db.transaction().execute(async (trx) => {
    const change = emptyChange();
    const sync = await trx
      .selectFrom('trader_key_sync')
      .select('reconciled_at')
      .where('key_id', '=', keyId)
      .executeTakeFirst();
    const first = !sync?.reconciled_at;
    change.fills = await insertFills(trx, keyId, read.fills);
    await insertIncome(trx, keyId, read.income);

    const storedPositions = await trx
      .selectFrom('trader_positions')
      .selectAll()
      .where('key_id', '=', keyId)
      .execute();
    const positionsBefore = new Map(storedPositions.map((row) => [positionId(row), row]));
    const fresh = read.positions.filter(
      (p) => !positionsBefore.get(positionId({ symbol: p.symbol, position_side: p.mode ?? 2 }))?.opened_at,
    );
    const rebuilt = await rebuild(
      trx,
      keyId,
      [...new Set([...fresh.map((p) => p.symbol), ...change.fills.map((f) => f.symbol)])],
      change.fills,
    );
    const seen = new Set<string>();
    for (const position of read.positions) {
      const side = position.mode ?? 2;
      const previous = positionsBefore.get(positionId({ symbol: position.symbol, position_side: side }));
      const openedAt = openTimeOf(rebuilt, position.symbol, side) ?? (first ? null : read.startedAt);
      const row = positionRow(keyId, position, previous, openedAt);
      seen.add(positionId(row));
      if (previous && previous.updated_at > read.startedAt) continue;
      if (!positionChanged(previous, row)) continue;
      await upsertPosition(trx, row);
      change.positions.push(row);
      if (!previous && !first) change.opened.push({ symbol: row.symbol, position_side: row.position_side });
    }
    for (const previous of storedPositions) {
      if (seen.has(positionId(previous)) || previous.updated_at > read.startedAt) continue;
      await deletePosition(trx, previous);
      change.removedPositions.push({ symbol: previous.symbol, position_side: previous.position_side });
    }

    const storedOrders = await trx
      .selectFrom('trader_orders')
      .selectAll()
      .where('key_id', '=', keyId)
      .execute();
    const ordersBefore = new Map(storedOrders.map((row) => [row.order_id, row]));
    const open = new Set<string>();
    for (const order of read.orders.filter(isOpenOrder)) {
      const previous = ordersBefore.get(orderIdOf(order));
      const row = orderRow(keyId, order, previous);
      open.add(row.order_id);
      if (previous && previous.updated_at > read.startedAt) continue;
      if (!orderChanged(previous, row)) continue;
      await upsertOrder(trx, row);
      change.orders.push(row);
    }
    for (const previous of storedOrders) {
      if (open.has(previous.order_id) || previous.updated_at > read.startedAt) continue;
      await deleteOrder(trx, keyId, previous.order_id);
      change.removedOrders.push(previous.order_id);
    }

    // One snapshot an hour, the hour's latest, stamped with the moment its balance was read: stamped
    // earlier (the hour's start), a transfer made between then and the read would be in the equity but
    // after the snapshot, and the net value would take the deposit for a gain.
    const hour = Math.floor(read.balanceAt / HOUR_MS) * HOUR_MS;
    await trx
      .deleteFrom('trader_equity')
      .where('key_id', '=', keyId)
      .where('at', '>=', hour)
      .where('at', '<', hour + HOUR_MS)
      .execute();
    await trx
      .insertInto('trader_equity')
      .values({
        key_id: keyId,
        at: read.balanceAt,
        equity: read.balance.marginBalance,
        unrealized_pnl: read.balance.unrealizedPnl,
      })
      .execute();
    await trx
      .updateTable('trader_key_sync')
      .set({
        state: 'syncing',
        reconciled_at: now,
        fills_until: read.startedAt,
        income_until: read.startedAt,
      })
      .where('key_id', '=', keyId)
      .execute();
    change.closed = closedBy(rebuilt, change.fills);
    return finish(trx, keyId, change);
  });
}

/** An order changed at the exchange (ORDER_TRADE_UPDATE, ALGO_UPDATE): the order, and the fill it reports. */
export function storeOrderEvent(
  db: Kysely<DB>,
  keyId: number,
  event: OrderEvent,
): Promise<LiveChangeRows | null> {
  return db.transaction().execute(async (trx) => {
    const change = emptyChange();
    if (event.fill) change.fills = await insertFills(trx, keyId, [event.fill]);
    const orderId = orderIdOf(event.order);
    const previous = await trx
      .selectFrom('trader_orders')
      .selectAll()
      .where('key_id', '=', keyId)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (isOpenOrder(event.order)) {
      const row = orderRow(keyId, event.order, previous);
      if ((!previous || previous.updated_at <= row.updated_at) && orderChanged(previous, row)) {
        await upsertOrder(trx, row);
        change.orders.push(row);
      }
    } else if (previous) {
      await deleteOrder(trx, keyId, orderId);
      change.removedOrders.push(orderId);
    }
    if (change.fills.length) {
      change.closed = closedBy(await rebuild(trx, keyId, [event.order.symbol], change.fills), change.fills);
    }
    return finish(trx, keyId, change);
  });
}

/** Balances and positions changed (ACCOUNT_UPDATE): the positions it lists; a size of zero closes one. */
export function storeAccountEvent(
  db: Kysely<DB>,
  keyId: number,
  event: AccountEvent,
): Promise<LiveChangeRows | null> {
  return db.transaction().execute(async (trx) => {
    const change = emptyChange();
    for (const position of event.positions) {
      const previous = await trx
        .selectFrom('trader_positions')
        .selectAll()
        .where('key_id', '=', keyId)
        .where('symbol', '=', position.symbol)
        .where('position_side', '=', position.mode ?? 2)
        .executeTakeFirst();
      if (previous && previous.updated_at > event.transactionTime) continue;
      if (position.amount === 0) {
        if (!previous) continue;
        await deletePosition(trx, previous);
        change.removedPositions.push({ symbol: previous.symbol, position_side: previous.position_side });
        continue;
      }
      const row = positionChangeRow(keyId, position, previous, event.transactionTime);
      if (!positionChanged(previous, row)) continue;
      await upsertPosition(trx, row);
      change.positions.push(row);
      if (!previous) change.opened.push({ symbol: row.symbol, position_side: row.position_side });
    }
    return finish(trx, keyId, change);
  });
}
