import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { addOrUpdateSubscriptionsRequest, subscriptionItem } from '#shared/schemas/signals.ts';
import type { DB } from '../../db/schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { isMember } from '../../policies/membership.ts';
import { audit } from '../../services/audit.ts';
import { inTransaction, recordHubEvent } from '../../services/hub-events.ts';
import { entitledKeyIds, subscribableKeys } from '../../services/signal-access.ts';

/** The member's trader subscriptions (personal/subscribe). Signed in; non-members see none. */
export const subscriptionRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
}> = async (app, { db }) => {
  const list = async (principal: Parameters<typeof subscribableKeys>[1]) => {
    const keys = await subscribableKeys(db, principal);
    const subscribed = new Set(await entitledKeyIds(db, principal));
    return keys.map((k) => ({ ...k, subscribed: subscribed.has(k.id) }));
  };

  app.get(
    '/api/Subscription/GetSubscriptions',
    { schema: { response: { 200: z.array(subscriptionItem) } } },
    async (request) => list(principalOf(request)),
  );

  // The same list; kept for clients of the declared call.
  app.get(
    '/api/Subscription/GetSubscriptionConfigurations',
    { schema: { response: { 200: z.array(subscriptionItem) } } },
    async (request) => list(principalOf(request)),
  );

  app.post(
    '/api/Subscription/AddOrUpdateSubscriptions',
    { schema: { body: addOrUpdateSubscriptionsRequest, response: { 200: subscriptionItem } } },
    async (request) => {
      const principal = principalOf(request);
      if (!isMember(principal)) throw new HttpProblem(403, 'notMember');
      const key = (await subscribableKeys(db, principal)).find((k) => k.id === request.body.keyId);
      if (!key) throw new HttpProblem(403, 'notSubscribable', { keyId: ['notSubscribable'] });
      const { subscribed } = request.body;
      await inTransaction(db, async (trx) => {
        if (subscribed) {
          await trx
            .insertInto('subscriptions')
            .values({ user_id: principal.userId, key_id: key.id, created_at: Date.now() })
            .onConflict((oc) => oc.columns(['user_id', 'key_id']).doNothing())
            .execute();
        } else {
          await trx
            .deleteFrom('subscriptions')
            .where('user_id', '=', principal.userId)
            .where('key_id', '=', key.id)
            .execute();
        }
        await audit(trx, {
          action: subscribed ? 'subscriptions.add' : 'subscriptions.remove',
          actorId: principal.userId,
          targetType: 'trader',
          targetId: String(key.id),
          ip: request.ip,
        });
        return [
          await recordHubEvent(trx, {
            name: 'subscription.changed',
            userId: principal.userId,
            keyId: key.id,
            subscribed,
          }),
        ];
      });
      return { ...key, subscribed };
    },
  );
};
