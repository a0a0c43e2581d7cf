import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { invitationPageQuery, invitationSummary, inviteePage } from '#shared/schemas/invitations.ts';
import type { DB } from '../../db/schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { presentInvitationSummary, presentInvitee } from '../../presenters/invitations.ts';
import { invitationSummaryOf, inviteesOf } from '../../services/invitation-directory.ts';

export const MEMBER_PAGE_SIZE = 20;

/** The signed-in person's invitation rebate (/personal/invitation): anyone signed in may invite. */
export const invitationRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get('/api/Invitation/Mine', { schema: { response: { 200: invitationSummary } } }, async (request) =>
    presentInvitationSummary(await invitationSummaryOf(db, principalOf(request).userId)),
  );

  app.get(
    '/api/Invitation/Invitees',
    { schema: { querystring: invitationPageQuery, response: { 200: inviteePage } } },
    async (request) => {
      const pageSize = request.query.pageSize ?? MEMBER_PAGE_SIZE;
      const page = await inviteesOf(db, principalOf(request).userId, {
        offset: ((request.query.current ?? 1) - 1) * pageSize,
        limit: pageSize,
      });
      return { total: page.total, records: page.rows.map(presentInvitee) };
    },
  );
};
