import type { Kysely } from 'kysely';
import { idsOrNone } from '../db/in-list.ts';
import type { DB } from '../db/schema.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { inTransaction, recordHubEvent } from './hub-events.ts';

const noChanges = { upsertIds: [], popChanges: [], rollChanges: [], removeIds: [] };

export async function saveSystemMessage(
  db: Kysely<DB>,
  input: {
    id?: number | null | undefined;
    title: string;
    content: string;
    publishedUserName?: string | null | undefined;
    isRoll: boolean;
    isPop: boolean;
  },
  actor: Actor,
): Promise<{ id: number; events: number[] }> {
  return inTransaction(db, async (trx) => {
    const values = {
      title: input.title,
      content: input.content,
      published_user_name: input.publishedUserName?.trim() || null,
      is_roll: input.isRoll ? 1 : 0,
      is_pop: input.isPop ? 1 : 0,
    };
    let id: number;
    if (input.id === undefined || input.id === null) {
      id = (
        await trx
          .insertInto('system_messages')
          .values({ ...values, published_at: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      id = input.id;
      const result = await trx
        .updateTable('system_messages')
        .set(values)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0)
        throw new DomainError('notFound', 'messageNotFound', { id: ['messageNotFound'] });
    }
    await audit(trx, {
      action: input.id ? 'admin.messages.update' : 'admin.messages.add',
      actorId: actor.userId,
      targetType: 'system-message',
      targetId: String(id),
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return {
      id,
      events: [await recordHubEvent(trx, { name: 'system-message.changed', ...noChanges, upsertIds: [id] })],
    };
  });
}

/** Roll and pop switches: status changes of their own. */
export async function setSystemMessageFlag(
  db: Kysely<DB>,
  id: number,
  flag: 'roll' | 'pop',
  value: boolean,
  actor: Actor,
): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('system_messages')
      .set(flag === 'roll' ? { is_roll: value ? 1 : 0 } : { is_pop: value ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      throw new DomainError('notFound', 'messageNotFound', { messageId: ['messageNotFound'] });
    // Switching pop on again pops it for everyone again.
    if (flag === 'pop' && value)
      await trx.deleteFrom('system_message_dismissals').where('message_id', '=', id).execute();
    await audit(trx, {
      action: `admin.messages.${flag}`,
      actorId: actor.userId,
      targetType: 'system-message',
      targetId: String(id),
      ip: actor.ip,
      userAgent: actor.userAgent,
      detail: { value },
    });
    const change =
      flag === 'roll' ? { rollChanges: [{ id, isRoll: value }] } : { popChanges: [{ id, isPop: value }] };
    return [await recordHubEvent(trx, { name: 'system-message.changed', ...noChanges, ...change })];
  });
}

export async function deleteSystemMessage(db: Kysely<DB>, id: number, actor: Actor): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('system_messages').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0)
      throw new DomainError('notFound', 'messageNotFound', { messageId: ['messageNotFound'] });
    await audit(trx, {
      action: 'admin.messages.delete',
      actorId: actor.userId,
      targetType: 'system-message',
      targetId: String(id),
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return [await recordHubEvent(trx, { name: 'system-message.changed', ...noChanges, removeIds: [id] })];
  });
}

/** A closed popup stays closed for that user (until an admin pops the message again). */
export async function dismissSystemMessage(db: Kysely<DB>, id: number, userId: string): Promise<void> {
  const exists = await db.selectFrom('system_messages').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw new DomainError('notFound', 'messageNotFound', { messageId: ['messageNotFound'] });
  await db
    .insertInto('system_message_dismissals')
    .values({ message_id: id, user_id: userId, dismissed_at: Date.now() })
    .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
    .execute();
}

/** System messages, newest first (only `ids`, if given), with the ids of those `userId` dismissed. */
export async function systemMessagesFor(db: Kysely<DB>, userId: string | undefined, ids?: number[]) {
  let query = db
    .selectFrom('system_messages')
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc');
  if (ids) query = query.where('id', 'in', idsOrNone(ids));
  const rows = await query.execute();
  const dismissed = userId
    ? await db
        .selectFrom('system_message_dismissals')
        .select('message_id')
        .where('user_id', '=', userId)
        .execute()
    : [];
  return { rows, dismissed: new Set(dismissed.map((d) => d.message_id)) };
}
