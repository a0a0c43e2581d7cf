import { type Kysely, sql } from 'kysely';
import type { AdvisoryCounts, AdvisoryDto, AdvisorySubKey, SystemMessageDto } from '#shared/realtime.ts';
import { ROLE } from '#shared/roles.ts';
import type { DB } from '../db/schema.ts';
import { isMember, type Principal } from '../policies/membership.ts';

// Who may receive what, decided from the database at the moment of delivery: a strategy reaches a
// member subscribed to one of its traders, whose key is active and admits one of the member's roles.

/** An `in` list SQL accepts when there is nothing to match (ids are positive). */
const nonEmpty = (ids: number[]) => (ids.length ? ids : [-1]);

/** Active trader keys whose permission map admits one of the user's roles (none for non-members). */
export async function subscribableKeys(db: Kysely<DB>, principal: Principal): Promise<AdvisorySubKey[]> {
  if (!isMember(principal)) return [];
  return db
    .selectFrom('trader_keys as k')
    .select(['k.id', 'k.key_name as keyName'])
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

/** The keys the member subscribed to and still qualifies for (`allowed`: their subscribable keys, if read). */
export async function entitledKeyIds(
  db: Kysely<DB>,
  principal: Principal,
  allowed?: AdvisorySubKey[],
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
      : db.selectFrom('subscriptions as s').where('s.key_id', 'in', nonEmpty(reach.keyIds));
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
    .where((eb) =>
      eb.or([
        eb('u.member_expiry_date', '>', now),
        eb.exists(
          eb
            .selectFrom('user_roles as ur2')
            .innerJoin('roles as r', 'r.id', 'ur2.role_id')
            .select('ur2.user_id')
            .whereRef('ur2.user_id', '=', 'u.id')
            .where('r.name', '=', ROLE.admin),
        ),
      ]),
    );
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
    .where('x.key_id', 'in', nonEmpty(keyIds))
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
    .where('s.key_id', 'in', nonEmpty(keyIds))
    .where('u.member_expiry_date', '>', now)
    .executeTakeFirst();
  return row?.next == null ? undefined : Number(row.next);
}

/** Advisories as members receive them (no internal description), newest first. */
export async function advisoryDtos(
  db: Kysely<DB>,
  filter: { keyIds?: number[]; advisoryIds?: number[] },
): Promise<AdvisoryDto[]> {
  let query = db
    .selectFrom('advisories as a')
    .select(['a.id', 'a.title', 'a.content', 'a.created_at'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc');
  if (filter.advisoryIds) query = query.where('a.id', 'in', nonEmpty(filter.advisoryIds));
  if (filter.keyIds) {
    const keyIds = nonEmpty(filter.keyIds);
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('advisory_keys as ak')
          .select('ak.advisory_id')
          .whereRef('ak.advisory_id', '=', 'a.id')
          .where('ak.key_id', 'in', keyIds),
      ),
    );
    query = query.limit(200);
  }
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('advisory_keys as ak')
    .innerJoin('trader_keys as k', 'k.id', 'ak.key_id')
    .select(['ak.advisory_id', 'k.id', 'k.key_name'])
    .where(
      'ak.advisory_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('k.id')
    .execute();
  return rows.map((r) => {
    const traders = links
      .filter((l) => l.advisory_id === r.id)
      .map((l) => ({ id: l.id, keyName: l.key_name }));
    return {
      id: r.id,
      title: r.title,
      content: r.content,
      apiKeyArray: traders.map((t) => t.id),
      traders,
      createdTimestamp: new Date(r.created_at).toISOString(),
    };
  });
}

/** Reaction counts per advisory id. */
export async function advisoryCounts(db: Kysely<DB>, advisoryIds?: number[]): Promise<AdvisoryCounts> {
  let query = db
    .selectFrom('advisory_reactions')
    .select(['advisory_id', 'kind', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['advisory_id', 'kind']);
  if (advisoryIds) query = query.where('advisory_id', 'in', nonEmpty(advisoryIds));
  const counts: AdvisoryCounts = {};
  for (const id of advisoryIds ?? []) counts[id] = { 1: 0, 2: 0, 3: 0 };
  for (const row of await query.execute()) {
    const entry = counts[row.advisory_id] ?? { 1: 0, 2: 0, 3: 0 };
    counts[row.advisory_id] = entry;
    if (row.kind === 1 || row.kind === 2 || row.kind === 3) entry[row.kind] = Number(row.n);
  }
  return counts;
}

export async function systemMessageDtos(
  db: Kysely<DB>,
  userId: string | undefined,
  ids?: number[],
): Promise<SystemMessageDto[]> {
  let query = db
    .selectFrom('system_messages')
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc');
  if (ids) query = query.where('id', 'in', nonEmpty(ids));
  const rows = await query.execute();
  const dismissed = userId
    ? new Set(
        (
          await db
            .selectFrom('system_message_dismissals')
            .select('message_id')
            .where('user_id', '=', userId)
            .execute()
        ).map((d) => d.message_id),
      )
    : new Set<number>();
  return rows.map((m) => ({
    id: m.id,
    title: m.title,
    content: m.content,
    publishedUserName: m.published_user_name ?? '',
    publishedTimestamp: new Date(m.published_at).toISOString(),
    isRoll: m.is_roll === 1,
    isPop: m.is_pop === 1,
    dismissed: dismissed.has(m.id),
  }));
}

export const latestEventId = async (db: Kysely<DB>): Promise<number> =>
  Number(
    (await sql<{ id: number | null }>`select max(id) as id from hub_events`.execute(db)).rows[0]?.id ?? 0,
  );

/** The trader keys a strategy was pushed with. */
export async function advisoryKeyIds(db: Kysely<DB>, advisoryId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('advisory_keys')
    .select('key_id')
    .where('advisory_id', '=', advisoryId)
    .execute();
  return rows.map((row) => row.key_id);
}

/** A trader key's id and name, as a subscription change announces it; undefined once deleted. */
export async function traderKeyName(db: Kysely<DB>, keyId: number) {
  const key = await db
    .selectFrom('trader_keys')
    .select(['id', 'key_name'])
    .where('id', '=', keyId)
    .executeTakeFirst();
  return key && { id: key.id, keyName: key.key_name };
}
