import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { idResponse, okResponse } from '#shared/schemas/common.ts';
import {
  addOrUpdateAdvisoryRequest,
  adminAdvisory,
  followRequest,
  traderSummary,
} from '#shared/schemas/signals.ts';
import type { DB } from '../../db/schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { isAdmin } from '../../policies/membership.ts';
import { deleteAdvisory, react, saveAdvisory } from '../../services/advisories.ts';
import type { ExternalImages } from '../../services/external-images.ts';
import {
  advisoryAudience,
  advisoryCounts,
  advisoryDtos,
  entitledKeyIds,
} from '../../services/signal-access.ts';
import { traderSummaries } from '../../services/trader-keys.ts';

const myReactions = z.record(z.string(), z.union([z.literal(1), z.literal(2), z.literal(3)]));
const counts = z.record(z.string(), z.object({ 1: z.number(), 2: z.number(), 3: z.number() }));

async function adminAdvisories(db: Kysely<DB>, ids?: number[]) {
  let query = db.selectFrom('advisories').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (ids) query = query.where('id', 'in', ids);
  const rows = await query.execute();
  const dtos = new Map(
    (await advisoryDtos(db, { advisoryIds: rows.map((r) => r.id) })).map((d) => [d.id, d]),
  );
  const all = await advisoryCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    advisoryDesc: r.advisory_desc,
    content: r.content,
    apiKeyArray: dtos.get(r.id)?.apiKeyArray ?? [],
    traders: dtos.get(r.id)?.traders ?? [],
    createdTimestamp: new Date(r.created_at).toISOString(),
    updatedTimestamp: new Date(r.updated_at).toISOString(),
    counts: all[r.id] ?? { 1: 0, 2: 0, 3: 0 },
  }));
}

/** Strategy administration (admins only). */
export const advisoryAdminRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
  externalImages: ExternalImages;
}> = async (app, { db, externalImages }) => {
  const actor = (request: { principal: { userId: string } | undefined; ip: string }) => ({
    userId: principalOf(request).userId,
    ip: request.ip,
  });

  app.get('/api/Advisory/GetAllAds', { schema: { response: { 200: z.array(adminAdvisory) } } }, async () =>
    adminAdvisories(db),
  );

  app.get(
    '/api/Advisory/GetAdvisory',
    {
      schema: {
        querystring: z.object({ advisoryId: z.coerce.number().int() }),
        response: { 200: adminAdvisory },
      },
    },
    async (request) => {
      const [found] = await adminAdvisories(db, [request.query.advisoryId]);
      if (!found) throw new HttpProblem(404, 'advisoryNotFound');
      return found;
    },
  );

  app.get(
    '/api/Advisory/GetAllTraders',
    { schema: { response: { 200: z.array(traderSummary) } } },
    async () => traderSummaries(db),
  );

  app.post(
    '/api/Advisory/AddOrUpdateAdvisory',
    {
      bodyLimit: 1024 * 1024,
      schema: { body: addOrUpdateAdvisoryRequest, response: { 200: idResponse } },
    },
    async (request) => {
      const content = await externalImages.localizeHtml(
        request.body.content,
        principalOf(request).userId,
        'content',
      );
      const saved = await saveAdvisory(db, { ...request.body, content }, actor(request));
      return { id: saved.id };
    },
  );

  app.post(
    '/api/Advisory/DeleteAdvisory',
    {
      schema: {
        querystring: z.object({ advisoryId: z.coerce.number().int() }),
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await deleteAdvisory(db, request.query.advisoryId, actor(request));
      return { ok: true as const };
    },
  );
};

/** Members: counts of what they can see, and their reaction. Registered behind requireMember. */
export const advisoryMemberRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get('/api/Advisory/GetAdvCount', { schema: { response: { 200: counts } } }, async (request) => {
    const principal = principalOf(request);
    if (isAdmin(principal))
      return advisoryCounts(
        db,
        (await db.selectFrom('advisories').select('id').execute()).map((r) => r.id),
      );
    const visible = await advisoryDtos(db, { keyIds: await entitledKeyIds(db, principal) });
    return advisoryCounts(
      db,
      visible.map((d) => d.id),
    );
  });

  // The member's own reactions (advisory id → kind), so the chosen button stays marked after a reload. All
  // of them: they are the member's own data, and a strategy that comes back into the feed (a renewed
  // subscription or membership) shows the earlier choice at once.
  app.get('/api/AdvisoryFeedBack/Mine', { schema: { response: { 200: myReactions } } }, async (request) => {
    const rows = await db
      .selectFrom('advisory_reactions')
      .select(['advisory_id', 'kind'])
      .where('user_id', '=', principalOf(request).userId)
      .execute();
    const mine: Record<string, 1 | 2 | 3> = {};
    for (const row of rows) mine[String(row.advisory_id)] = row.kind as 1 | 2 | 3;
    return mine;
  });

  app.post(
    '/api/AdvisoryFeedBack/Follow',
    { schema: { body: followRequest, response: { 200: okResponse } } },
    async (request) => {
      const principal = principalOf(request);
      // Only on a strategy the member actually receives.
      const audience = await advisoryAudience(db, request.body.advisoryId, { userId: principal.userId });
      if (audience.length === 0)
        throw new HttpProblem(404, 'advisoryNotFound', { advisoryId: ['advisoryNotFound'] });
      await react(db, request.body.advisoryId, principal.userId, request.body.kind);
      return { ok: true as const };
    },
  );
};
