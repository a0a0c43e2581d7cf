import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * The market desk's allow-list (admins pick symbols from the exchange's list at /admin/content/market): the
 * only symbols whose candles and tickers the server fetches for members. What the exchange said of the
 * symbol when it was added is kept, so that the list reads without calling the exchange.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  await db.schema
    .createTable('market_symbols')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('base_asset', 'text', (c) => c.notNull())
    .addColumn('quote_asset', 'text', (c) => c.notNull())
    .addColumn('price_precision', 'integer', (c) => c.notNull())
    .addColumn('quantity_precision', 'integer', (c) => c.notNull())
    .addColumn('tick_size', real)
    .addColumn('added_at', epochMs, (c) => c.notNull())
    .addColumn('added_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}
