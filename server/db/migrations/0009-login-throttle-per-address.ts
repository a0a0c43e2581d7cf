import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * Sign-in failures are counted per account and client address (`client`: the address, an IPv6 /64, or
 * `*` for the account-wide count), so that failures from one address lock the account for that address
 * only. The counts so far were per account: they are kept as account-wide counts.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('login_throttle_by_client')
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lockout_end', epochMs)
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('login_throttle_by_client_pk', ['email_normalized', 'client'])
    .execute();
  await db
    .insertInto('login_throttle_by_client')
    .columns(['email_normalized', 'client', 'failed_count', 'lockout_end', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('login_throttle')
        .select([
          'email_normalized',
          sql<string>`'*'`.as('client'),
          'failed_count',
          'lockout_end',
          'updated_at',
        ]),
    )
    .execute();
  await db.schema.dropTable('login_throttle').execute();
  await db.schema.alterTable('login_throttle_by_client').renameTo('login_throttle').execute();
  await db.schema
    .createIndex('login_throttle_updated_idx')
    .on('login_throttle')
    .column('updated_at')
    .execute();
}
