import type { Article, ArticleSummary, ClassificationNode, Comment } from '#shared/schemas/teaching.ts';

// Answers of the teaching API for component tests (imported by *.test.tsx files only).

export function articleOf(overrides: Partial<Article> = {}): Article {
  return {
    id: 7,
    headLine: '读懂K线：从单根蜡烛到形态',
    description: '介绍K线的开高低收，以及十字星、锤子线等常见形态。',
    classification: 2,
    classLabel: 'K线',
    classPath: [1, 2],
    text: '<h2>什么是K线</h2><p>每根K线记录一段时间的<strong>开盘价</strong>与收盘价。</p>',
    picture: '/uploads/images/cover.webp',
    authorId: 'author-1',
    authorName: 'Lin',
    authorPicture: '/media/default-avatar.svg',
    createTime: '2025-03-05T08:00:00.000Z',
    updateTime: '2025-03-05T08:00:00.000Z',
    likeTotal: 4,
    viewTotal: 120,
    commentTotal: 1,
    collectCount: 2,
    status: 3,
    contentApproval: null,
    liked: false,
    collected: false,
    ...overrides,
  };
}

export function summaryOf(overrides: Partial<Article> = {}): ArticleSummary {
  const { text: _text, ...summary } = articleOf(overrides);
  return summary;
}

export const CATEGORY_TREE: ClassificationNode[] = [
  {
    id: 1,
    label: '入门',
    show: 1,
    sort: 1,
    pids: [],
    children: [{ id: 2, label: 'K线', show: 1, sort: 1, pids: [1], children: [] }],
  },
  { id: 3, label: '风控', show: 0, sort: 2, pids: [], children: [] },
];

export function commentOf(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 11,
    articleId: 7,
    userId: 'reader-1',
    authorName: 'Qiao',
    authorPicture: '/media/default-avatar.svg',
    content: '讲得很清楚，谢谢！',
    createTime: '2025-03-06T09:30:00.000Z',
    deletable: false,
    ...overrides,
  };
}
