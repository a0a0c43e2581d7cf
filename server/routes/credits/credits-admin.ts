import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  adjustCreditRequest,
  adjustCreditResponse,
  creditLedgerPage,
  creditLedgerQuery,
} from '#shared/schemas/credit.ts';
import type { DB } from '../../db/schema.ts';
import { actorOf } from '../../plugins/authenticate.ts';
import { presentCreditLedger } from '../../presenters/credit.ts';
import { adjustCredit, ledgerOf } from '../../services/credit-ledger.ts';

const LEDGER_PAGE_SIZE = 10;

/** A user's credit ledger and the admins' adjustments (the user detail page). Admins only. */
export const creditAdminRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get(
    '/api/Credit/Ledger',
    { schema: { querystring: creditLedgerQuery, response: { 200: creditLedgerPage } } },
    async (request) => {
      const q = request.query;
      const pageSize = q.pageSize ?? LEDGER_PAGE_SIZE;
      const ledger = await ledgerOf(db, q.userId, {
        offset: ((q.current ?? 1) - 1) * pageSize,
        limit: pageSize,
      });
      return presentCreditLedger(ledger, 'admin');
    },
  );

  app.post(
    '/api/Credit/Adjust',
    { schema: { body: adjustCreditRequest, response: { 200: adjustCreditResponse } } },
    async (request) => adjustCredit(db, request.body, actorOf(request)),
  );
};
