import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { keyExclusions, nextMembershipEnd } from '../policies/advisory.ts';
import { ACCESS_EVENTS } from '../services/hub-events.ts';

/** Sets of keys remembered at most (strategies go to a handful of traders, so a few sets in practice). */
const MAX_ENTRIES = 1000;

/** A list as read, valid until `until` unless an access event after `readAfter` turns up. */
type Entry = { excluded: string[]; until: number; readAfter: number };

/**
 * Who must not receive what is sent through a set of trader keys (see keyExclusions), read from the
 * database and remembered until it can change: until an access or subscription event is committed (by
 * any process: the events table is shared) or the first of the subscribers' memberships ends. Each call
 * first looks at the events committed since the previous one — usually just the event being delivered —
 * instead of re-reading every subscriber.
 *
 * Event ids become visible in commit order (see recordHubEvent). A list read after the events up to
 * `readAfter` were looked at includes every change they announce; a change committed later has a larger
 * id, and once it is seen the list no longer counts. Events deleted before this process saw them (the
 * daily purge, after a long quiet spell) count as access events.
 */
export function createExclusionCache(db: Kysely<DB>) {
  const entries = new Map<string, Entry>();
  /** Every event up to here has been looked at. */
  let seenUpTo = 0;
  /** The newest access event seen (or the newest id that may have been one). */
  let lastAccess = 0;

  async function lookAtNewEvents() {
    const row = await db
      .selectFrom('hub_events')
      .select([
        (eb) => eb.fn.max<number | null>('id').as('latest'),
        sql<number | null>`max(case when name in (${sql.join([...ACCESS_EVENTS])}) then id end)`.as('access'),
        (eb) =>
          eb
            .selectFrom('hub_events')
            .select((e) => e.fn.min<number | null>('id').as('o'))
            .as('oldest'),
      ])
      .where('id', '>', seenUpTo)
      .executeTakeFirst();
    const oldest = row?.oldest == null ? undefined : Number(row.oldest);
    if (oldest !== undefined && oldest > seenUpTo + 1) lastAccess = Math.max(lastAccess, oldest - 1);
    if (row?.access != null) lastAccess = Math.max(lastAccess, Number(row.access));
    if (row?.latest != null) seenUpTo = Math.max(seenUpTo, Number(row.latest));
  }

  return async function exclusions(keyIds: number[], now = Date.now()): Promise<string[]> {
    await lookAtNewEvents();
    const name = [...new Set(keyIds)].sort((a, b) => a - b).join(',');
    const known = entries.get(name);
    if (known && now < known.until && lastAccess <= known.readAfter) return known.excluded;
    const readAfter = seenUpTo;
    const [excluded, until] = await Promise.all([
      keyExclusions(db, keyIds, now),
      nextMembershipEnd(db, keyIds, now),
    ]);
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(name, { excluded, until: until ?? Number.POSITIVE_INFINITY, readAfter });
    return excluded;
  };
}

/** Whom to leave out of a strategy sent to some trader keys' rooms (see createExclusionCache). */
export type ExclusionCache = ReturnType<typeof createExclusionCache>;
