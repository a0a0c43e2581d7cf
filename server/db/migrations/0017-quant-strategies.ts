import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * Quantitative strategies admins publish (/api/Quant/...): what a strategy is, its backtest or live results
 * (entered by hand or imported from a freqtrade result file; ratios as fractions, null where not given), the
 * role tags that may see it (none: every member), its symbols (for filtering) and its daily series (profit or
 * equity per UTC day, for the equity curve, drawdowns and monthly returns). Days and the test period are
 * epoch milliseconds of the day's UTC midnight.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const strategyId = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('quant_strategies.id').onDelete('cascade');

  await db.schema
    .createTable('quant_strategies')
    .addColumn('id', 'integer', serial)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('timeframe', 'text', (c) => c.notNull())
    .addColumn('risk_level', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // JSON: [{ key, value }] in the admin's order (shown, never queried).
    .addColumn('parameters', 'text', (c) => c.notNull())
    .addColumn('trader_key_id', 'integer', (c) => c.references('trader_keys.id').onDelete('set null'))
    .addColumn('results_source', 'text', (c) => c.notNull())
    .addColumn('total_return', real)
    .addColumn('annualized_return', real)
    .addColumn('max_drawdown', real)
    .addColumn('sharpe', real)
    .addColumn('sortino', real)
    .addColumn('calmar', real)
    .addColumn('win_rate', real)
    .addColumn('profit_factor', real)
    .addColumn('trades', 'integer')
    .addColumn('period_start', epochMs)
    .addColumn('period_end', epochMs)
    .addColumn('starting_balance', real)
    .addColumn('final_balance', real)
    .addColumn('currency', 'text')
    // 'profit' or 'equity' when the strategy has a daily series; null without one.
    .addColumn('daily_kind', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quant_strategy_roles')
    .addColumn('strategy_id', 'integer', strategyId)
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('quant_strategy_roles_pk', ['strategy_id', 'role_id'])
    .execute();
  await db.schema
    .createIndex('quant_strategy_roles_role_idx')
    .on('quant_strategy_roles')
    .columns(['role_id', 'strategy_id'])
    .execute();

  await db.schema
    .createTable('quant_strategy_symbols')
    .addColumn('strategy_id', 'integer', strategyId)
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('quant_strategy_symbols_pk', ['strategy_id', 'position'])
    .execute();
  await db.schema
    .createIndex('quant_strategy_symbols_symbol_idx')
    .on('quant_strategy_symbols')
    .columns(['symbol', 'strategy_id'])
    .execute();

  await db.schema
    .createTable('quant_strategy_days')
    .addColumn('strategy_id', 'integer', strategyId)
    .addColumn('day', epochMs, (c) => c.notNull())
    .addColumn('value', real, (c) => c.notNull())
    .addPrimaryKeyConstraint('quant_strategy_days_pk', ['strategy_id', 'day'])
    .execute();
}
