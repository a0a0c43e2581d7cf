import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { idResponse, okResponse } from '#shared/schemas/common.ts';
import {
  addOnchainAlertRequest,
  addOnchainLabelRequest,
  onchainAdminAlertPage,
  onchainAdminAlertsQuery,
  onchainIdRequest,
  onchainLabelList,
  onchainWatcherState,
  updateOnchainAlertRequest,
  updateOnchainLabelRequest,
} from '#shared/schemas/onchain.ts';
import type { OnchainWatchConfig } from '../../chain/onchain-config.ts';
import type { DB } from '../../db/schema.ts';
import { actorOf } from '../../plugins/authenticate.ts';
import {
  presentOnchainAdminAlertPage,
  presentOnchainLabel,
  presentOnchainWatcherState,
} from '../../presenters/onchain.ts';
import {
  addOnchainAlert,
  deleteOnchainAlert,
  discardOnchainAlert,
  publishOnchainAlert,
  updateOnchainAlert,
} from '../../services/onchain-alert-admin.ts';
import { readOnchainAlertPage, readOnchainWatcherStates } from '../../services/onchain-alerts.ts';
import {
  addOnchainLabel,
  deleteOnchainLabel,
  listOnchainLabels,
  updateOnchainLabel,
} from '../../services/onchain-labels.ts';

type Options = {
  db: Kysely<DB>;
  /** The watcher's configuration (ONCHAIN_WATCH), for its state; undefined when none is set. */
  watch: OnchainWatchConfig | undefined;
};

const ok = { ok: true as const };

/**
 * On-chain monitoring for admins (/admin/content/onchain): every alert with its status, writing, changing,
 * deleting, publishing and discarding alerts, the address labels, the watcher's state. Behind requireAdmin;
 * every change is audited.
 */
export const onchainAdminRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, watch }) => {
  app.get(
    '/api/Onchain/AdminAlerts',
    { schema: { querystring: onchainAdminAlertsQuery, response: { 200: onchainAdminAlertPage } } },
    async (request) =>
      presentOnchainAdminAlertPage(await readOnchainAlertPage(db, request.query, { publishedOnly: false })),
  );

  app.post(
    '/api/Onchain/AddAlert',
    { schema: { body: addOnchainAlertRequest, response: { 200: idResponse } } },
    async (request) => ({ id: await addOnchainAlert(db, request.body, actorOf(request)) }),
  );

  app.post(
    '/api/Onchain/UpdateAlert',
    { schema: { body: updateOnchainAlertRequest, response: { 200: okResponse } } },
    async (request) => {
      const { id, ...input } = request.body;
      await updateOnchainAlert(db, id, input, actorOf(request));
      return ok;
    },
  );

  app.post(
    '/api/Onchain/DeleteAlert',
    { schema: { body: onchainIdRequest, response: { 200: okResponse } } },
    async (request) => {
      await deleteOnchainAlert(db, request.body.id, actorOf(request));
      return ok;
    },
  );

  app.post(
    '/api/Onchain/PublishAlert',
    { schema: { body: onchainIdRequest, response: { 200: okResponse } } },
    async (request) => {
      await publishOnchainAlert(db, request.body.id, actorOf(request));
      return ok;
    },
  );

  app.post(
    '/api/Onchain/DiscardAlert',
    { schema: { body: onchainIdRequest, response: { 200: okResponse } } },
    async (request) => {
      await discardOnchainAlert(db, request.body.id, actorOf(request));
      return ok;
    },
  );

  app.get('/api/Onchain/Labels', { schema: { response: { 200: onchainLabelList } } }, async () =>
    (await listOnchainLabels(db)).map(presentOnchainLabel),
  );

  app.post(
    '/api/Onchain/AddLabel',
    { schema: { body: addOnchainLabelRequest, response: { 200: idResponse } } },
    async (request) => ({ id: await addOnchainLabel(db, request.body, actorOf(request)) }),
  );

  app.post(
    '/api/Onchain/UpdateLabel',
    { schema: { body: updateOnchainLabelRequest, response: { 200: okResponse } } },
    async (request) => {
      const { id, ...input } = request.body;
      await updateOnchainLabel(db, id, input, actorOf(request));
      return ok;
    },
  );

  app.post(
    '/api/Onchain/DeleteLabel',
    { schema: { body: onchainIdRequest, response: { 200: okResponse } } },
    async (request) => {
      await deleteOnchainLabel(db, request.body.id, actorOf(request));
      return ok;
    },
  );

  app.get('/api/Onchain/WatcherState', { schema: { response: { 200: onchainWatcherState } } }, async () =>
    presentOnchainWatcherState(watch, await readOnchainWatcherStates(db)),
  );
};
