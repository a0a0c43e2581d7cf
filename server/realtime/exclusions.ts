import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { ACCESS_EVENTS } from '../services/hub-events.ts';
import { keyExclusions, nextMembershipEnd } from '../services/signal-access.ts';

/** Sets of keys remembered at most (strategies go to a handful of traders, so a few sets in practice). */
const MAX_ENTRIES = 1000;

type Entry = { excluded: string[]; until: number };

/**
 * Who must not receive what is sent through a set of trader keys (see keyExclusions), read from the
 * database and remembered until it can change: until an access or subscription event is committed (by
 * any process: the events table is shared) or the first of the subscribers' memberships ends. Each call
 * first looks at the events committed since the previous one — usually just the event being delivered —
 * instead of re-reading every subscriber.
 *
 * Event ids become visible in commit order (see recordHubEvent), so once the events up to `seenUpTo`
 * are looked at, every change they announce is committed and any later one has a larger id. A set read
 * while a change was being looked at is used once but not remembered (`generation`).
 */
export function createExclusionCache(db: Kysely<DB>) {
  const entries = new Map<string, Entry>();
  let seenUpTo = 0;
  let generation = 0;

  async function lookAtNewEvents() {
    const row = await db
      .selectFrom('hub_events')
      .select([
        (eb) => eb.fn.max<number | null>('id').as('latest'),
        sql<number | null>`max(case when name in (${sql.join([...ACCESS_EVENTS])}) then id end)`.as('access'),
      ])
      .where('id', '>', seenUpTo)
      .executeTakeFirst();
    if (row?.access != null) {
      entries.clear();
      generation++;
    }
    if (row?.latest != null) seenUpTo = Math.max(seenUpTo, Number(row.latest));
  }

  return async function exclusions(keyIds: number[], now = Date.now()): Promise<string[]> {
    await lookAtNewEvents();
    const name = [...new Set(keyIds)].sort((a, b) => a - b).join(',');
    const known = entries.get(name);
    if (known && now < known.until) return known.excluded;
    const readIn = generation;
    const [excluded, until] = await Promise.all([
      keyExclusions(db, keyIds, now),
      nextMembershipEnd(db, keyIds, now),
    ]);
    if (readIn === generation) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(name, { excluded, until: until ?? Number.POSITIVE_INFINITY });
    }
    return excluded;
  };
}
