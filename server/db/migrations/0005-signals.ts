import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  // Exchange API keys of traders; key and secret encrypted at rest (AES-256-GCM), hints for display.
  await db.schema
    .createTable('trader_keys')
    .addColumn('id', 'integer', serial)
    .addColumn('key_name', 'text', (c) => c.notNull())
    .addColumn('key_value_enc', 'text', (c) => c.notNull())
    .addColumn('secret_value_enc', 'text', (c) => c.notNull())
    .addColumn('key_hint', 'text', (c) => c.notNull())
    .addColumn('co_efficient', real, (c) => c.notNull())
    .addColumn('leverage_coefficient', real, (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();

  // Which role tags may subscribe to a key (spec: permissionMap).
  await db.schema
    .createTable('trader_key_roles')
    .addColumn('key_id', 'integer', (c) => c.notNull().references('trader_keys.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('trader_key_roles_pk', ['key_id', 'role_id'])
    .execute();
  await db.schema
    .createIndex('trader_key_roles_role_idx')
    .on('trader_key_roles')
    .columns(['role_id', 'key_id'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_id', 'integer', (c) => c.notNull().references('trader_keys.id').onDelete('cascade'))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('subscriptions_pk', ['user_id', 'key_id'])
    .execute();
  await db.schema
    .createIndex('subscriptions_key_idx')
    .on('subscriptions')
    .columns(['key_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('advisories')
    .addColumn('id', 'integer', serial)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('advisory_desc', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('advisories_created_idx').on('advisories').column('created_at').execute();

  await db.schema
    .createTable('advisory_keys')
    .addColumn('advisory_id', 'integer', (c) => c.notNull().references('advisories.id').onDelete('cascade'))
    .addColumn('key_id', 'integer', (c) => c.notNull().references('trader_keys.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('advisory_keys_pk', ['advisory_id', 'key_id'])
    .execute();
  await db.schema
    .createIndex('advisory_keys_key_idx')
    .on('advisory_keys')
    .columns(['key_id', 'advisory_id'])
    .execute();

  // One reaction per member per advisory: following 1, reverse-following 2, watching 3.
  await db.schema
    .createTable('advisory_reactions')
    .addColumn('advisory_id', 'integer', (c) => c.notNull().references('advisories.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('advisory_reactions_pk', ['advisory_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('system_messages')
    .addColumn('id', 'integer', serial)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('published_user_name', 'text')
    .addColumn('published_at', epochMs, (c) => c.notNull())
    .addColumn('is_roll', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_pop', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('system_message_dismissals')
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('system_messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('dismissed_at', epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('system_message_dismissals_pk', ['message_id', 'user_id'])
    .execute();

  // Hub events, written in the same transaction as the change they announce; ids only grow, so a
  // client that reconnects with its last id gets what it missed.
  await db.schema
    .createTable('hub_events')
    .addColumn('id', 'integer', serial)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    // Set by the process that fans it out; a sweep publishes what a crashed process left behind.
    .addColumn('published_at', epochMs)
    .execute();
  await db.schema
    .createIndex('hub_events_unpublished_idx')
    .on('hub_events')
    .columns(['published_at', 'id'])
    .execute();
}
