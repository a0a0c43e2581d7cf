import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { ARTICLE_STATUS } from '#shared/constants.ts';
import { idResponse, okResponse } from '#shared/schemas/common.ts';
import {
  addArticleRequest,
  addCommentRequest,
  approvalQuery,
  article,
  articlePage,
  authorList,
  commentList,
  findPageQuery,
  idParams,
  reactionResponse,
  updateArticleRequest,
} from '#shared/schemas/teaching.ts';
import type { DB } from '../../db/schema.ts';
import { actorOf, principalOf } from '../../plugins/authenticate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import {
  articleListScope,
  canCreateArticle,
  canDeleteArticle,
  canDeleteComment,
  canEditArticle,
  canEngage,
  canReadArticle,
  canReviewArticle,
} from '../../policies/article.ts';
import { isAdmin, type Principal } from '../../policies/membership.ts';
import {
  presentArticle,
  presentArticleSummary,
  presentAuthor,
  presentComment,
} from '../../presenters/articles.ts';
import { sha256 } from '../../security/crypto.ts';
import type { AnswerCache } from '../../services/answer-cache.ts';
import {
  addArticle,
  addComment,
  articleRelations,
  commentsOf,
  countView,
  deleteArticle,
  deleteComment,
  findArticle,
  findComment,
  findPage,
  publishedAuthors,
  reviewArticle,
  toggleReaction,
  updateArticle,
} from '../../services/articles.ts';
import type { ExternalImages } from '../../services/external-images.ts';

/** Sends JSON already written as bytes: Fastify sends them as they are, without the route's serializer. */
function sendJsonBytes(reply: FastifyReply, body: Buffer) {
  // The type provider types the payload as the route's object; the bytes are that object, already written.
  return reply.type('application/json; charset=utf-8').send(body as never);
}

const denied = () => new HttpProblem(403, 'permissionDenied');

/** An article the caller may read, or 404 (a hidden article does not reveal that it exists). */
async function readable(db: Kysely<DB>, id: number, principal: Principal | undefined) {
  const row = await findArticle(db, id);
  if (!canReadArticle(principal, row))
    throw new HttpProblem(404, 'articleNotFound', { id: ['articleNotFound'] });
  return row;
}

/** Public reads; signed-in callers see more (their own, or everything for admins). optionalAuthenticate. */
export const articleReadRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB>; listCache: AnswerCache }> = async (
  app,
  { db, listCache },
) => {
  app.get(
    '/Articles/FindPage',
    { schema: { querystring: findPageQuery, response: { 200: articlePage } } },
    async (request, reply) => {
      const scope = articleListScope(request.principal, request.query);
      // The published list (what members and visitors browse) is kept between calls per caller, since
      // each caller's answer says which articles they liked and collected; authors' and admins' lists are not.
      const { pageSize, current, headLine, classification } = request.query;
      const key =
        scope.kind === 'approved'
          ? `${request.principal?.userId ?? ''}|${pageSize}|${current}|${classification ?? ''}|${headLine ?? ''}`
          : undefined;
      const kept = key === undefined ? undefined : listCache.get(key);
      if (kept !== undefined) return sendJsonBytes(reply, kept);
      const { rows, total } = await findPage(db, scope, request.query);
      const related = await articleRelations(db, rows, request.principal?.userId);
      const answer = { records: rows.map((row) => presentArticleSummary(row, related)), total };
      if (key === undefined) return answer;
      // As the route's serializer would write it (checked against the schema, unknown keys dropped).
      const body = Buffer.from(JSON.stringify(articlePage.parse(answer)));
      listCache.set(key, body);
      return sendJsonBytes(reply, body);
    },
  );

  app.get(
    '/Articles/GetArticle/:id',
    { schema: { params: idParams, response: { 200: article } } },
    async (request) => {
      const row = await readable(db, request.params.id, request.principal);
      // Readers of a published article count once a day; the author's own views and an administrator's
      // look at an article under review do not.
      if (row.status === ARTICLE_STATUS.approved && row.author_id !== request.principal?.userId) {
        const viewer = request.principal ? `u:${request.principal.userId}` : `a:${sha256(request.ip)}`;
        if (await countView(db, row.id, viewer)) row.view_total += 1;
      }
      return presentArticle(row, await articleRelations(db, [row], request.principal?.userId));
    },
  );

  app.get('/Articles/AuthorList', { schema: { response: { 200: authorList } } }, async () =>
    (await publishedAuthors(db)).map(presentAuthor),
  );

  app.get(
    '/Articles/Comments/:id',
    { schema: { params: idParams, response: { 200: commentList } } },
    async (request) => {
      const { principal } = request;
      await readable(db, request.params.id, principal);
      return (await commentsOf(db, request.params.id)).map((row) =>
        presentComment(row, Boolean(principal && canDeleteComment(principal, row))),
      );
    },
  );
};

/** Writing, reviewing and engaging: signed in (authenticate); the policy decides per article. */
export const articleWriteRoutes: FastifyPluginAsyncZod<{
  db: Kysely<DB>;
  externalImages: ExternalImages;
  listCache: AnswerCache;
}> = async (app, { db, externalImages, listCache }) => {
  // Every write here changes what some list shows (an article, its status, its counts): the kept answers go.
  // Forgotten before the answer leaves, so the caller's next read never meets the old list.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && reply.statusCode < 400) listCache.forget();
    done(null, payload);
  });
  // The body is cleaned and its images of other sites, like a cover from elsewhere, are copied to ours.
  const localized = async <T extends { text: string; picture: string }>(body: T, personId: string) => ({
    ...body,
    text: await externalImages.localizeHtml(body.text, personId, 'text'),
    picture: await externalImages.localizeCover(body.picture, personId, 'picture'),
  });

  app.post(
    '/Articles/AddArticle',
    {
      bodyLimit: 1024 * 1024,
      schema: { body: addArticleRequest, response: { 200: idResponse } },
    },
    async (request) => {
      const principal = principalOf(request);
      if (!canCreateArticle(principal)) throw new HttpProblem(403, 'notMember');
      const id = await addArticle(db, await localized(request.body, principal.userId), actorOf(request));
      return { id };
    },
  );

  app.put(
    '/Articles/UpdateArticle',
    { bodyLimit: 1024 * 1024, schema: { body: updateArticleRequest, response: { 200: okResponse } } },
    async (request) => {
      const principal = principalOf(request);
      const existing = await readable(db, request.body.id, principal);
      if (!canEditArticle(principal, existing)) throw denied();
      const resubmit = existing.author_id === principal.userId || !isAdmin(principal);
      await updateArticle(db, existing, await localized(request.body, principal.userId), {
        ...actorOf(request),
        resubmit,
      });
      return { ok: true as const };
    },
  );

  app.delete(
    '/Articles/DeleteArticle/:id',
    { schema: { params: idParams, response: { 200: okResponse } } },
    async (request) => {
      const principal = principalOf(request);
      const existing = await readable(db, request.params.id, principal);
      if (!canDeleteArticle(principal, existing)) throw denied();
      await deleteArticle(db, existing.id, actorOf(request));
      return { ok: true as const };
    },
  );

  app.put(
    '/Articles/ApprovalArticle',
    { schema: { querystring: approvalQuery, response: { 200: okResponse } } },
    async (request) => {
      const principal = principalOf(request);
      if (!canReviewArticle(principal)) throw denied();
      await reviewArticle(db, request.query, actorOf(request));
      return { ok: true as const };
    },
  );

  for (const kind of ['like', 'collect'] as const) {
    const path = kind === 'like' ? '/Articles/Like/:id' : '/Articles/Collect/:id';
    app.post(path, { schema: { params: idParams, response: { 200: reactionResponse } } }, async (request) => {
      const principal = principalOf(request);
      const existing = await readable(db, request.params.id, principal);
      if (!canEngage(principal, existing)) throw new HttpProblem(403, 'notMember');
      return toggleReaction(db, kind, existing.id, principal.userId);
    });
  }

  app.post(
    '/Articles/Comment',
    { schema: { body: addCommentRequest, response: { 200: idResponse } } },
    async (request) => {
      const principal = principalOf(request);
      const existing = await readable(db, request.body.articleId, principal);
      if (!canEngage(principal, existing)) throw new HttpProblem(403, 'notMember');
      return { id: await addComment(db, existing.id, principal.userId, request.body.content) };
    },
  );

  app.delete(
    '/Articles/Comment/:id',
    { schema: { params: idParams, response: { 200: okResponse } } },
    async (request) => {
      const principal = principalOf(request);
      const row = await findComment(db, request.params.id);
      if (!canDeleteComment(principal, row)) throw denied();
      await deleteComment(db, row.id, row.article_id);
      return { ok: true as const };
    },
  );
};
