import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  addOrUpdateAdvisoryRequest,
  adminAdvisory,
  adminAdvisoryList,
  advisoryCounts,
  advisoryIdQuery,
  engagementPage,
  engagementQuery,
  followRequest,
  myReactions,
  withdrawReactionRequest,
} from '#shared/schemas/advisories.ts';
import { idResponse, okResponse } from '#shared/schemas/common.ts';
import { traderSummaryList } from '#shared/schemas/trader-keys.ts';
import type { DB } from '../../db/schema.ts';
import { actorOf, principalOf } from '../../plugins/authenticate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { canReceiveAdvisory, countScope, entitledKeyIds } from '../../policies/advisory.ts';
import {
  presentAdminAdvisory,
  presentAdvisoryCounts,
  presentEngagement,
  presentMyReactions,
} from '../../presenters/advisories.ts';
import { presentTraderSummary } from '../../presenters/trader-keys.ts';
import {
  advisoriesWithTraders,
  allAdvisoryIds,
  deleteAdvisory,
  engagementsOf,
  react,
  reactionCounts,
  reactionsOf,
  saveAdvisory,
  withdrawReaction,
} from '../../services/advisories.ts';
import type { ExternalImages } from '../../services/external-images.ts';
import { traderSummaries } from '../../services/trader-keys.ts';

/** Strategies as administrators manage them (all, or only `ids`), newest first, with their counts. */
async function adminAdvisories(db: Kysely<DB>, ids?: number[]) {
  const list = await advisoriesWithTraders(db, ids ? { advisoryIds: ids } : {});
  const listed = list.map(({ row }) => row.id);
  const counts = presentAdvisoryCounts(listed, await reactionCounts(db, listed));
  return list.map(({ row, traders }) => presentAdminAdvisory(row, traders, counts));
}

/** Strategy administration (admins only). */
export const advisoryAdminRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
  externalImages: ExternalImages;
}> = async (app, { db, externalImages }) => {
  app.get('/api/Advisory/GetAllAds', { schema: { response: { 200: adminAdvisoryList } } }, async () =>
    adminAdvisories(db),
  );

  app.get(
    '/api/Advisory/GetAdvisory',
    {
      schema: {
        querystring: advisoryIdQuery,
        response: { 200: adminAdvisory },
      },
    },
    async (request) => {
      const [found] = await adminAdvisories(db, [request.query.advisoryId]);
      if (!found) throw new HttpProblem(404, 'advisoryNotFound');
      return found;
    },
  );

  app.get('/api/Advisory/GetAllTraders', { schema: { response: { 200: traderSummaryList } } }, async () =>
    (await traderSummaries(db)).map(presentTraderSummary),
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
      const saved = await saveAdvisory(db, { ...request.body, content }, actorOf(request));
      return { id: saved.id };
    },
  );

  app.post(
    '/api/Advisory/DeleteAdvisory',
    {
      schema: {
        querystring: advisoryIdQuery,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await deleteAdvisory(db, request.query.advisoryId, actorOf(request));
      return { ok: true as const };
    },
  );
};

/** Members: counts of what they can see, and their reaction. Registered behind requireMember. */
export const advisoryMemberRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get('/api/Advisory/GetAdvCount', { schema: { response: { 200: advisoryCounts } } }, async (request) => {
    const scope = await countScope(db, principalOf(request));
    const ids =
      scope === 'all'
        ? await allAdvisoryIds(db)
        : (await advisoriesWithTraders(db, { keyIds: scope })).map(({ row }) => row.id);
    return presentAdvisoryCounts(ids, await reactionCounts(db, ids));
  });

  // The member's own reactions (advisory id → kind), so the chosen button stays marked after a reload. All
  // of them: they are the member's own data, and a strategy that comes back into the feed (a renewed
  // subscription or membership) shows the earlier choice at once.
  app.get('/api/AdvisoryFeedBack/Mine', { schema: { response: { 200: myReactions } } }, async (request) => {
    return presentMyReactions(await reactionsOf(db, principalOf(request).userId));
  });

  app.post(
    '/api/AdvisoryFeedBack/Follow',
    { schema: { body: followRequest, response: { 200: okResponse } } },
    async (request) => {
      const principal = principalOf(request);
      // Only on a strategy the member actually receives.
      if (!(await canReceiveAdvisory(db, principal, request.body.advisoryId)))
        throw new HttpProblem(404, 'advisoryNotFound', { advisoryId: ['advisoryNotFound'] });
      await react(db, request.body.advisoryId, principal.userId, request.body.kind);
      return { ok: true as const };
    },
  );

  // Withdrawing is the member's own data: allowed also on a strategy they no longer receive.
  app.post(
    '/api/AdvisoryFeedBack/Withdraw',
    { schema: { body: withdrawReactionRequest, response: { 200: okResponse } } },
    async (request) => {
      await withdrawReaction(db, request.body.advisoryId, principalOf(request).userId);
      return { ok: true as const };
    },
  );

  // The engagement page (personal area): the strategies the member reacted to, newest reaction first.
  app.get(
    '/api/AdvisoryFeedBack/MyEngagements',
    { schema: { querystring: engagementQuery, response: { 200: engagementPage } } },
    async (request) => {
      const principal = principalOf(request);
      const { kind, keyId, current, pageSize } = request.query;
      const found = await engagementsOf(db, principal.userId, {
        kind,
        keyId,
        offset: (current - 1) * pageSize,
        limit: pageSize,
      });
      const [receiving, scope] = await Promise.all([
        entitledKeyIds(db, principal),
        countScope(db, principal),
      ]);
      const ids = found.rows.map(({ row }) => row.advisory_id);
      const counts = presentAdvisoryCounts(ids, await reactionCounts(db, ids));
      return {
        total: found.total,
        traders: found.traders,
        records: found.rows.map(({ row, traders }) => {
          const sentThrough = (keys: number[]) => traders.some((trader) => keys.includes(trader.id));
          const visible = scope === 'all' || sentThrough(scope);
          return presentEngagement(
            row,
            traders,
            sentThrough(receiving),
            visible ? (counts[row.advisory_id] ?? null) : null,
          );
        }),
      };
    },
  );
};
