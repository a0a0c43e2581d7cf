import type { Kysely } from 'kysely';
import { idsOrNone } from '../db/in-list.ts';
import type { DB } from '../db/schema.ts';
import { presentTraderRef } from '../presenters/advisories.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { sanitizeArticleHtml } from './html.ts';
import { inTransaction, recordHubEvent } from './hub-events.ts';

/** A member's feed holds the newest strategies up to this many. */
const FEED_LIMIT = 200;

/** Creates or edits a strategy and records its push in the same transaction; returns id and event ids. */
export async function saveAdvisory(
  db: Kysely<DB>,
  input: {
    id?: number | null | undefined;
    title: string;
    advisoryDesc: string;
    content: string;
    apiKeyArray: number[];
  },
  actor: Actor,
): Promise<{ id: number; events: number[] }> {
  const keyIds = [...new Set(input.apiKeyArray)];
  return inTransaction(db, async (trx) => {
    const keys = await trx
      .selectFrom('trader_keys')
      .select('id')
      .where('id', 'in', keyIds)
      .where('is_active', '=', 1)
      .execute();
    if (keys.length !== keyIds.length)
      throw new DomainError('invalid', 'traderKeyInactive', { apiKeyArray: ['traderKeyInactive'] });
    const now = Date.now();
    const content = sanitizeArticleHtml(input.content);
    let id: number;
    if (input.id === undefined || input.id === null) {
      id = (
        await trx
          .insertInto('advisories')
          .values({
            title: input.title,
            advisory_desc: input.advisoryDesc,
            content,
            created_by: actor.userId,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      id = input.id;
      const result = await trx
        .updateTable('advisories')
        .set({ title: input.title, advisory_desc: input.advisoryDesc, content, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0)
        throw new DomainError('notFound', 'advisoryNotFound', { id: ['advisoryNotFound'] });
      await trx.deleteFrom('advisory_keys').where('advisory_id', '=', id).execute();
    }
    await trx
      .insertInto('advisory_keys')
      .values(keyIds.map((key_id) => ({ advisory_id: id, key_id })))
      .execute();
    const event = await recordHubEvent(trx, { name: 'advisory.saved', advisoryId: id });
    await audit(trx, {
      action: input.id ? 'admin.advisories.update' : 'admin.advisories.add',
      actorId: actor.userId,
      targetType: 'advisory',
      targetId: String(id),
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: { traders: keyIds },
    });
    return { id, events: [event] };
  });
}

export async function deleteAdvisory(db: Kysely<DB>, id: number, actor: Actor): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('advisories').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0)
      throw new DomainError('notFound', 'advisoryNotFound', { advisoryId: ['advisoryNotFound'] });
    await audit(trx, {
      action: 'admin.advisories.delete',
      actorId: actor.userId,
      targetType: 'advisory',
      targetId: String(id),
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return [await recordHubEvent(trx, { name: 'advisory.removed', advisoryIds: [id] })];
  });
}

/**
 * One reaction per member per advisory, changeable; counts come from the rows, so they stay exact. A change
 * announces the new counts to everyone entitled and the member's own choice to their other connections; the
 * same choice again changes nothing and announces nothing.
 */
export async function react(
  db: Kysely<DB>,
  advisoryId: number,
  userId: string,
  kind: 1 | 2 | 3,
): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('advisory_reactions')
      .select('kind')
      .where('advisory_id', '=', advisoryId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (current?.kind === kind) return [];
    const at = Date.now();
    await trx
      .insertInto('advisory_reactions')
      .values({ advisory_id: advisoryId, user_id: userId, kind, created_at: at })
      .onConflict((oc) => oc.columns(['advisory_id', 'user_id']).doUpdateSet({ kind, created_at: at }))
      .execute();
    return [
      await recordHubEvent(trx, { name: 'advisory.counts', advisoryId }),
      await recordHubEvent(trx, { name: 'reaction.changed', userId, advisoryId, kind, at }),
    ];
  });
}

/** Withdraws the member's reaction, announced as a change is; withdrawing none changes nothing. */
export async function withdrawReaction(
  db: Kysely<DB>,
  advisoryId: number,
  userId: string,
): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    const removed = await trx
      .deleteFrom('advisory_reactions')
      .where('advisory_id', '=', advisoryId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return [];
    return [
      await recordHubEvent(trx, { name: 'advisory.counts', advisoryId }),
      await recordHubEvent(trx, { name: 'reaction.changed', userId, advisoryId, kind: null, at: Date.now() }),
    ];
  });
}

/**
 * The strategies a member reacted to, newest reaction first, one page of them with their traders (`kind`,
 * `keyId`: only that reaction, only that trader's), the total, and every trader of the member's reactions.
 */
export async function engagementsOf(
  db: Kysely<DB>,
  userId: string,
  filter: { kind?: 1 | 2 | 3 | undefined; keyId?: number | undefined; offset: number; limit: number },
) {
  let mine = db
    .selectFrom('advisory_reactions as r')
    .innerJoin('advisories as a', 'a.id', 'r.advisory_id')
    .where('r.user_id', '=', userId);
  if (filter.kind !== undefined) mine = mine.where('r.kind', '=', filter.kind);
  if (filter.keyId !== undefined) {
    const keyId = filter.keyId;
    mine = mine.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('advisory_keys as ak')
          .select('ak.advisory_id')
          .whereRef('ak.advisory_id', '=', 'r.advisory_id')
          .where('ak.key_id', '=', keyId),
      ),
    );
  }
  const [counted, rows, traders] = await Promise.all([
    mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    mine
      .select(['r.advisory_id', 'r.kind', 'r.created_at as reacted_at', 'a.title', 'a.created_at'])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.advisory_id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    db
      .selectFrom('advisory_reactions as r')
      .innerJoin('advisory_keys as ak', 'ak.advisory_id', 'r.advisory_id')
      .innerJoin('trader_keys as k', 'k.id', 'ak.key_id')
      .select(['k.id', 'k.key_name'])
      .distinct()
      .where('r.user_id', '=', userId)
      .orderBy('k.id')
      .execute(),
  ]);
  const links = rows.length
    ? await db
        .selectFrom('advisory_keys as ak')
        .innerJoin('trader_keys as k', 'k.id', 'ak.key_id')
        .select(['ak.advisory_id', 'k.id', 'k.key_name'])
        .where(
          'ak.advisory_id',
          'in',
          rows.map((r) => r.advisory_id),
        )
        .orderBy('k.id')
        .execute()
    : [];
  return {
    total: Number(counted?.n ?? 0),
    rows: rows.map((row) => ({
      row,
      traders: links.filter((l) => l.advisory_id === row.advisory_id).map(presentTraderRef),
    })),
    traders: traders.map(presentTraderRef),
  };
}

/** Strategies (all, or only `advisoryIds`, or only those sent through `keyIds`), newest first, with their traders. */
export async function advisoriesWithTraders(
  db: Kysely<DB>,
  filter: { keyIds?: number[]; advisoryIds?: number[] } = {},
) {
  let query = db
    .selectFrom('advisories as a')
    .selectAll('a')
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc');
  if (filter.advisoryIds) query = query.where('a.id', 'in', idsOrNone(filter.advisoryIds));
  if (filter.keyIds) {
    const keyIds = idsOrNone(filter.keyIds);
    query = query
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('advisory_keys as ak')
            .select('ak.advisory_id')
            .whereRef('ak.advisory_id', '=', 'a.id')
            .where('ak.key_id', 'in', keyIds),
        ),
      )
      .limit(FEED_LIMIT);
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
  return rows.map((row) => ({
    row,
    traders: links.filter((l) => l.advisory_id === row.id).map(presentTraderRef),
  }));
}

/** Reactions per strategy and kind (only `advisoryIds`, if given). */
export function reactionCounts(db: Kysely<DB>, advisoryIds?: number[]) {
  let query = db
    .selectFrom('advisory_reactions')
    .select(['advisory_id', 'kind', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['advisory_id', 'kind']);
  if (advisoryIds) query = query.where('advisory_id', 'in', idsOrNone(advisoryIds));
  return query.execute();
}

export async function allAdvisoryIds(db: Kysely<DB>): Promise<number[]> {
  return (await db.selectFrom('advisories').select('id').execute()).map((r) => r.id);
}

/** The member's own reactions. */
export function reactionsOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('advisory_reactions')
    .select(['advisory_id', 'kind'])
    .where('user_id', '=', userId)
    .execute();
}

/** The trader keys a strategy was pushed with. */
export async function advisoryKeyIds(db: Kysely<DB>, advisoryId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('advisory_keys')
    .select('key_id')
    .where('advisory_id', '=', advisoryId)
    .execute();
  return rows.map((row) => row.key_id);
}
