import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * What the portal reads from the traders' own exchange accounts (live trading and statistics): each key's
 * last check (its restrictions, or why it could not be read) and who syncs it (a lease), the account's
 * current positions and open orders, and its history: fills (one row per exchange trade), income entries
 * (realized PnL, funding, commission, transfers) and hourly equity snapshots. Amounts are doubles: they
 * are shown and summed, never settled.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  const keyId = (c: import('kysely').ColumnDefinitionBuilder) =>
    c.notNull().references('trader_keys.id').onDelete('cascade');

  // The key's restrictions as last read, or the state that kept them from being read.
  await db.schema
    .createTable('trader_key_checks')
    .addColumn('key_id', 'integer', (c) => keyId(c).primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('can_read', 'integer')
    .addColumn('can_trade', 'integer')
    .addColumn('can_withdraw', 'integer')
    .addColumn('ip_restricted', 'integer')
    .addColumn('checked_at', epochMs, (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', epochMs)
    .execute();

  // One process follows a key at a time: it holds the lease until `lease_until` and renews it. `live_seq`
  // numbers the key's stored changes (positions, orders, fills): the hub's TraderLiveChanged carries it, a
  // client applies the changes after its snapshot's number and fetches a new snapshot on a gap.
  await db.schema
    .createTable('trader_key_sync')
    .addColumn('key_id', 'integer', (c) => keyId(c).primaryKey())
    .addColumn('holder', 'text')
    .addColumn('lease_until', epochMs, (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('idle'))
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', epochMs)
    .addColumn('reconciled_at', epochMs)
    .addColumn('fills_until', epochMs)
    .addColumn('income_until', epochMs)
    .addColumn('live_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('trader_positions')
    .addColumn('key_id', 'integer', keyId)
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('position_side', 'integer', (c) => c.notNull())
    .addColumn('size', real, (c) => c.notNull())
    .addColumn('entry_price', real, (c) => c.notNull())
    .addColumn('mark_price', real, (c) => c.notNull())
    .addColumn('unrealized_pnl', real, (c) => c.notNull())
    .addColumn('leverage', real, (c) => c.notNull())
    .addColumn('margin_mode', 'text', (c) => c.notNull())
    .addColumn('liquidation_price', real)
    .addColumn('margin', real)
    .addColumn('opened_at', epochMs)
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('trader_positions_pk', ['key_id', 'symbol', 'position_side'])
    .execute();

  await db.schema
    .createTable('trader_orders')
    .addColumn('key_id', 'integer', keyId)
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('algo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('side', 'integer', (c) => c.notNull())
    .addColumn('position_side', 'integer', (c) => c.notNull())
    .addColumn('price', real)
    .addColumn('trigger_price', real)
    .addColumn('quantity', real, (c) => c.notNull())
    .addColumn('filled', real, (c) => c.notNull().defaultTo(0))
    .addColumn('reduce_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('trader_orders_pk', ['key_id', 'order_id'])
    .execute();

  // Trade ids are unique per symbol at the exchange: that pair is what makes a fill counted once.
  await db.schema
    .createTable('trader_fills')
    .addColumn('key_id', 'integer', keyId)
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('trade_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('side', 'integer', (c) => c.notNull())
    .addColumn('position_side', 'integer', (c) => c.notNull())
    .addColumn('price', real, (c) => c.notNull())
    .addColumn('quantity', real, (c) => c.notNull())
    .addColumn('realized_pnl', real, (c) => c.notNull())
    .addColumn('commission', real, (c) => c.notNull())
    .addColumn('commission_asset', 'text', (c) => c.notNull())
    .addColumn('maker', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time', epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('trader_fills_pk', ['key_id', 'symbol', 'trade_id'])
    .execute();
  await db.schema
    .createIndex('trader_fills_time_idx')
    .on('trader_fills')
    .columns(['key_id', 'time'])
    .execute();

  await db.schema
    .createTable('trader_income')
    .addColumn('key_id', 'integer', keyId)
    .addColumn('tran_id', 'text', (c) => c.notNull())
    .addColumn('income_type', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text')
    .addColumn('amount', real, (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('time', epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('trader_income_pk', ['key_id', 'tran_id', 'income_type'])
    .execute();
  await db.schema
    .createIndex('trader_income_time_idx')
    .on('trader_income')
    .columns(['key_id', 'time'])
    .execute();

  // One snapshot per key and hour (`at` is the hour's start).
  await db.schema
    .createTable('trader_equity')
    .addColumn('key_id', 'integer', keyId)
    .addColumn('at', epochMs, (c) => c.notNull())
    .addColumn('equity', real, (c) => c.notNull())
    .addColumn('unrealized_pnl', real, (c) => c.notNull())
    .addPrimaryKeyConstraint('trader_equity_pk', ['key_id', 'at'])
    .execute();
}
