import { type Kysely, sql } from 'kysely';
import { idsOrNone } from '../db/in-list.ts';
import type { DB } from '../db/schema.ts';
import { isAdmin, memberSql, type Principal } from './membership.ts';
import { subscribableKeys } from './trader-key.ts';

// Who may receive a strategy (advisory), decided from the database at the moment of reading or delivery:
// a strategy reaches a member subscribed to one of its traders, whose key is active and admits one of the
// member's roles, while their membership lasts. Administrators manage every strategy through the
// admin-only routes (requireAdmin) and see every strategy's counts. The feed (list), a single strategy
// (reactions) and the hub's delivery all ask the functions below.

/** The keys the member subscribed to and still qualifies for (`allowed`: their subscribable keys, if read). */
export async function entitledKeyIds(
  db: Kysely<DB>,
  principal: Principal,
  allowed?: Array<{ id: number }>,
): Promise<number[]> {
  allowed ??= await subscribableKeys(db, principal);
  if (allowed.length === 0) return [];
  const subscribed = await db
    .selectFrom('subscriptions')
    .select('key_id')
    .where('user_id', '=', principal.userId)
    .where(
      'key_id',
      'in',
      allowed.map((k) => k.id),
    )
    .execute();
  return subscribed.map((s) => s.key_id);
}

/** Where an advisory goes: its own trader keys, or (for the hub) a given set of keys. */
type Reach = { advisoryId: number } | { keyIds: number[] };

/** Subscriptions through which something for `reach` may reach its subscriber now (the rows' `s.user_id`). */
function entitledSubscriptions(db: Kysely<DB>, reach: Reach, now: number) {
  const base =
    'advisoryId' in reach
      ? db
          .selectFrom('subscriptions as s')
          .innerJoin('advisory_keys as ak', (join) =>
            join.onRef('ak.key_id', '=', 's.key_id').on('ak.advisory_id', '=', reach.advisoryId),
          )
      : db.selectFrom('subscriptions as s').where('s.key_id', 'in', idsOrNone(reach.keyIds));
  return base
    .innerJoin('trader_keys as k', (join) => join.onRef('k.id', '=', 's.key_id').on('k.is_active', '=', 1))
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('s.user_id')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('trader_key_roles as kr')
          .innerJoin('user_roles as ur', 'ur.role_id', 'kr.role_id')
          .select('kr.key_id')
          .whereRef('kr.key_id', '=', 's.key_id')
          .whereRef('ur.user_id', '=', 's.user_id'),
      ),
    )
    .where(memberSql('u', now));
}

/** Users who may receive an advisory now; with `userId`, that user alone if they may. */
export async function advisoryAudience(
  db: Kysely<DB>,
  advisoryId: number,
  options: { userId?: string; now?: number } = {},
): Promise<string[]> {
  let query = entitledSubscriptions(db, { advisoryId }, options.now ?? Date.now());
  if (options.userId !== undefined) query = query.where('s.user_id', '=', options.userId);
  const rows = await query.execute();
  // A member subscribed to two of the strategy's traders appears twice (cheaper to drop here than DISTINCT).
  return [...new Set(rows.map((r) => r.user_id))];
}

/**
 * Subscribers of these trader keys who may not receive what is sent through them now: none of the keys
 * they subscribed to is active and admits one of their roles, or their membership has ended. Usually
 * nobody, so this is far less to read than the audience itself: the hub sends to the keys' rooms except
 * these people.
 */
export async function keyExclusions(db: Kysely<DB>, keyIds: number[], now = Date.now()): Promise<string[]> {
  const rows = await db
    .selectFrom('subscriptions as x')
    .select('x.user_id')
    .where('x.key_id', 'in', idsOrNone(keyIds))
    .where(({ not, exists }) =>
      // NOT EXISTS rather than NOT IN: PostgreSQL plans it as an anti-join whatever the audience's size.
      not(exists(entitledSubscriptions(db, { keyIds }, now).where(sql<boolean>`s.user_id = x.user_id`))),
    )
    .execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

/**
 * When the first membership among these keys' subscribers ends after `now` (undefined: none does), which
 * is when their exclusions can next change without anything being written.
 */
export async function nextMembershipEnd(
  db: Kysely<DB>,
  keyIds: number[],
  now = Date.now(),
): Promise<number | undefined> {
  const row = await db
    .selectFrom('subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select((eb) => eb.fn.min<number | null>('u.member_expiry_date').as('next'))
    .where('s.key_id', 'in', idsOrNone(keyIds))
    .where('u.member_expiry_date', '>', now)
    .executeTakeFirst();
  return row?.next == null ? undefined : Number(row.next);
}

/**
 * Whose reaction counts the caller may read: every strategy's for an administrator (`'all'`, as the hub's
 * admin room receives them), otherwise those of the strategies in their feed (sent through these keys).
 */
export async function countScope(db: Kysely<DB>, principal: Principal): Promise<'all' | number[]> {
  if (isAdmin(principal)) return 'all';
  return entitledKeyIds(db, principal);
}

/** Whether the caller receives this strategy now (reacting to it needs that). */
export async function canReceiveAdvisory(db: Kysely<DB>, principal: Principal, advisoryId: number) {
  return (await advisoryAudience(db, advisoryId, { userId: principal.userId })).length > 0;
}
