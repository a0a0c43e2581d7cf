import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { okResponse } from '#shared/schemas/common.ts';
import { dismissMembershipNoticeRequest, pendingMembershipNotice } from '#shared/schemas/membership.ts';
import type { DB } from '../../db/schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { presentPendingNotice } from '../../presenters/membership.ts';
import { dismissNotice, pendingNotice } from '../../services/membership-reminders.ts';

/**
 * The signed-in person's membership notice (a reminder before their membership ends, or the notice that it
 * has ended) and its dismissal, kept on the server so that it does not come back on another device.
 * Registered behind authenticate: everyone signed in may ask (most have nothing pending).
 */
export const membershipNoticeRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
  /** MEMBERSHIP_CONTACT: whom to contact to renew. */
  contact: string | undefined;
}> = async (app, { db, contact }) => {
  app.get(
    '/api/MembershipNotice/Pending',
    { schema: { response: { 200: pendingMembershipNotice } } },
    async (request) => presentPendingNotice(await pendingNotice(db, principalOf(request)), contact),
  );

  app.post(
    '/api/MembershipNotice/Dismiss',
    { schema: { body: dismissMembershipNoticeRequest, response: { 200: okResponse } } },
    async (request) => {
      const { kind, expiryDate } = request.body;
      await dismissNotice(db, principalOf(request), { kind, expiry: Date.parse(expiryDate) });
      return { ok: true as const };
    },
  );
};
