import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * A process claims a hub event before fanning it out. The claim is a lease: when the process dies
 * before marking the event published, another one takes the event over once the lease is old, and while
 * it is fresh no second process delivers the same event.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  await sql`alter table hub_events add column claimed_at ${sql.raw(epochMs)}`.execute(db);
}
