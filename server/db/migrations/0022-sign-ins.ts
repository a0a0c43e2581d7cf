import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * The security settings' sign-in history: one row per sign-in (a password typed at /Auth/PostLogin, or a
 * silent renewal the provider answered from its session), with the client address and the approximate
 * region a GeoIP database gave at that moment (JSON of names per language; null when unknown). The newest
 * 50 per person are kept; the index serves both the list and the pruning.
 *
 * Also an index of the members' reactions by person and time, for the engagement page (the primary key
 * starts with the strategy).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('sign_ins')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', epochMs, (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('region', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addCheckConstraint('sign_ins_method_check', sql`method in ('password', 'silent')`)
    .execute();
  await db.schema
    .createIndex('sign_ins_user_at_idx')
    .on('sign_ins')
    .columns(['user_id', 'at desc', 'id desc'])
    .execute();

  await db.schema
    .createIndex('advisory_reactions_user_at_idx')
    .on('advisory_reactions')
    .columns(['user_id', 'created_at desc'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('advisory_reactions_user_at_idx').execute();
  await db.schema.dropTable('sign_ins').execute();
}
