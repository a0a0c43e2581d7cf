import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  onchainAlertPage,
  onchainAlertsQuery,
  onchainFilters,
  onchainTotals,
} from '#shared/schemas/onchain.ts';
import type { DB } from '../../db/schema.ts';
import {
  presentOnchainAlertPage,
  presentOnchainFilters,
  presentOnchainTotals,
} from '../../presenters/onchain.ts';
import {
  readOnchainAlertPage,
  readOnchainFilters,
  readOnchainTotals,
} from '../../services/onchain-alerts.ts';

/** On-chain monitoring for members: published alerts, the 24 h exchange flows, the filters' choices. Behind requireMember. */
export const onchainRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get(
    '/api/Onchain/Alerts',
    { schema: { querystring: onchainAlertsQuery, response: { 200: onchainAlertPage } } },
    async (request) =>
      presentOnchainAlertPage(await readOnchainAlertPage(db, request.query, { publishedOnly: true })),
  );

  app.get('/api/Onchain/Totals', { schema: { response: { 200: onchainTotals } } }, async () =>
    presentOnchainTotals(await readOnchainTotals(db)),
  );

  app.get('/api/Onchain/Filters', { schema: { response: { 200: onchainFilters } } }, async () =>
    presentOnchainFilters(await readOnchainFilters(db)),
  );
};
