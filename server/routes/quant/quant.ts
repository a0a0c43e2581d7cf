import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { idResponse, okResponse } from '#shared/schemas/common.ts';
import {
  addQuantRequest,
  freqtradeImport,
  freqtradeImportQuery,
  quantCardList,
  quantIdQuery,
  quantIdRequest,
  quantListQuery,
  quantStrategy,
  updateQuantRequest,
} from '#shared/schemas/quant.ts';
import type { DB } from '../../db/schema.ts';
import { actorOf, principalOf } from '../../plugins/authenticate.ts';
import { presentQuantCard, presentQuantStrategy } from '../../presenters/quant.ts';
import { readFreqtradeResult } from '../../quant/freqtrade.ts';
import { DomainError } from '../../services/errors.ts';
import type { ExternalImages } from '../../services/external-images.ts';
import {
  addQuantStrategy,
  deleteQuantStrategy,
  findQuantStrategy,
  listQuantStrategies,
  updateQuantStrategy,
} from '../../services/quant-strategies.ts';
import { readSingleUpload, withUploads } from '../../storage/read-upload.ts';

/** The largest freqtrade result file taken (its trade list makes a long backtest's file a few MB). */
export const MAX_FREQTRADE_BYTES = 20 * 1024 * 1024;
/** A strategy's body: the description's HTML and up to 10,000 days. */
const STRATEGY_BODY_LIMIT = 4 * 1024 * 1024;

/** Quantitative strategies for members: those their tags admit (admins: all). Behind requireMember. */
export const quantRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get(
    '/api/Quant/List',
    { schema: { querystring: quantListQuery, response: { 200: quantCardList } } },
    async (request) =>
      (await listQuantStrategies(db, principalOf(request), request.query)).map(({ row, symbols, roleIds }) =>
        presentQuantCard(row, symbols, roleIds),
      ),
  );

  app.get(
    '/api/Quant/Get',
    { schema: { querystring: quantIdQuery, response: { 200: quantStrategy } } },
    async (request) =>
      presentQuantStrategy(await findQuantStrategy(db, principalOf(request), request.query.id)),
  );
};

/** Publishing quantitative strategies, and reading freqtrade results for them. Behind requireAdmin. */
export const quantAdminRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
  externalImages: ExternalImages;
}> = async (app, { db, externalImages }) => {
  app.post(
    '/api/Quant/Add',
    { bodyLimit: STRATEGY_BODY_LIMIT, schema: { body: addQuantRequest, response: { 200: idResponse } } },
    async (request) => {
      const description = await externalImages.localizeHtml(
        request.body.description,
        principalOf(request).userId,
        'description',
      );
      const id = await addQuantStrategy(db, { ...request.body, description }, actorOf(request));
      return { id };
    },
  );

  app.post(
    '/api/Quant/Update',
    { bodyLimit: STRATEGY_BODY_LIMIT, schema: { body: updateQuantRequest, response: { 200: okResponse } } },
    async (request) => {
      const description = await externalImages.localizeHtml(
        request.body.description,
        principalOf(request).userId,
        'description',
      );
      await updateQuantStrategy(db, { ...request.body, description }, actorOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/Quant/Delete',
    { schema: { body: quantIdRequest, response: { 200: okResponse } } },
    async (request) => {
      await deleteQuantStrategy(db, request.body.id, actorOf(request));
      return { ok: true as const };
    },
  );

  // A multipart upload of the file (field `file`): answers what it holds for the admin to review; nothing is
  // saved. Refusals say what is wrong with the file (400), or that it is too large (413).
  await withUploads(app, (uploads) =>
    uploads.post(
      '/api/Quant/ImportFreqtrade',
      { schema: { querystring: freqtradeImportQuery, response: { 200: freqtradeImport } } },
      async (request) => {
        let data: Buffer;
        try {
          data = (await readSingleUpload(request, MAX_FREQTRADE_BYTES)).data;
        } catch (error) {
          if (error instanceof DomainError && error.message === 'uploadTooLarge')
            throw new DomainError('tooLarge', 'freqtradeTooLarge', { file: ['freqtradeTooLarge'] });
          throw error;
        }
        return readFreqtradeResult(data, request.query.strategy);
      },
    ),
  );
};
