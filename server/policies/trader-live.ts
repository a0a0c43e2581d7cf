import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { entitledKeyIds } from './advisory.ts';
import { isAdmin, type Principal } from './membership.ts';

// Whose exchange account the caller may watch (live positions, orders, fills and the statistics): the same
// rule as receiving a trader's strategies (policies/advisory.ts `entitledKeyIds`: subscribed, the key
// active and admitting one of the member's roles, membership not expired), and every key, active or not,
// for an administrator. A key the caller may not watch is answered as one that does not exist (404), as a
// strategy the member does not receive is, so a member never learns which keys there are.

/** The keys the caller may watch: `'all'` for an administrator, else the member's entitled keys. */
export async function watchableKeys(db: Kysely<DB>, principal: Principal): Promise<'all' | number[]> {
  if (isAdmin(principal)) return 'all';
  return entitledKeyIds(db, principal);
}

/** Whether the caller may watch this key's account now (for an administrator: whether it exists is the service's say). */
export async function canWatchKey(db: Kysely<DB>, principal: Principal, keyId: number): Promise<boolean> {
  const keys = await watchableKeys(db, principal);
  return keys === 'all' || keys.includes(keyId);
}
