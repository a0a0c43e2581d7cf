import type { Insertable, Selectable } from 'kysely';
import { ORDER_STATUS, POSITION_MODE } from '#shared/trading.ts';
import type {
  TraderFillsTable,
  TraderIncomeTable,
  TraderOrdersTable,
  TraderPositionsTable,
} from '../../db/schema.ts';
import type { Fill, IncomeEntry, Order, Position, PositionChange } from '../../exchange/exchange-reader.ts';

// The exchange layer's types (exchange-reader.ts) -> the rows the sync stores (migration 0012). A code the
// exchange layer could not read (null) is stored as -1 for types and statuses, and as one-way mode for a
// position side (what an account without hedge mode has).

export type PositionRow = Selectable<TraderPositionsTable>;
export type OrderRow = Selectable<TraderOrdersTable>;
export type FillRow = Selectable<TraderFillsTable>;
export type IncomeRow = Insertable<TraderIncomeTable>;

const UNKNOWN = -1;
const modeOf = (mode: number | null) => mode ?? POSITION_MODE.single;

/** Orders that are still working at the exchange; any other status takes the order out of the open ones. */
const OPEN_STATUSES: ReadonlySet<number> = new Set([
  ORDER_STATUS.new,
  ORDER_STATUS.partiallyFilled,
  ORDER_STATUS.pendingCancel,
]);
export const isOpenOrder = (order: Order) => order.status !== null && OPEN_STATUSES.has(order.status);

/** A position's identity within a key. */
export const positionId = (row: { symbol: string; position_side: number }) =>
  `${row.symbol}:${row.position_side}`;

/** An order's id: the order id, or the conditional order's algo id. */
export const orderIdOf = (order: Order) => String(order.orderId ?? order.algoId ?? '');

/** Leverage as the margin the exchange holds for the notional (Binance's positionRisk v3 has no leverage). */
function leverageOf(position: Position, previous: PositionRow | undefined): number {
  if (position.initialMargin > 0 && position.notional !== 0)
    return Math.round(Math.abs(position.notional) / position.initialMargin);
  return previous?.leverage ?? 0;
}

/** A position as the REST reconciliation reads it; the time it opened is kept from before, or given. */
export function positionRow(
  keyId: number,
  position: Position,
  previous: PositionRow | undefined,
  openedAt: number | null,
): PositionRow {
  const isolated = position.isolatedMargin > 0;
  return {
    key_id: keyId,
    symbol: position.symbol,
    position_side: modeOf(position.mode),
    size: position.amount,
    entry_price: position.entryPrice,
    mark_price: position.markPrice,
    unrealized_pnl: position.unrealizedPnl,
    leverage: leverageOf(position, previous),
    margin_mode: isolated ? 'isolated' : 'cross',
    liquidation_price: position.liquidationPrice || null,
    margin: isolated ? position.isolatedMargin : position.initialMargin,
    opened_at: previous?.opened_at ?? openedAt,
    updated_at: position.updatedAt,
  };
}

/**
 * A position as an ACCOUNT_UPDATE reports it: size, entry price and unrealized PnL; the mark price,
 * leverage and liquidation price the event lacks are kept from before (the next reconciliation reads them).
 */
export function positionChangeRow(
  keyId: number,
  change: PositionChange,
  previous: PositionRow | undefined,
  time: number,
): PositionRow {
  return {
    key_id: keyId,
    symbol: change.symbol,
    position_side: modeOf(change.mode),
    size: change.amount,
    entry_price: change.entryPrice,
    mark_price: previous?.mark_price ?? change.entryPrice,
    unrealized_pnl: change.unrealizedPnl,
    leverage: previous?.leverage ?? 0,
    margin_mode: change.isolated ? 'isolated' : 'cross',
    liquidation_price: previous?.liquidation_price ?? null,
    margin: change.isolated ? change.isolatedWallet : (previous?.margin ?? null),
    opened_at: previous?.opened_at ?? time,
    updated_at: time,
  };
}

export function orderRow(keyId: number, order: Order, previous: OrderRow | undefined): OrderRow {
  return {
    key_id: keyId,
    order_id: orderIdOf(order),
    symbol: order.symbol,
    algo: order.algoId !== null && order.orderId === null ? 1 : 0,
    type: order.type ?? UNKNOWN,
    status: order.status ?? UNKNOWN,
    side: order.side ?? UNKNOWN,
    position_side: modeOf(order.mode),
    price: order.price || null,
    trigger_price: order.stopPrice || null,
    quantity: order.quantity,
    filled: order.filledQuantity,
    reduce_only: order.reduceOnly || order.closePosition ? 1 : 0,
    created_at: previous?.created_at ?? order.createdAt,
    updated_at: order.updatedAt,
  };
}

export function fillRow(keyId: number, fill: Fill): FillRow {
  return {
    key_id: keyId,
    symbol: fill.symbol,
    trade_id: String(fill.id),
    order_id: String(fill.orderId),
    side: fill.side ?? UNKNOWN,
    position_side: modeOf(fill.mode),
    price: fill.price,
    quantity: fill.quantity,
    realized_pnl: fill.realizedPnl,
    commission: fill.commission,
    commission_asset: fill.commissionAsset,
    maker: fill.maker ? 1 : 0,
    time: fill.time,
  };
}

/** Income entries are unique by the exchange's transaction id within their type (the table's key). */
export function incomeRow(keyId: number, entry: IncomeEntry): IncomeRow {
  const prefix = `${entry.exchangeType}:`;
  return {
    key_id: keyId,
    tran_id: entry.id.startsWith(prefix) ? entry.id.slice(prefix.length) : entry.id,
    income_type: entry.exchangeType,
    symbol: entry.symbol,
    amount: entry.amount,
    asset: entry.asset,
    time: entry.time,
  };
}

const POSITION_FIELDS = [
  'size',
  'entry_price',
  'mark_price',
  'unrealized_pnl',
  'leverage',
  'margin_mode',
  'liquidation_price',
  'margin',
  'opened_at',
] as const;
const ORDER_FIELDS = [
  'symbol',
  'type',
  'status',
  'side',
  'price',
  'trigger_price',
  'quantity',
  'filled',
  'reduce_only',
] as const;

/** Whether storing `next` over `previous` changes what members see. */
export const positionChanged = (previous: PositionRow | undefined, next: PositionRow) =>
  !previous || POSITION_FIELDS.some((field) => previous[field] !== next[field]);
export const orderChanged = (previous: OrderRow | undefined, next: OrderRow) =>
  !previous || ORDER_FIELDS.some((field) => previous[field] !== next[field]);
