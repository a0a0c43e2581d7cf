import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { sanitizeArticleHtml } from './html.ts';
import { inTransaction, recordHubEvent } from './hub-events.ts';

type Actor = { userId: string; ip: string };

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
    });
    return [await recordHubEvent(trx, { name: 'advisory.removed', advisoryIds: [id] })];
  });
}

/** One reaction per member per advisory, changeable; counts come from the rows, so they stay exact. */
export async function react(
  db: Kysely<DB>,
  advisoryId: number,
  userId: string,
  kind: 1 | 2 | 3,
): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    await trx
      .insertInto('advisory_reactions')
      .values({ advisory_id: advisoryId, user_id: userId, kind, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['advisory_id', 'user_id']).doUpdateSet({ kind }))
      .execute();
    return [await recordHubEvent(trx, { name: 'advisory.counts', advisoryId })];
  });
}
