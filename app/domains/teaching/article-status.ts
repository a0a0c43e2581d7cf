import { ARTICLE_STATUS, PENDING_STATUS } from '#shared/constants.ts';

// Spec §4: 3 approved, 4 rejected, any other value pending.

export type ArticleStatusKind = 'pending' | 'approved' | 'rejected';

export function articleStatusKind(status: number): ArticleStatusKind {
  if (status === ARTICLE_STATUS.approved) return 'approved';
  if (status === ARTICLE_STATUS.rejected) return 'rejected';
  return 'pending';
}

/** The antd Tag colour of each status. */
export const STATUS_COLORS: Record<ArticleStatusKind, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

/** Values of the admin list's status filter, as FindPage's `status` understands them. */
export const STATUS_FILTERS: readonly { kind: ArticleStatusKind; value: number }[] = [
  { kind: 'pending', value: PENDING_STATUS },
  { kind: 'approved', value: ARTICLE_STATUS.approved },
  { kind: 'rejected', value: ARTICLE_STATUS.rejected },
];

/** Whether an article still waits for review (the approval form is open only then). */
export function isPending(status: number): boolean {
  return articleStatusKind(status) === 'pending';
}
