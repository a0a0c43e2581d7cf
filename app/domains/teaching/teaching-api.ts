import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointAt, QueryOf } from '#shared/api-contract.ts';
import type {
  AddArticleRequest,
  Article,
  EditClassificationRequest,
  UpdateArticleRequest,
} from '#shared/schemas/teaching.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { useApiClient } from '../../lib/use-api.ts';

// Teaching content calls (spec §7 article categories, articles) as react-query hooks, shared
// by the public tutorial pages, the personal "my articles" pages and the admin back office.

export const ARTICLE_FIELDS = ['headLine', 'description', 'classification', 'text', 'picture'] as const;
export const CATEGORY_FIELDS = ['label', 'sort', 'show', 'pids'] as const;

/**
 * Who is asking: the tutorial pages are public, so signed-out visitors call without a token; signed-in people
 * call with theirs (their likes, their own articles, hidden types for admins). Calls wait until the stored
 * sign-in has been read, so that a signed-in person's first answer already carries their state.
 */
export function useViewer() {
  const auth = useAuth();
  const ready = auth.status === 'authenticated' || auth.status === 'anonymous';
  const anonymous = auth.status !== 'authenticated';
  return { ready, anonymous, key: auth.user?.sub ?? 'guest' } as const;
}

/** The query of GET /Articles/FindPage (paging, filters, `mine`). */
export type ArticleQuery = QueryOf<EndpointAt<'GET', '/Articles/FindPage'>>;

export const teachKeys = {
  all: ['teach'] as const,
  categories: (viewer: string) => ['teach', viewer, 'categories'] as const,
  articles: (viewer: string, query: ArticleQuery) => ['teach', viewer, 'articles', query] as const,
  article: (viewer: string, id: number) => ['teach', viewer, 'article', id] as const,
  comments: (viewer: string, id: number) => ['teach', viewer, 'comments', id] as const,
};

/** The query of FindPage without the parameters that are not set (an empty text is not set either). */
export function findPageParams(query: ArticleQuery): ArticleQuery {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}

export function useCategoryTree() {
  const api = useApiClient();
  const viewer = useViewer();
  return useQuery({
    queryKey: teachKeys.categories(viewer.key),
    queryFn: ({ signal }) =>
      api.get('/api/ArticleClassification/List', { anonymous: viewer.anonymous, signal }),
    enabled: viewer.ready,
  });
}

export function useArticlePage(query: ArticleQuery) {
  const api = useApiClient();
  const viewer = useViewer();
  return useQuery({
    queryKey: teachKeys.articles(viewer.key, query),
    queryFn: ({ signal }) =>
      api.get('/Articles/FindPage', { query: findPageParams(query), anonymous: viewer.anonymous, signal }),
    enabled: viewer.ready,
    placeholderData: (previous) => previous,
  });
}

/**
 * One article with its body (GET /Articles/GetArticle/{id}; the server counts the view). `fresh` reloads it
 * whenever a page opens (editing and reviewing must start from the current version, not a cached one).
 */
export function useArticle(id: number | null, { fresh = false }: { fresh?: boolean } = {}) {
  const api = useApiClient();
  const viewer = useViewer();
  return useQuery({
    queryKey: teachKeys.article(viewer.key, id ?? 0),
    queryFn: ({ signal }) =>
      api.get('/Articles/GetArticle/:id', { params: { id: id ?? 0 }, anonymous: viewer.anonymous, signal }),
    enabled: viewer.ready && id !== null,
    ...(fresh ? { staleTime: 0, refetchOnMount: 'always' as const } : {}),
  });
}

export function useComments(id: number | null) {
  const api = useApiClient();
  const viewer = useViewer();
  return useQuery({
    queryKey: teachKeys.comments(viewer.key, id ?? 0),
    queryFn: ({ signal }) =>
      api.get('/Articles/Comments/:id', { params: { id: id ?? 0 }, anonymous: viewer.anonymous, signal }),
    enabled: viewer.ready && id !== null,
  });
}

function useInvalidateTeaching() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teachKeys.all });
}

/** Publishes a new article (AddArticle) or saves an existing one (UpdateArticle). */
export function useSaveArticle() {
  const api = useApiClient();
  const invalidate = useInvalidateTeaching();
  return useMutation({
    mutationFn: async (body: AddArticleRequest | UpdateArticleRequest): Promise<{ id: number }> => {
      if ('id' in body && typeof body.id === 'number') {
        await api.put('/Articles/UpdateArticle', body, { formFields: ARTICLE_FIELDS });
        return { id: body.id };
      }
      return api.post('/Articles/AddArticle', body, { formFields: ARTICLE_FIELDS });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteArticle() {
  const api = useApiClient();
  const invalidate = useInvalidateTeaching();
  return useMutation({
    mutationFn: (id: number) => api.delete('/Articles/DeleteArticle/:id', { params: { id } }),
    onSuccess: invalidate,
  });
}

export type ReviewRequest = QueryOf<EndpointAt<'PUT', '/Articles/ApprovalArticle'>>;

/** Pass (3) or not pass (4) with the reviewer's text (PUT /Articles/ApprovalArticle). */
export function useReviewArticle() {
  const api = useApiClient();
  const invalidate = useInvalidateTeaching();
  return useMutation({
    mutationFn: (review: ReviewRequest) =>
      api.put('/Articles/ApprovalArticle', {
        query: { id: review.id, contentApproval: review.contentApproval, status: review.status },
        formFields: ['contentApproval'],
      }),
    onSuccess: invalidate,
  });
}

/** Adds or edits a category. Quiet: the page shows "operation failed" with the reasons in one toast. */
export function useEditCategory() {
  const api = useApiClient();
  const invalidate = useInvalidateTeaching();
  return useMutation({
    mutationFn: (body: EditClassificationRequest) =>
      api.post('/api/ArticleClassification/Edit', body, { formFields: CATEGORY_FIELDS, quiet: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const api = useApiClient();
  const invalidate = useInvalidateTeaching();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/ArticleClassification/Delete', { query: { id }, quiet: true }),
    onSuccess: invalidate,
  });
}

export type ReactionKind = 'like' | 'collect';

/** Like or collect toggles; the answer updates the cached article at once. */
export function useReaction(articleId: number) {
  const api = useApiClient();
  const viewer = useViewer();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: ReactionKind) =>
      api.post(kind === 'like' ? '/Articles/Like/:id' : '/Articles/Collect/:id', {
        params: { id: articleId },
      }),
    onSuccess: (answer, kind) => {
      queryClient.setQueryData<Article>(teachKeys.article(viewer.key, articleId), (current) =>
        current
          ? kind === 'like'
            ? { ...current, liked: answer.active, likeTotal: answer.total }
            : { ...current, collected: answer.active, collectCount: answer.total }
          : current,
      );
    },
  });
}

function useRefreshDiscussion(articleId: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teachKeys.comments(viewer.key, articleId) }),
      queryClient.invalidateQueries({ queryKey: teachKeys.article(viewer.key, articleId) }),
    ]);
}

export function useAddComment(articleId: number) {
  const api = useApiClient();
  const refresh = useRefreshDiscussion(articleId);
  return useMutation({
    mutationFn: (content: string) =>
      api.post('/Articles/Comment', { articleId, content }, { formFields: ['content'] }),
    onSuccess: refresh,
  });
}

export function useDeleteComment(articleId: number) {
  const api = useApiClient();
  const refresh = useRefreshDiscussion(articleId);
  return useMutation({
    mutationFn: (commentId: number) => api.delete('/Articles/Comment/:id', { params: { id: commentId } }),
    onSuccess: refresh,
  });
}
