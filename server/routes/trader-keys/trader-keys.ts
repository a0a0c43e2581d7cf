import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { idResponse, okResponse } from '#shared/schemas/common.ts';
import { role } from '#shared/schemas/management.ts';
import {
  activateApiKeyRequest,
  addApiKeyRequest,
  apiKeyRoleMapping,
  traderKey,
  traderSummary,
  updateApiKeyRequest,
  updateApiKeySubConfigRequest,
} from '#shared/schemas/signals.ts';
import type { DB } from '../../db/schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import {
  activateTraderKey,
  addTraderKey,
  listTraderKeys,
  setTraderKeyRoles,
  traderSummaries,
  updateTraderKey,
} from '../../services/trader-keys.ts';

/** Trader API keys, all under /api/TraderKey/ (admins only; registered behind requireAdmin). */
export const traderKeyRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
  secretsKey: Buffer;
}> = async (app, { db, secretsKey }) => {
  const actor = (request: { principal: { userId: string } | undefined; ip: string }) => ({
    userId: principalOf(request).userId,
    ip: request.ip,
  });

  app.get('/api/TraderKey/GetRoles', { schema: { response: { 200: z.array(role) } } }, async () =>
    (await db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute()).map((r) => ({
      roleId: r.id,
      roleName: r.name,
    })),
  );

  app.get('/api/TraderKey/GetAllApiKeys', { schema: { response: { 200: z.array(traderKey) } } }, async () =>
    listTraderKeys(db),
  );

  app.get(
    '/api/TraderKey/GetAllTraders',
    { schema: { response: { 200: z.array(traderSummary) } } },
    async () => traderSummaries(db),
  );

  app.get(
    '/api/TraderKey/GetApiKeyRoleMapping',
    { schema: { response: { 200: apiKeyRoleMapping } } },
    async () => {
      const mapping: Record<string, Record<string, boolean>> = {};
      for (const key of await db.selectFrom('trader_keys').select('id').execute()) mapping[key.id] = {};
      for (const link of await db.selectFrom('trader_key_roles').selectAll().execute()) {
        const roles = mapping[link.key_id] ?? {};
        roles[link.role_id] = true;
        mapping[link.key_id] = roles;
      }
      return mapping;
    },
  );

  app.post(
    '/api/TraderKey/ActiviateApiKey',
    { schema: { body: activateApiKeyRequest, response: { 200: okResponse } } },
    async (request) => {
      await activateTraderKey(db, request.body.apiKeyId, request.body.active, actor(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/TraderKey/AddApiKey',
    { schema: { body: addApiKeyRequest, response: { 200: idResponse } } },
    async (request) => ({
      id: await addTraderKey(db, secretsKey, request.body, actor(request)),
    }),
  );

  app.post(
    '/api/TraderKey/UpdateApiKey',
    { schema: { body: updateApiKeyRequest, response: { 200: okResponse } } },
    async (request) => {
      await updateTraderKey(db, secretsKey, request.body, actor(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/TraderKey/UpdateApiKeySubConfig',
    { schema: { body: updateApiKeySubConfigRequest, response: { 200: okResponse } } },
    async (request) => {
      await setTraderKeyRoles(db, request.body.id, request.body.permissionMap, actor(request));
      return { ok: true as const };
    },
  );
};
