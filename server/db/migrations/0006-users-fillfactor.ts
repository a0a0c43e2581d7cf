import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * Half of each `users` page left free on PostgreSQL. A membership batch over every user rewrites every
 * row; with 20% free (0003) only about a quarter of the new row versions fit on their own page, and every
 * other one is a non-HOT update that inserts into all of the table's indexes (trigram GIN included): at
 * 100,000 users the update alone took ~2 s, with half the page free ~0.2 s (the whole batch, tag links
 * included, went from ~2.4 s to ~1.6 s). The table is small (a few
 * hundred bytes a user), so doubling its pages costs little. Pages written before this migration take
 * the setting when they are next rewritten (`VACUUM FULL users` does it at once).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`alter table users set (fillfactor = 50)`.execute(db);
}
