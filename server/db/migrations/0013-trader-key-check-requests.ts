import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * A key is checked by the process that follows it (its secret is decrypted nowhere else): a check asked for
 * in another process counts up `check_requests`, and the follower, once it has checked, sets
 * `checks_answered` to the count it answered. Counts, not times, so that the processes' clocks never matter.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('trader_key_sync')
    .addColumn('check_requests', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('trader_key_sync')
    .addColumn('checks_answered', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
