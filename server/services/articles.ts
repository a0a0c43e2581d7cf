import { type Kysely, type Selectable, sql } from 'kysely';
import { ARTICLE_STATUS, PENDING_STATUS } from '#shared/constants.ts';
import type { ArticlesTable, DB } from '../db/schema.ts';
import type { ListScope } from '../policies/article.ts';
import { type Actor, audit } from './audit.ts';
import { withDescendants } from './classifications.ts';
import { DomainError } from './errors.ts';

const DAY_MS = 86_400_000;

export type ArticleRow = Selectable<ArticlesTable>;

/** Loads an article row or answers 404. */
export async function findArticle(db: Kysely<DB>, id: number): Promise<ArticleRow> {
  const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('notFound', 'articleNotFound', { id: ['articleNotFound'] });
  return row;
}

async function ensureClassification(db: Kysely<DB>, id: number): Promise<void> {
  const row = await db
    .selectFrom('article_classifications')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new DomainError('invalid', 'categoryNotFound', { classification: ['categoryNotFound'] });
}

/** What presenting articles needs besides their rows: authors, categories, the viewer's likes and collections. */
export type ArticleRelations = Awaited<ReturnType<typeof articleRelations>>;

export async function articleRelations(db: Kysely<DB>, rows: ArticleRow[], viewerId: string | undefined) {
  const ids = rows.map((r) => r.id);
  const none = rows.length === 0;
  const [authors, categories, liked, collected] = await Promise.all([
    none
      ? []
      : db
          .selectFrom('users')
          .select(['id', 'nick_name', 'user_name', 'pic'])
          .where('id', 'in', [...new Set(rows.map((r) => r.author_id))])
          .execute(),
    none
      ? []
      : db
          .selectFrom('article_classifications')
          .select(['id', 'label', 'pids'])
          .where('id', 'in', [...new Set(rows.map((r) => r.classification_id))])
          .execute(),
    viewerId && !none
      ? db
          .selectFrom('article_likes')
          .select('article_id')
          .where('user_id', '=', viewerId)
          .where('article_id', 'in', ids)
          .execute()
      : [],
    viewerId && !none
      ? db
          .selectFrom('article_collections')
          .select('article_id')
          .where('user_id', '=', viewerId)
          .where('article_id', 'in', ids)
          .execute()
      : [],
  ]);
  return {
    authors: new Map(authors.map((a) => [a.id, a])),
    categories: new Map(categories.map((c) => [c.id, c])),
    liked: new Set(liked.map((l) => l.article_id)),
    collected: new Set(collected.map((l) => l.article_id)),
  };
}

/** The newest comments on an article, with their authors' names and pictures. */
export function commentsOf(db: Kysely<DB>, articleId: number) {
  return db
    .selectFrom('article_comments')
    .innerJoin('users', 'users.id', 'article_comments.user_id')
    .select([
      'article_comments.id',
      'article_comments.article_id',
      'article_comments.user_id',
      'article_comments.content',
      'article_comments.created_at',
      'users.nick_name',
      'users.user_name',
      'users.pic',
    ])
    .where('article_comments.article_id', '=', articleId)
    .orderBy('article_comments.created_at', 'desc')
    .limit(200)
    .execute();
}
export type CommentRow = Awaited<ReturnType<typeof commentsOf>>[number];

export async function findComment(db: Kysely<DB>, id: number) {
  const row = await db.selectFrom('article_comments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('notFound', 'commentNotFound');
  return row;
}

/** People with at least one published article, oldest account first. */
export function publishedAuthors(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.nick_name', 'users.user_name', 'users.pic'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('articles')
          .select('articles.id')
          .whereRef('articles.author_id', '=', 'users.id')
          .where('articles.status', '=', ARTICLE_STATUS.approved),
      ),
    )
    .orderBy('users.created_at')
    .execute();
}

/** One page of articles within the caller's scope, newest first. */
export async function findPage(
  db: Kysely<DB>,
  scope: ListScope,
  query: {
    pageSize: number;
    current: number;
    headLine?: string | undefined;
    classification?: number | undefined;
  },
) {
  let base = db.selectFrom('articles');
  if (scope.kind === 'approved') base = base.where('status', '=', ARTICLE_STATUS.approved);
  if (scope.kind === 'author') base = base.where('author_id', '=', scope.authorId);
  if (scope.kind === 'all' && scope.status !== undefined) {
    const status = scope.status;
    base =
      status === ARTICLE_STATUS.approved || status === ARTICLE_STATUS.rejected
        ? base.where('status', '=', status)
        : base.where('status', 'not in', [ARTICLE_STATUS.approved, ARTICLE_STATUS.rejected]);
  }
  if (query.headLine) {
    const pattern = `%${query.headLine.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<boolean>`lower(head_line) like ${pattern} escape '\\'`);
  }
  if (query.classification !== undefined) {
    const ids = await withDescendants(db, query.classification);
    base = base.where('classification_id', 'in', ids.length ? ids : [-1]);
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize)
      .execute(),
  ]);
  return { rows, total: Number(total) };
}

export async function addArticle(
  db: Kysely<DB>,
  input: { headLine: string; description: string; classification: number; text: string; picture: string },
  actor: Actor,
): Promise<number> {
  await ensureClassification(db, input.classification);
  const now = Date.now();
  const row = await db
    .insertInto('articles')
    .values({
      head_line: input.headLine,
      description: input.description,
      classification_id: input.classification,
      text: input.text,
      picture: input.picture,
      author_id: actor.userId,
      status: PENDING_STATUS,
      create_time: now,
      update_time: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(db, {
    action: 'articles.add',
    actorId: actor.userId,
    targetType: 'article',
    targetId: String(row.id),
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return row.id;
}

/**
 * Saves an edit. An author's edit sends the article back for review (approved or rejected alike); an
 * admin's edit of someone else's article keeps its status.
 */
export async function updateArticle(
  db: Kysely<DB>,
  existing: ArticleRow,
  input: { headLine: string; description: string; classification: number; text: string; picture: string },
  actor: Actor & { resubmit: boolean },
): Promise<void> {
  await ensureClassification(db, input.classification);
  await db
    .updateTable('articles')
    .set({
      head_line: input.headLine,
      description: input.description,
      classification_id: input.classification,
      text: input.text,
      picture: input.picture,
      update_time: Date.now(),
      ...(actor.resubmit ? { status: PENDING_STATUS } : {}),
    })
    .where('id', '=', existing.id)
    .execute();
  await audit(db, {
    action: 'articles.update',
    actorId: actor.userId,
    targetType: 'article',
    targetId: String(existing.id),
    ip: actor.ip,
    userAgent: actor.userAgent,
    detail: { resubmitted: actor.resubmit },
  });
}

/** Pass (3) or not pass (4), only from pending; a status change of its own. */
export async function reviewArticle(
  db: Kysely<DB>,
  input: { id: number; status: number; contentApproval: string },
  actor: Actor,
): Promise<void> {
  await findArticle(db, input.id);
  const result = await db
    .updateTable('articles')
    .set({ status: input.status, content_approval: input.contentApproval, reviewer_id: actor.userId })
    .where('id', '=', input.id)
    .where('status', 'not in', [ARTICLE_STATUS.approved, ARTICLE_STATUS.rejected])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    throw new DomainError('conflict', 'articleNotPending', { status: ['articleNotPending'] });
  await audit(db, {
    action: input.status === ARTICLE_STATUS.approved ? 'articles.approve' : 'articles.reject',
    actorId: actor.userId,
    targetType: 'article',
    targetId: String(input.id),
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

export async function deleteArticle(db: Kysely<DB>, id: number, actor: Actor): Promise<void> {
  await db.deleteFrom('articles').where('id', '=', id).execute();
  await audit(db, {
    action: 'articles.delete',
    actorId: actor.userId,
    targetType: 'article',
    targetId: String(id),
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

/** Counts a view once per viewer (user, or hashed address when signed out) per day. */
export async function countView(
  db: Kysely<DB>,
  articleId: number,
  viewer: string,
  now = Date.now(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('article_views')
      .values({ article_id: articleId, viewer, day: Math.floor(now / DAY_MS) })
      .onConflict((oc) => oc.columns(['article_id', 'viewer', 'day']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx
      .updateTable('articles')
      .set({ view_total: sql`view_total + 1` })
      .where('id', '=', articleId)
      .execute();
    return true;
  });
}

/**
 * Likes or collects, or takes it back. The counter moves only when a row was really added or removed,
 * under the article's row lock, so totals stay exact however many toggles run at once.
 */
export async function toggleReaction(
  db: Kysely<DB>,
  kind: 'like' | 'collect',
  articleId: number,
  userId: string,
): Promise<{ active: boolean; total: number }> {
  const table = kind === 'like' ? 'article_likes' : 'article_collections';
  const column = kind === 'like' ? 'like_total' : 'collect_count';
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom(table)
      .where('article_id', '=', articleId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    let active: boolean;
    if (Number(removed.numDeletedRows) > 0) {
      await trx
        .updateTable('articles')
        .set({ [column]: sql`${sql.ref(column)} - 1` })
        .where('id', '=', articleId)
        .execute();
      active = false;
    } else {
      const added = await trx
        .insertInto(table)
        .values({ article_id: articleId, user_id: userId, created_at: Date.now() })
        .onConflict((oc) => oc.columns(['article_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(added.numInsertedOrUpdatedRows ?? 0) > 0) {
        await trx
          .updateTable('articles')
          .set({ [column]: sql`${sql.ref(column)} + 1` })
          .where('id', '=', articleId)
          .execute();
      }
      active = true;
    }
    const row = await trx
      .selectFrom('articles')
      .select(column)
      .where('id', '=', articleId)
      .executeTakeFirstOrThrow();
    return { active, total: (row as Record<string, number>)[column]! };
  });
}

export async function addComment(
  db: Kysely<DB>,
  articleId: number,
  userId: string,
  content: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('article_comments')
      .values({ article_id: articleId, user_id: userId, content, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('articles')
      .set({ comment_total: sql`comment_total + 1` })
      .where('id', '=', articleId)
      .execute();
    return row.id;
  });
}

export async function deleteComment(db: Kysely<DB>, commentId: number, articleId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('article_comments').where('id', '=', commentId).executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) {
      await trx
        .updateTable('articles')
        .set({ comment_total: sql`comment_total - 1` })
        .where('id', '=', articleId)
        .execute();
    }
  });
}
