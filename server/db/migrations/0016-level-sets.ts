import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * Support and pressure levels (/pressure): the level sets analysts publish (a symbol and timeframe, bias,
 * invalidation, targets, notes, expiry), who may see each (`level_set_roles`, none: every member, like a
 * trader key's permission map), their levels, the members watching a set, and where the live price last
 * stood against each watched level (`level_marks`: a crossing is the side changing, recorded once).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('level_sets')
    .addColumn('id', 'integer', id)
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('timeframe', 'text', (c) => c.notNull())
    .addColumn('bias', 'text', (c) => c.notNull())
    .addColumn('invalidation_price', real)
    .addColumn('targets', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('expires_at', epochMs)
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('published_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('level_sets_symbol_idx')
    .on('level_sets')
    .columns(['symbol', 'published_at'])
    .execute();
  await db.schema
    .createTable('level_set_roles')
    .addColumn('set_id', 'integer', (c) => c.notNull().references('level_sets.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('level_set_roles_pk', ['set_id', 'role_id'])
    .execute();
  await db.schema
    .createTable('levels')
    .addColumn('id', 'integer', id)
    .addColumn('set_id', 'integer', (c) => c.notNull().references('level_sets.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('price', real, (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('strength', 'integer')
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('levels_set_idx').on('levels').column('set_id').execute();
  await db.schema
    .createTable('level_watches')
    .addColumn('set_id', 'integer', (c) => c.notNull().references('level_sets.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('level_watches_pk', ['set_id', 'user_id'])
    .execute();
  await db.schema.createIndex('level_watches_user_idx').on('level_watches').column('user_id').execute();
  await db.schema
    .createTable('level_marks')
    .addColumn('level_id', 'integer', (c) => c.primaryKey().references('levels.id').onDelete('cascade'))
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('price', real, (c) => c.notNull())
    .addColumn('at', epochMs, (c) => c.notNull())
    .execute();
}
