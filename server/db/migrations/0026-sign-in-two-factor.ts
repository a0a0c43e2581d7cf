import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * The sign-in history tells a sign-in that took a second step (a code from the authenticator or a recovery
 * code after the password) from one with the password alone: method `twoFactor`. SQLite cannot change a
 * check constraint in place, so its table is rebuilt with the rows, ids and index kept.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await replaceMethodCheck(db, dialect, ['password', 'twoFactor', 'silent']);
}

export async function down(db: AnyDb, dialect: Dialect): Promise<void> {
  await db.updateTable('sign_ins').set({ method: 'password' }).where('method', '=', 'twoFactor').execute();
  await replaceMethodCheck(db, dialect, ['password', 'silent']);
}

async function replaceMethodCheck(db: AnyDb, dialect: Dialect, methods: readonly string[]): Promise<void> {
  const allowed = sql`method in (${sql.join(methods.map((method) => sql.lit(method)))})`;
  if (dialect === 'postgres') {
    await db.schema.alterTable('sign_ins').dropConstraint('sign_ins_method_check').execute();
    await db.schema.alterTable('sign_ins').addCheckConstraint('sign_ins_method_check', allowed).execute();
    return;
  }
  await db.schema
    .createTable('sign_ins_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('at', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('region', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addCheckConstraint('sign_ins_method_check', allowed)
    .execute();
  await sql`insert into sign_ins_next (id, user_id, at, ip, region, method)
    select id, user_id, at, ip, region, method from sign_ins`.execute(db);
  await db.schema.dropTable('sign_ins').execute();
  await db.schema.alterTable('sign_ins_next').renameTo('sign_ins').execute();
  await db.schema
    .createIndex('sign_ins_user_at_idx')
    .on('sign_ins')
    .columns(['user_id', 'at desc', 'id desc'])
    .execute();
}
