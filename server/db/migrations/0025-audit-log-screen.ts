import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * The back office's audit screen (/admin/operation/audit):
 * - the user agent of the request that wrote a row (older rows have none);
 * - indexes for its newest-first pages, alone and filtered by actor, action or target, each ending with
 *   (at, id) so that a page is read in order from the index and stops after its rows (id breaks ties of the
 *   same millisecond; SQLite keeps the rowid in every index anyway);
 * - the log is append-only in the database itself: an update, delete or truncate is refused, whatever asks.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('user_agent', 'text').execute();

  await db.schema.dropIndex('audit_log_at_idx').execute();
  await db.schema.dropIndex('audit_log_actor_idx').execute();
  await db.schema.createIndex('audit_log_at_id_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema
    .createIndex('audit_log_actor_at_idx')
    .on('audit_log')
    .columns(['actor_id', 'at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_action_at_idx')
    .on('audit_log')
    .columns(['action', 'at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_target_at_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id', 'at', 'id'])
    .execute();

  if (dialect === 'postgres') {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
      end $$`.execute(db);
    await sql`
      create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`
      create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only: UPDATE refused'); end`.execute(db);
    await sql`
      create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only: DELETE refused'); end`.execute(db);
  }
}

export async function down(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop trigger audit_log_no_truncate on audit_log`.execute(db);
    await sql`drop trigger audit_log_no_change on audit_log`.execute(db);
    await sql`drop function audit_log_append_only()`.execute(db);
  } else {
    await sql`drop trigger audit_log_no_delete`.execute(db);
    await sql`drop trigger audit_log_no_update`.execute(db);
  }
  for (const name of ['audit_log_target_at_idx', 'audit_log_action_at_idx', 'audit_log_actor_at_idx'])
    await db.schema.dropIndex(name).execute();
  await db.schema.dropIndex('audit_log_at_id_idx').execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'at']).execute();
  await db.schema.alterTable('audit_log').dropColumn('user_agent').execute();
}
