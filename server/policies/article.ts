import { ARTICLE_STATUS } from '#shared/constants.ts';
import { isAdmin, isMember, type Principal } from './membership.ts';

// Who sees and does what with teaching articles. List queries and single reads use the same rule.

type ArticleRef = { author_id: string; status: number };

/** Approved articles are public; authors see their own in any status; admins see everything. */
export function canReadArticle(principal: Principal | undefined, article: ArticleRef): boolean {
  if (article.status === ARTICLE_STATUS.approved) return true;
  if (!principal) return false;
  return isAdmin(principal) || article.author_id === principal.userId;
}

export type ListScope =
  | { kind: 'all'; status?: number }
  | { kind: 'author'; authorId: string }
  | { kind: 'approved' };

/** The same rule as canReadArticle, as a list filter. */
export function articleListScope(
  principal: Principal | undefined,
  query: { mine?: 'true' | 'false' | undefined; status?: number | undefined },
): ListScope {
  if (principal && query.mine === 'true') return { kind: 'author', authorId: principal.userId };
  if (principal && isAdmin(principal))
    return query.status === undefined ? { kind: 'all' } : { kind: 'all', status: query.status };
  return { kind: 'approved' };
}

/** Members publish; admins too. */
export function canCreateArticle(principal: Principal): boolean {
  return isMember(principal);
}

export function canEditArticle(principal: Principal, article: ArticleRef): boolean {
  return isAdmin(principal) || (article.author_id === principal.userId && isMember(principal));
}

export function canDeleteArticle(principal: Principal, article: ArticleRef): boolean {
  return isAdmin(principal) || article.author_id === principal.userId;
}

export function canReviewArticle(principal: Principal): boolean {
  return isAdmin(principal);
}

/** Likes, collections and comments are for members, on articles they can read. */
export function canEngage(principal: Principal, article: ArticleRef): boolean {
  return isMember(principal) && canReadArticle(principal, article);
}

export function canDeleteComment(principal: Principal, comment: { user_id: string }): boolean {
  return isAdmin(principal) || comment.user_id === principal.userId;
}
