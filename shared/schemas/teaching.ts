import { z } from 'zod';
import { ARTICLE_STATUS, DESCRIPTION_MAX_LENGTH, TEACH_PAGE_SIZE } from '../constants.ts';

// Teaching content (spec §3 Article classification, Teaching article, Author; §5 rules; §7 calls).

export const ARTICLE_TEXT_MAX_LENGTH = 200_000;
export const COMMENT_MAX_LENGTH = 1000;

export type ClassificationNode = {
  id: number;
  label: string;
  show: 0 | 1;
  sort: number;
  /** Ancestor ids, root first (spec §3 pids). */
  pids: number[];
  children?: ClassificationNode[];
};

export const classificationNode: z.ZodType<ClassificationNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    label: z.string(),
    show: z.union([z.literal(0), z.literal(1)]),
    sort: z.number(),
    pids: z.array(z.number()),
    children: z.array(classificationNode).optional(),
  }),
);
export const classificationTree = z.array(classificationNode);

export const editClassificationRequest = z.object({
  id: z.number().int().optional().nullable(),
  label: z
    .string({ message: 'categoryLabelRequired' })
    .trim()
    .min(1, { message: 'categoryLabelRequired', abort: true })
    .max(50, 'tooLong'),
  sort: z.coerce
    .number({ message: 'categorySortRequired' })
    .int('categorySortRequired')
    .min(-100000)
    .max(100000),
  show: z.union([z.literal(0), z.literal(1)]).default(0),
  /** Path of the parent (its ancestors then itself); empty or absent for a top-level type. */
  pids: z.array(z.number().int()).max(10).optional().nullable(),
});
export type EditClassificationRequest = z.input<typeof editClassificationRequest>;

export const idQuery = z.object({ id: z.coerce.number().int().positive() });
/** An article's or comment's id in the path. */
export const idParams = z.object({ id: z.coerce.number().int() });

export const articleStatus = z.number().int();

export const article = z.object({
  id: z.number(),
  headLine: z.string(),
  description: z.string(),
  classification: z.number(),
  classLabel: z.string(),
  /** The category path, root first, ending with `classification` (for the cascader). */
  classPath: z.array(z.number()),
  text: z.string(),
  picture: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorPicture: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
  likeTotal: z.number(),
  viewTotal: z.number(),
  commentTotal: z.number(),
  collectCount: z.number(),
  /** 3 approved, 4 rejected, anything else pending. */
  status: articleStatus,
  contentApproval: z.string().nullable(),
  /** Whether the caller has liked / collected it (false when signed out). */
  liked: z.boolean(),
  collected: z.boolean(),
});
export type Article = z.infer<typeof article>;

/** List rows carry everything but the body. */
export const articleSummary = article.omit({ text: true });
export type ArticleSummary = z.infer<typeof articleSummary>;

export const findPageQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(TEACH_PAGE_SIZE),
  current: z.coerce.number().int().min(1).default(1),
  headLine: z.string().trim().max(100).optional(),
  classification: z.coerce.number().int().optional(),
  /** The caller's own articles in any status (my articles). */
  mine: z.enum(['true', 'false']).optional(),
  /** Admins may filter by status; everyone else only ever sees approved articles (or their own). */
  status: z.coerce.number().int().optional(),
});
export type FindPageQuery = z.input<typeof findPageQuery>;

export const articlePage = z.object({ records: z.array(articleSummary), total: z.number() });

const articleFields = {
  headLine: z
    .string({ message: 'teachTitleRequired' })
    .trim()
    .min(1, { message: 'teachTitleRequired', abort: true })
    .max(200, 'tooLong'),
  description: z
    .string({ message: 'teachDescriptionRequired' })
    .trim()
    .min(1, { message: 'teachDescriptionRequired', abort: true })
    .max(DESCRIPTION_MAX_LENGTH, 'descriptionTooLong'),
  classification: z.number({ message: 'classificationRequired' }).int('classificationRequired'),
  text: z
    .string({ message: 'contentRequired' })
    .min(1, { message: 'contentRequired', abort: true })
    .max(ARTICLE_TEXT_MAX_LENGTH, 'contentTooLong'),
  picture: z
    .string({ message: 'coverRequired' })
    .trim()
    .min(1, { message: 'coverRequired', abort: true })
    .max(500, 'coverInvalid')
    // An uploaded image or an https address: nothing that could run or leak through the <img> tag.
    .regex(/^(\/uploads\/images\/[0-9a-f]{32}\.webp|https:\/\/[^\s"'<>]+)$/, 'coverInvalid'),
};

export const addArticleRequest = z.object(articleFields);
export type AddArticleRequest = z.input<typeof addArticleRequest>;

export const updateArticleRequest = z.object({ id: z.number().int(), ...articleFields });
export type UpdateArticleRequest = z.input<typeof updateArticleRequest>;

export const approvalQuery = z.object({
  id: z.coerce.number().int(),
  contentApproval: z
    .string({ message: 'approvalRequired' })
    .trim()
    .min(1, { message: 'approvalRequired', abort: true })
    .max(2000, 'tooLong'),
  status: z.coerce
    .number({ message: 'approvalStatusInvalid' })
    .refine((v) => v === ARTICLE_STATUS.approved || v === ARTICLE_STATUS.rejected, 'approvalStatusInvalid'),
});

export const author = z.object({
  id: z.string(),
  nickName: z.string(),
  pic: z.string(),
  show: z.union([z.literal(0), z.literal(1)]),
});
export const authorList = z.array(author);

export const reactionResponse = z.object({ active: z.boolean(), total: z.number() });

export const comment = z.object({
  id: z.number(),
  articleId: z.number(),
  userId: z.string(),
  authorName: z.string(),
  authorPicture: z.string(),
  content: z.string(),
  createTime: z.string(),
  /** The caller may delete it (their own, or any for admins). */
  deletable: z.boolean(),
});
export type Comment = z.infer<typeof comment>;
export const commentList = z.array(comment);

export const addCommentRequest = z.object({
  articleId: z.number().int(),
  content: z
    .string({ message: 'commentRequired' })
    .trim()
    .min(1, { message: 'commentRequired', abort: true })
    .max(COMMENT_MAX_LENGTH, 'commentTooLong'),
});

export const uploadedFile = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
});
export const uploadResponse = z.array(uploadedFile);
