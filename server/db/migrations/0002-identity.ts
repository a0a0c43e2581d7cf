import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  // Everything the OpenID provider persists (sessions, grants, interactions, codes, refresh tokens).
  await db.schema
    .createTable('oidc_payloads')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('account_id', 'text')
    // For sessions: the device a person signed in from, shown on the security settings page.
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('expires_at', epochMs)
    .addColumn('consumed_at', epochMs)
    .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
    .execute();
  await db.schema.createIndex('oidc_payloads_grant_idx').on('oidc_payloads').column('grant_id').execute();
  await db.schema
    .createIndex('oidc_payloads_uid_idx')
    .on('oidc_payloads')
    .columns(['model', 'uid'])
    .execute();
  await db.schema
    .createIndex('oidc_payloads_account_idx')
    .on('oidc_payloads')
    .columns(['model', 'account_id'])
    .execute();
  await db.schema.createIndex('oidc_payloads_expires_idx').on('oidc_payloads').column('expires_at').execute();

  // Signing keys and other generated secrets, encrypted with a key derived from APP_SECRET.
  await db.schema
    .createTable('app_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('material', 'text', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();

  // Failed sign-ins per e-mail, known or not, so a lockout does not reveal that an account exists.
  await db.schema
    .createTable('login_throttle')
    .addColumn('email_normalized', 'text', (c) => c.primaryKey())
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lockout_end', epochMs)
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();

  // Single-use codes sent by mail: e-mail confirmation, password reset, e-mail change. Only hashes are kept.
  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'integer', serial)
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('new_email', 'text')
    .addColumn('expires_at', epochMs, (c) => c.notNull())
    .addColumn('used_at', epochMs)
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_tokens_user_idx')
    .on('user_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', serial)
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('sent_at', epochMs)
    .addColumn('error', 'text')
    .execute();

  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
}
