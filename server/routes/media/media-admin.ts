import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { idResponse, okResponse } from '#shared/schemas/common.ts';
import {
  addMediaKeywordRuleRequest,
  addMediaSourceRequest,
  hideMediaItemRequest,
  importOpmlRequest,
  MEDIA_LIMITS,
  mediaIdRequest,
  mediaKeywordRuleList,
  mediaSourceList,
  opmlImportResult,
  pinMediaItemRequest,
  setMediaSourceEnabledRequest,
  updateMediaKeywordRuleRequest,
  updateMediaSourceRequest,
} from '#shared/schemas/media.ts';
import type { DB } from '../../db/schema.ts';
import { actorOf } from '../../plugins/authenticate.ts';
import {
  presentMediaKeywordRule,
  presentMediaSource,
  presentOpml,
  presentOpmlImport,
} from '../../presenters/media.ts';
import { DomainError } from '../../services/errors.ts';
import { setMediaItemFlag } from '../../services/media-items.ts';
import {
  addMediaKeywordRule,
  deleteMediaKeywordRule,
  listMediaKeywordRules,
  updateMediaKeywordRule,
} from '../../services/media-keyword-rules.ts';
import {
  addMediaSource,
  deleteMediaSource,
  importOpml,
  listMediaSources,
  readMediaSourceNow,
  setMediaSourceEnabled,
  updateMediaSource,
} from '../../services/media-sources.ts';
import { readSingleUpload, withUploads } from '../../storage/read-upload.ts';

type Options = {
  db: Kysely<DB>;
  /** Sources became due (added, enabled, moved, imported): read them now rather than at the next round. */
  nudge: () => void;
};

/** JSON text of the largest OPML document: up to 3 bytes per character, and its escapes. */
const OPML_BODY_LIMIT = 4 * MEDIA_LIMITS.opml;

const ok = { ok: true as const };

/**
 * Media monitoring for admins (/admin/content/media): sources with their state, OPML export and import,
 * keyword rules, hiding and pinning items. Behind requireAdmin; every change is audited.
 */
export const mediaAdminRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, nudge }) => {
  app.get('/api/Media/Sources', { schema: { response: { 200: mediaSourceList } } }, async () =>
    (await listMediaSources(db)).map(presentMediaSource),
  );

  app.post(
    '/api/Media/AddSource',
    { schema: { body: addMediaSourceRequest, response: { 200: idResponse } } },
    async (request) => {
      const id = await addMediaSource(db, request.body, actorOf(request));
      if (request.body.enabled) nudge();
      return { id };
    },
  );

  app.post(
    '/api/Media/UpdateSource',
    { schema: { body: updateMediaSourceRequest, response: { 200: okResponse } } },
    async (request) => {
      await updateMediaSource(db, request.body, actorOf(request));
      nudge();
      return ok;
    },
  );

  app.post(
    '/api/Media/DeleteSource',
    { schema: { body: mediaIdRequest, response: { 200: okResponse } } },
    async (request) => {
      await deleteMediaSource(db, request.body.id, actorOf(request));
      return ok;
    },
  );

  app.post(
    '/api/Media/SetSourceEnabled',
    { schema: { body: setMediaSourceEnabledRequest, response: { 200: okResponse } } },
    async (request) => {
      await setMediaSourceEnabled(db, request.body.id, request.body.enabled, actorOf(request));
      if (request.body.enabled) nudge();
      return ok;
    },
  );

  app.post(
    '/api/Media/ReadSourceNow',
    { schema: { body: mediaIdRequest, response: { 200: okResponse } } },
    async (request) => {
      await readMediaSourceNow(db, request.body.id, actorOf(request));
      nudge();
      return ok;
    },
  );

  // An OPML 2.0 document of every source, to download (not JSON: no response schema, not in the contract).
  app.get('/api/Media/ExportOpml', async (_request, reply) => {
    const now = Date.now();
    const day = new Date(now).toISOString().slice(0, 10);
    return reply
      .type('text/x-opml; charset=utf-8')
      .header('content-disposition', `attachment; filename="media-sources-${day}.opml"`)
      .send(presentOpml(await listMediaSources(db), now));
  });

  app.post(
    '/api/Media/ImportOpml',
    {
      bodyLimit: OPML_BODY_LIMIT,
      schema: { body: importOpmlRequest, response: { 200: opmlImportResult } },
    },
    async (request) => {
      const result = await importOpml(db, request.body.opml, 'opml', actorOf(request));
      if (result.added.length) nudge();
      return presentOpmlImport(result);
    },
  );

  // The same from a file (multipart, field `file`), in whatever encoding it declares.
  await withUploads(app, (uploads) =>
    uploads.post(
      '/api/Media/ImportOpmlFile',
      { schema: { response: { 200: opmlImportResult } } },
      async (request) => {
        let data: Buffer;
        try {
          data = (await readSingleUpload(request, MEDIA_LIMITS.opml)).data;
        } catch (error) {
          if (error instanceof DomainError && error.message === 'uploadTooLarge')
            throw new DomainError('tooLarge', 'opmlTooLarge', { file: ['opmlTooLarge'] });
          throw error;
        }
        if (data.length === 0) throw new DomainError('invalid', 'uploadEmpty', { file: ['uploadEmpty'] });
        const result = await importOpml(db, data, 'file', actorOf(request));
        if (result.added.length) nudge();
        return presentOpmlImport(result);
      },
    ),
  );

  app.get('/api/Media/KeywordRules', { schema: { response: { 200: mediaKeywordRuleList } } }, async () =>
    (await listMediaKeywordRules(db)).map(presentMediaKeywordRule),
  );

  app.post(
    '/api/Media/AddKeywordRule',
    { schema: { body: addMediaKeywordRuleRequest, response: { 200: idResponse } } },
    async (request) => ({ id: await addMediaKeywordRule(db, request.body, actorOf(request)) }),
  );

  app.post(
    '/api/Media/UpdateKeywordRule',
    { schema: { body: updateMediaKeywordRuleRequest, response: { 200: okResponse } } },
    async (request) => {
      const { id, ...input } = request.body;
      await updateMediaKeywordRule(db, id, input, actorOf(request));
      return ok;
    },
  );

  app.post(
    '/api/Media/DeleteKeywordRule',
    { schema: { body: mediaIdRequest, response: { 200: okResponse } } },
    async (request) => {
      await deleteMediaKeywordRule(db, request.body.id, actorOf(request));
      return ok;
    },
  );

  app.post(
    '/api/Media/HideItem',
    { schema: { body: hideMediaItemRequest, response: { 200: okResponse } } },
    async (request) => {
      await setMediaItemFlag(db, request.body.id, 'hidden', request.body.hidden, actorOf(request));
      return ok;
    },
  );

  app.post(
    '/api/Media/PinItem',
    { schema: { body: pinMediaItemRequest, response: { 200: okResponse } } },
    async (request) => {
      await setMediaItemFlag(db, request.body.id, 'pinned', request.body.pinned, actorOf(request));
      return ok;
    },
  );
};
