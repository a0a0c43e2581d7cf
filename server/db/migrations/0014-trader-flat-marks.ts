import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * Where each symbol of a key was last flat (no position on any side): the fill after which it was. The sync
 * rebuilds a symbol's positions from the fills after that mark instead of its whole history, so the work a
 * fill costs does not grow with the trader's history; `trader_fills_symbol_time_idx` reads them.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('trader_flat_marks')
    .addColumn('key_id', 'integer', (c) => c.notNull().references('trader_keys.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('time', epochMs, (c) => c.notNull())
    .addColumn('trade_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('trader_flat_marks_pk', ['key_id', 'symbol'])
    .execute();
  await db.schema
    .createIndex('trader_fills_symbol_time_idx')
    .on('trader_fills')
    .columns(['key_id', 'symbol', 'time'])
    .execute();
}
