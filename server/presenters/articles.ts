import { DEFAULT_AVATAR_URL } from '#shared/constants.ts';
import type { Article, ArticleSummary, Comment } from '#shared/schemas/teaching.ts';
import type { ArticleRelations, ArticleRow, CommentRow } from '../services/articles.ts';
import { displayName, isoTime, pictureOf } from './common.ts';

/** An article with its author, category label and path, and the caller's own like/collect state. */
export function presentArticle(row: ArticleRow, related: ArticleRelations): Article {
  const author = related.authors.get(row.author_id);
  const category = related.categories.get(row.classification_id);
  return {
    id: row.id,
    headLine: row.head_line,
    description: row.description,
    classification: row.classification_id,
    classLabel: category?.label ?? '',
    classPath: [...(category?.pids ? category.pids.split(',').map(Number) : []), row.classification_id],
    text: row.text,
    picture: row.picture,
    authorId: row.author_id,
    authorName: author ? displayName(author) : '',
    authorPicture: author ? pictureOf(author) : DEFAULT_AVATAR_URL,
    createTime: isoTime(row.create_time),
    updateTime: isoTime(row.update_time),
    likeTotal: row.like_total,
    viewTotal: row.view_total,
    commentTotal: row.comment_total,
    collectCount: row.collect_count,
    status: row.status,
    contentApproval: row.content_approval,
    liked: related.liked.has(row.id),
    collected: related.collected.has(row.id),
  };
}

/** A list entry: the article without its body. */
export function presentArticleSummary(row: ArticleRow, related: ArticleRelations): ArticleSummary {
  const { text: _text, ...summary } = presentArticle(row, related);
  return summary;
}

export function presentComment(row: CommentRow, deletable: boolean): Comment {
  return {
    id: row.id,
    articleId: row.article_id,
    userId: row.user_id,
    authorName: displayName(row),
    authorPicture: pictureOf(row),
    content: row.content,
    createTime: isoTime(row.created_at),
    deletable,
  };
}

/** An author of published articles, as the author filter lists them. */
export function presentAuthor(person: {
  id: string;
  nick_name: string | null;
  user_name: string;
  pic: string | null;
}) {
  return {
    id: person.id,
    nickName: displayName(person),
    pic: pictureOf(person),
    show: 1 as const,
  };
}
