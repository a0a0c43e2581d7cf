import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { mediaFilters, mediaStream, mediaStreamQuery } from '#shared/schemas/media.ts';
import type { DB } from '../../db/schema.ts';
import { principalOf } from '../../plugins/authenticate.ts';
import { canSeeHiddenMediaItems } from '../../policies/media.ts';
import { presentMediaFilters, presentMediaStream } from '../../presenters/media.ts';
import { readMediaFilters, readMediaStream } from '../../services/media-items.ts';

/** Media monitoring for members: the stream of items and its filters' choices. Behind requireMember. */
export const mediaRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB> }> = async (app, { db }) => {
  app.get(
    '/api/Media/Stream',
    { schema: { querystring: mediaStreamQuery, response: { 200: mediaStream } } },
    async (request) => {
      const withHidden = canSeeHiddenMediaItems(principalOf(request));
      return presentMediaStream(await readMediaStream(db, request.query, { withHidden }));
    },
  );

  app.get('/api/Media/Filters', { schema: { response: { 200: mediaFilters } } }, async () =>
    presentMediaFilters(await readMediaFilters(db)),
  );
};
