import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { type Actor, audit } from './audit.ts';
import { inTransaction, recordHubEvent } from './hub-events.ts';

/** Subscribes the member to a trader key or ends the subscription; open pages follow after commit. */
export async function setSubscription(
  db: Kysely<DB>,
  input: { keyId: number; subscribed: boolean },
  actor: Actor,
): Promise<void> {
  const { keyId, subscribed } = input;
  await inTransaction(db, async (trx) => {
    if (subscribed) {
      await trx
        .insertInto('subscriptions')
        .values({ user_id: actor.userId, key_id: keyId, created_at: Date.now() })
        .onConflict((oc) => oc.columns(['user_id', 'key_id']).doNothing())
        .execute();
    } else {
      await trx
        .deleteFrom('subscriptions')
        .where('user_id', '=', actor.userId)
        .where('key_id', '=', keyId)
        .execute();
    }
    await audit(trx, {
      action: subscribed ? 'subscriptions.add' : 'subscriptions.remove',
      actorId: actor.userId,
      targetType: 'trader',
      targetId: String(keyId),
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return [
      await recordHubEvent(trx, { name: 'subscription.changed', userId: actor.userId, keyId, subscribed }),
    ];
  });
}
