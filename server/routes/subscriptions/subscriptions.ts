import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  addOrUpdateSubscriptionsRequest,
  subscriptionItem,
  subscriptionList,
} from '#shared/schemas/advisories.ts';
import type { DB } from '../../db/schema.ts';
import { actorOf, principalOf } from '../../plugins/authenticate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { entitledKeyIds } from '../../policies/advisory.ts';
import type { Principal } from '../../policies/membership.ts';
import { canSubscribe, subscribableKeys } from '../../policies/trader-key.ts';
import { presentTraderRef } from '../../presenters/advisories.ts';
import { setSubscription } from '../../services/subscriptions.ts';

/** The member's trader subscriptions (personal/subscribe). Signed in; non-members see none. */
export const subscriptionRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
}> = async (app, { db }) => {
  const list = async (principal: Principal) => {
    const keys = await subscribableKeys(db, principal);
    const subscribed = new Set(await entitledKeyIds(db, principal, keys));
    return keys.map((key) => ({ ...presentTraderRef(key), subscribed: subscribed.has(key.id) }));
  };

  app.get(
    '/api/Subscription/GetSubscriptions',
    { schema: { response: { 200: subscriptionList } } },
    async (request) => list(principalOf(request)),
  );

  // The same list; kept for clients of the declared call.
  app.get(
    '/api/Subscription/GetSubscriptionConfigurations',
    { schema: { response: { 200: subscriptionList } } },
    async (request) => list(principalOf(request)),
  );

  app.post(
    '/api/Subscription/AddOrUpdateSubscriptions',
    { schema: { body: addOrUpdateSubscriptionsRequest, response: { 200: subscriptionItem } } },
    async (request) => {
      const principal = principalOf(request);
      if (!canSubscribe(principal)) throw new HttpProblem(403, 'notMember');
      const key = (await subscribableKeys(db, principal)).find((k) => k.id === request.body.keyId);
      if (!key) throw new HttpProblem(403, 'notSubscribable', { keyId: ['notSubscribable'] });
      await setSubscription(db, request.body, actorOf(request));
      return { ...presentTraderRef(key), subscribed: request.body.subscribed };
    },
  );
};
