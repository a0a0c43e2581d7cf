import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { idResponse, okResponse } from '#shared/schemas/common.ts';
import { classificationTree, editClassificationRequest, idQuery } from '#shared/schemas/teaching.ts';
import type { DB } from '../../db/schema.ts';
import { actorOf } from '../../plugins/authenticate.ts';
import { isAdmin } from '../../policies/membership.ts';
import {
  deleteClassification,
  editClassification,
  classificationTree as loadTree,
} from '../../services/classifications.ts';

/** Read: anyone (hidden types for admins only). Registered with optionalAuthenticate. */
export const classificationReadRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get(
    '/api/ArticleClassification/List',
    { schema: { response: { 200: classificationTree } } },
    async (request) => loadTree(db, Boolean(request.principal && isAdmin(request.principal))),
  );
};

/** Write: admins only. Registered behind authenticate + requireAdmin. */
export const classificationAdminRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.post(
    '/api/ArticleClassification/Edit',
    { schema: { body: editClassificationRequest, response: { 200: idResponse } } },
    async (request) => ({ id: await editClassification(db, request.body, actorOf(request)) }),
  );

  app.post(
    '/api/ArticleClassification/Delete',
    { schema: { querystring: idQuery, response: { 200: okResponse } } },
    async (request) => {
      await deleteClassification(db, request.query.id, actorOf(request));
      return { ok: true as const };
    },
  );
};
