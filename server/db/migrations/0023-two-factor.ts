import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * Two-factor sign-in (TOTP). `users.two_factor_enabled_at` says whether a person has it (read with their
 * roles on every call: administrators without it are sent to set it up). `user_two_factor` holds the
 * authenticator's secret, encrypted with a key derived from APP_SECRET, while it is being set up
 * (`confirmed_at` null) and once confirmed, with the last time step a code was accepted for (a code is good
 * once). `user_recovery_codes` holds the ten single-use recovery codes as keyed hashes.
 * `session_two_factor` holds, per provider session, when a code was last typed in it (sensitive admin actions
 * ask again when that is older than 10 minutes).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.alterTable('users').addColumn('two_factor_enabled_at', epochMs).execute();
  await db.schema
    .createTable('user_two_factor')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', epochMs)
    .addColumn('last_step', epochMs)
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', epochMs)
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('session_two_factor')
    .addColumn('session_uid', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('verified_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('session_two_factor_user_idx')
    .on('session_two_factor')
    .column('user_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('session_two_factor').execute();
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.dropTable('user_two_factor').execute();
  await db.schema.alterTable('users').dropColumn('two_factor_enabled_at').execute();
}
