import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * A strategy saved without a description used to store the Chinese default text itself; it now stores
 * none and each reader sees the default in their own language. Rows holding the old default are cleared.
 */
export async function up(db: AnyDb): Promise<void> {
  await db
    .updateTable('advisories')
    .set({ advisory_desc: '' })
    .where('advisory_desc', '=', '无描述')
    .execute();
}
