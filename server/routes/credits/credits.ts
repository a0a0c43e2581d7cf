import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { creditLedgerPage } from '#shared/schemas/credit.ts';
import { invitationPageQuery } from '#shared/schemas/invitations.ts';
import type { DB } from '../../db/schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { presentCreditLedger } from '../../presenters/credit.ts';
import { ledgerOf } from '../../services/credit-ledger.ts';

const MEMBER_PAGE_SIZE = 20;

/** The signed-in person's credit balance and ledger (the profile's points). */
export const creditRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get(
    '/api/Credit/Mine',
    { schema: { querystring: invitationPageQuery, response: { 200: creditLedgerPage } } },
    async (request) => {
      const pageSize = request.query.pageSize ?? MEMBER_PAGE_SIZE;
      const ledger = await ledgerOf(db, principalOf(request).userId, {
        offset: ((request.query.current ?? 1) - 1) * pageSize,
        limit: pageSize,
      });
      return presentCreditLedger(ledger, 'member');
    },
  );
};
