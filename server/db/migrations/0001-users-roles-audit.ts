import type { Kysely } from 'kysely';
import { BUILT_IN_ROLES } from '#shared/roles.ts';
import type { Dialect } from '../dialect.ts';

// Migrations see the database untyped: they describe the schema at their point in history.
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('nick_name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('email_confirmed_at', epochMs)
    .addColumn('member_expiry_date', epochMs)
    .addColumn('member_credit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pic', 'text')
    .addColumn('gender', 'text')
    .addColumn('phone', 'text')
    .addColumn('locale', 'text')
    .addColumn('security_stamp', 'text', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_user_name_idx').on('users').column('user_name').execute();
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema
    .createIndex('user_roles_role_idx')
    .on('user_roles')
    .columns(['role_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('at', epochMs, (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'at']).execute();

  const now = Date.now();
  await db
    .insertInto('roles')
    .values(
      BUILT_IN_ROLES.map((name) => ({
        name,
        name_normalized: name.toLowerCase(),
        built_in: 1,
        created_at: now,
      })),
    )
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('user_roles').execute();
  await db.schema.dropTable('roles').execute();
  await db.schema.dropTable('users').execute();
}
