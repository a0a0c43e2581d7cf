import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { isMember, type Principal } from './membership.ts';

// Who sees which trader key. Administrators manage every key through the admin-only routes (requireAdmin;
// names and masked values only, secrets are
// never read back). A member sees, and may subscribe to, the active keys whose permission map admits one of
// their roles: the subscription list, the subscription call and the hub's key rooms all use the list below.

/** Only members subscribe (a lapsed membership keeps its subscriptions, but receives nothing). */
export function canSubscribe(principal: Principal): boolean {
  return isMember(principal);
}

/** Active trader keys whose permission map admits one of the user's roles (none for non-members). */
export async function subscribableKeys(
  db: Kysely<DB>,
  principal: Principal,
): Promise<Array<{ id: number; key_name: string }>> {
  if (!canSubscribe(principal)) return [];
  return db
    .selectFrom('trader_keys as k')
    .select(['k.id', 'k.key_name'])
    .where('k.is_active', '=', 1)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('trader_key_roles as kr')
          .innerJoin('user_roles as ur', 'ur.role_id', 'kr.role_id')
          .select('kr.key_id')
          .whereRef('kr.key_id', '=', 'k.id')
          .where('ur.user_id', '=', principal.userId),
      ),
    )
    .orderBy('k.id')
    .execute();
}
