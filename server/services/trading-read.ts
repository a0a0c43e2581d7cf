import type { Kysely, Selectable } from 'kysely';
import { ORDER_STATUS } from '#shared/trading.ts';
import { idsOrNone } from '../db/in-list.ts';
import type { DB, TraderFillsTable, TraderOrdersTable, TraderPositionsTable } from '../db/schema.ts';
import type { ClosedPosition } from '../trading/statistics.ts';
import { DomainError } from './errors.ts';
import { consistentRead, fillsVersion, RECENT_LIMIT } from './trading-read-history.ts';
import type { TradingReadCache } from './trading-read-store.ts';

// Live trading, the read side: the traders a caller watches with how syncing them goes, and a trader's
// account now (positions, open orders, recent fills and closed positions) as the sync worker stored it.
// Who may read which key is the route's question (policies/trader-live.ts); these read rows.

export type TraderRow = {
  id: number;
  key_name: string;
  co_efficient: number;
  leverage_coefficient: number;
  sync_state: string | null;
  reconciled_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
};

/** Trader keys with their sync state (none stored yet: null), by id; `'all'` or only these keys. */
export async function listTraders(db: Kysely<DB>, keys: 'all' | number[]): Promise<TraderRow[]> {
  let query = db
    .selectFrom('trader_keys as k')
    .leftJoin('trader_key_sync as s', 's.key_id', 'k.id')
    .select([
      'k.id',
      'k.key_name',
      'k.co_efficient',
      'k.leverage_coefficient',
      's.state as sync_state',
      's.reconciled_at',
      's.last_error',
      's.last_error_at',
    ])
    .orderBy('k.id');
  if (keys !== 'all') query = query.where('k.id', 'in', idsOrNone(keys));
  return query.execute();
}

/** A key's id and name, or a notFound DomainError. */
export async function traderKeyOf(db: Kysely<DB>, keyId: number): Promise<{ id: number; key_name: string }> {
  const key = await db
    .selectFrom('trader_keys')
    .select(['id', 'key_name'])
    .where('id', '=', keyId)
    .executeTakeFirst();
  if (!key) throw new DomainError('notFound', 'traderKeyNotFound', { keyId: ['traderKeyNotFound'] });
  return key;
}

export type LiveSnapshotRows = {
  keyId: number;
  seq: number;
  syncedAt: number | null;
  positions: Selectable<TraderPositionsTable>[];
  orders: Selectable<TraderOrdersTable>[];
  /** Newest first. */
  fills: Selectable<TraderFillsTable>[];
  /** Newest first. */
  closed: ClosedPosition[];
};

/** Orders still working at the exchange (the table may keep an order's last state for a while). */
const OPEN_ORDER_STATUSES = [ORDER_STATUS.new, ORDER_STATUS.partiallyFilled, ORDER_STATUS.pendingCancel];

/**
 * A key's account now, every part read in one transaction with the key's live sequence number, so a client
 * that applies the hub's changes after `seq` neither misses one nor applies one twice. Closed positions are
 * rebuilt from the stored fills (positions.ts); `cache` keeps the book and applies only fills added since.
 */
export async function liveSnapshot(
  db: Kysely<DB>,
  cache: TradingReadCache,
  keyId: number,
): Promise<LiveSnapshotRows> {
  return consistentRead(db, async (trx) => {
    await traderKeyOf(trx, keyId);
    const sync = await trx
      .selectFrom('trader_key_sync')
      .select(['reconciled_at', 'live_seq'])
      .where('key_id', '=', keyId)
      .executeTakeFirst();
    const positions = await trx
      .selectFrom('trader_positions')
      .selectAll()
      .where('key_id', '=', keyId)
      .orderBy('symbol')
      .orderBy('position_side')
      .execute();
    const orders = await trx
      .selectFrom('trader_orders')
      .selectAll()
      .where('key_id', '=', keyId)
      .where('status', 'in', OPEN_ORDER_STATUSES)
      .orderBy('created_at', 'desc')
      .orderBy('order_id', 'desc')
      .execute();
    const fills = await trx
      .selectFrom('trader_fills')
      .selectAll()
      .where('key_id', '=', keyId)
      .orderBy('time', 'desc')
      .orderBy('trade_id', 'desc')
      .limit(RECENT_LIMIT)
      .execute();
    const closed = await cache.recentClosed(trx, keyId, await fillsVersion(trx, keyId));
    return {
      keyId,
      // The sync worker numbers a key's stored live changes, in the transaction of each change.
      seq: Number(sync?.live_seq ?? 0),
      syncedAt: sync?.reconciled_at ?? null,
      positions,
      orders,
      fills,
      closed,
    };
  });
}
