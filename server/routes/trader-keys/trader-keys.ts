import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { idResponse, okResponse } from '#shared/schemas/common.ts';
import { roleList } from '#shared/schemas/management.ts';
import {
  activateApiKeyRequest,
  addApiKeyRequest,
  apiKeyRoleMapping,
  traderKeyList,
  traderSummaryList,
  updateApiKeyRequest,
  updateApiKeySubConfigRequest,
} from '#shared/schemas/trader-keys.ts';
import { checkApiKeyRequest, keyCheck } from '#shared/schemas/trading.ts';
import type { DB } from '../../db/schema.ts';
import { actorOf, principalOf } from '../../plugins/authenticate.ts';
import { assertFreshTwoFactor } from '../../plugins/step-up.ts';
import {
  presentKeyCheck,
  presentKeyRoleMapping,
  presentTraderKey,
  presentTraderSummary,
} from '../../presenters/trader-keys.ts';
import { presentRole } from '../../presenters/users.ts';
import type { KeyChecks } from '../../services/trader-checks.ts';
import {
  activateTraderKey,
  addTraderKey,
  listTraderKeys,
  setTraderKeyRoles,
  traderSummaries,
  updateTraderKey,
} from '../../services/trader-keys.ts';
import { allRoles } from '../../services/user-directory.ts';

/**
 * Trader API keys, all under /api/TraderKey/ (admins only; registered behind requireAdmin). A key is
 * checked at its exchange on the admin's demand, and by itself after it is added or edited.
 */
export const traderKeyRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
  secretsKey: Buffer;
  checks: KeyChecks;
}> = async (app, { db, secretsKey, checks }) => {
  app.get('/api/TraderKey/GetRoles', { schema: { response: { 200: roleList } } }, async () =>
    (await allRoles(db)).map(presentRole),
  );

  app.get('/api/TraderKey/GetAllApiKeys', { schema: { response: { 200: traderKeyList } } }, async () =>
    (await listTraderKeys(db)).map(({ key, roleIds, check, sync }) =>
      presentTraderKey(key, roleIds, check, sync),
    ),
  );

  app.get('/api/TraderKey/GetAllTraders', { schema: { response: { 200: traderSummaryList } } }, async () =>
    (await traderSummaries(db)).map(presentTraderSummary),
  );

  app.get(
    '/api/TraderKey/GetApiKeyRoleMapping',
    { schema: { response: { 200: apiKeyRoleMapping } } },
    async () => presentKeyRoleMapping(await listTraderKeys(db)),
  );

  app.post(
    '/api/TraderKey/ActiviateApiKey',
    { schema: { body: activateApiKeyRequest, response: { 200: okResponse } } },
    async (request) => {
      await activateTraderKey(db, request.body.apiKeyId, request.body.active, actorOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/TraderKey/AddApiKey',
    { schema: { body: addApiKeyRequest, response: { 200: idResponse } } },
    async (request) => {
      const id = await addTraderKey(db, secretsKey, request.body, actorOf(request));
      checks.saved(id);
      return { id };
    },
  );

  app.post(
    '/api/TraderKey/UpdateApiKey',
    { schema: { body: updateApiKeyRequest, response: { 200: okResponse } } },
    async (request) => {
      // Replacing the key or its secret wants a fresh code.
      if (request.body.keyValue || request.body.secretValue)
        await assertFreshTwoFactor(db, principalOf(request));
      await updateTraderKey(db, secretsKey, request.body, actorOf(request));
      checks.saved(request.body.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/TraderKey/UpdateApiKeySubConfig',
    { schema: { body: updateApiKeySubConfigRequest, response: { 200: okResponse } } },
    async (request) => {
      await setTraderKeyRoles(db, request.body.id, request.body.permissionMap, actorOf(request));
      return { ok: true as const };
    },
  );

  // Every outcome is an answer (a state with its error): the exchange's failures are never a 5xx here.
  app.post(
    '/api/TraderKey/CheckApiKey',
    { schema: { body: checkApiKeyRequest, response: { 200: keyCheck } } },
    async (request) => presentKeyCheck(await checks.check(request.body.apiKeyId)),
  );
};
