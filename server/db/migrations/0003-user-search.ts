import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * The admin user list searches e-mail, name and nickname with "contains". On PostgreSQL trigram indexes
 * make that fast at 100,000 users; when the pg_trgm extension cannot be created (no privilege), the
 * search still works, only slower. SQLite scans, which is fast enough at the sizes it is meant for.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  // Room on each page so that membership updates (no indexed column changes) are HOT updates: a batch
  // over every user then rewrites no index entry, trigram indexes included.
  await sql`alter table users set (fillfactor = 80)`.execute(db);
  await sql`
    do $$
    begin
      -- In public, not the current schema: an extension belongs to the whole database.
      create extension if not exists pg_trgm schema public;
    exception when others then
      raise notice 'pg_trgm is not available: user search runs without trigram indexes';
    end $$;
  `.execute(db);
  await sql`
    do $$
    declare ext_schema text;
    begin
      select extnamespace::regnamespace::text into ext_schema from pg_extension where extname = 'pg_trgm';
      if ext_schema is not null then
        execute format('create index if not exists users_email_trgm_idx on users using gin (email_normalized %I.gin_trgm_ops)', ext_schema);
        execute format('create index if not exists users_user_name_trgm_idx on users using gin (lower(user_name) %I.gin_trgm_ops)', ext_schema);
        execute format('create index if not exists users_nick_name_trgm_idx on users using gin (lower(nick_name) %I.gin_trgm_ops)', ext_schema);
      end if;
    end $$;
  `.execute(db);
}
