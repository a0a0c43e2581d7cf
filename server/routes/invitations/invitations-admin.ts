import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import {
  adminReward,
  adminRewardPage,
  invitationSettings,
  reverseRewardRequest,
  rewardsQuery,
  updateInvitationSettingsRequest,
} from '#shared/schemas/invitations.ts';
import type { DB } from '../../db/schema.ts';
import { actorOf } from '../../plugins/authenticate.ts';
import { presentAdminReward, presentInvitationSettings } from '../../presenters/invitations.ts';
import { adminRewardById, adminRewards } from '../../services/invitation-directory.ts';
import {
  invitationSettingsOf,
  reverseReward,
  updateInvitationSettings,
} from '../../services/invitation-rewards.ts';

/** The invitation reward's settings and the rewards granted (/admin/operation/invitation). Admins only. */
export const invitationAdminRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get('/api/Invitation/Settings', { schema: { response: { 200: invitationSettings } } }, async () =>
    presentInvitationSettings(await invitationSettingsOf(db)),
  );

  app.post(
    '/api/Invitation/UpdateSettings',
    { schema: { body: updateInvitationSettingsRequest, response: { 200: invitationSettings } } },
    async (request) => {
      await updateInvitationSettings(db, request.body, actorOf(request));
      return presentInvitationSettings(await invitationSettingsOf(db));
    },
  );

  app.get(
    '/api/Invitation/Rewards',
    { schema: { querystring: rewardsQuery, response: { 200: adminRewardPage } } },
    async (request) => {
      const q = request.query;
      const pageSize = q.pageSize ?? ADMIN_PAGE_SIZE;
      const page = await adminRewards(db, {
        offset: ((q.current ?? 1) - 1) * pageSize,
        limit: pageSize,
        search: q.search || undefined,
        status: q.status,
      });
      return { total: page.total, records: page.rows.map(presentAdminReward) };
    },
  );

  app.post(
    '/api/Invitation/ReverseReward',
    { schema: { body: reverseRewardRequest, response: { 200: adminReward } } },
    async (request) => {
      await reverseReward(db, request.body, actorOf(request));
      const row = await adminRewardById(db, request.body.id);
      return presentAdminReward(row!);
    },
  );
};
