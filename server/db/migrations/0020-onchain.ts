import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * On-chain monitoring (/monitoring): alerts about large transfers, written by admins (published at once) or
 * found by the watcher (queued for an admin, or published at once above a second threshold); each watcher
 * alert is stored once per chain, transaction and log index, however often its blocks are read. Amounts are
 * decimal text (exact whatever the token's decimals); US dollar values doubles. Addresses and hashes are
 * lower case. Labels (address → owner and kind, the same address on every chain) are joined when alerts are
 * read, not copied into them. The watcher's state per chain: how far it has read (and that block's hash, to
 * notice a reorganisation deeper than the confirmation depth), the head it last saw, its errors and backoff,
 * and the lease of the one process that follows the chain.
 *
 * Chains, directions, kinds, importance, statuses and sources are checked here as well as by the API, with
 * the values of shared/onchain.ts at the time of writing.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const chains = sql`('ethereum', 'bsc', 'polygon', 'arbitrum', 'optimism', 'base')`;

  await db.schema
    .createTable('onchain_alerts')
    .addColumn('id', 'integer', id)
    .addColumn('chain', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('token_address', 'text')
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('usd_value', real)
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('log_index', 'integer')
    .addColumn('block_number', epochMs)
    // The block's hash when the watcher read it (null for alerts written by hand).
    .addColumn('block_hash', 'text')
    .addColumn('occurred_at', epochMs, (c) => c.notNull())
    .addColumn('importance', 'text', (c) => c.notNull().defaultTo('normal'))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('published_at', epochMs)
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    // A transfer is one log: never stored twice (alerts without a log index, written by hand, are not held
    // to it: NULLs are distinct in a unique constraint on both databases).
    .addUniqueConstraint('onchain_alerts_transfer_key', ['chain', 'tx_hash', 'log_index'])
    .addCheckConstraint('onchain_alerts_chain_check', sql`chain in ${chains}`)
    .addCheckConstraint(
      'onchain_alerts_direction_check',
      sql`direction in ('exchange_inflow', 'exchange_outflow', 'transfer', 'mint', 'burn')`,
    )
    .addCheckConstraint('onchain_alerts_importance_check', sql`importance in ('normal', 'high')`)
    .addCheckConstraint('onchain_alerts_status_check', sql`status in ('queued', 'published', 'discarded')`)
    .addCheckConstraint('onchain_alerts_source_check', sql`source in ('manual', 'watcher')`)
    .addCheckConstraint(
      'onchain_alerts_published_check',
      sql`(status = 'published') = (published_at is not null)`,
    )
    .addCheckConstraint('onchain_alerts_usd_check', sql`usd_value is null or usd_value >= 0`)
    .execute();
  // Members' list (published, newest first) and the admins' (by status).
  await db.schema
    .createIndex('onchain_alerts_status_time_idx')
    .on('onchain_alerts')
    .columns(['status', 'occurred_at desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('onchain_address_labels')
    .addColumn('id', 'integer', id)
    .addColumn('address', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .addCheckConstraint(
      'onchain_address_labels_kind_check',
      sql`kind in ('exchange', 'fund', 'project', 'other')`,
    )
    .addCheckConstraint('onchain_address_labels_address_check', sql`address = lower(address)`)
    .execute();

  await db.schema
    .createTable('onchain_watcher_state')
    .addColumn('chain', 'text', (c) => c.primaryKey())
    .addColumn('last_processed_block', epochMs)
    .addColumn('last_block_hash', 'text')
    .addColumn('head_block', epochMs)
    // Kept after later good runs, so admins see what last went wrong and when; error_count says whether
    // it still does.
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', epochMs)
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    // While backing off: the same blocks are read again from then on.
    .addColumn('retry_at', epochMs)
    .addColumn('last_run_at', epochMs)
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', epochMs)
    .addCheckConstraint('onchain_watcher_state_chain_check', sql`chain in ${chains}`)
    .execute();
}
