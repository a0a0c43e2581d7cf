import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddMediaKeywordRuleRequest,
  AddMediaSourceRequest,
  UpdateMediaKeywordRuleRequest,
  UpdateMediaSourceRequest,
} from '#shared/schemas/media.ts';
import { mediaKeys } from '../../domains/media/media-stream-api.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { useApiClient } from '../../lib/use-api.ts';

// Media monitoring in the admin console (/api/Media/...): sources with their reading state, OPML, keyword
// rules, and hiding and pinning items, under the signed-in person's prefix.

/** Form fields whose server errors are shown beside the inputs (the rest become toasts). */
export const SOURCE_FIELDS = ['url', 'title', 'kind', 'language', 'pollIntervalSeconds', 'enabled'] as const;
export const RULE_FIELDS = ['keyword', 'tag', 'important'] as const;

/** How often the source list is read again while open, so that its reading state is seen to move. */
export const SOURCES_REFRESH_MS = 10_000;

export const mediaAdminKeys = {
  all: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-media'] as const,
  sources: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-media', 'sources'] as const,
  rules: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-media', 'rules'] as const,
};

function useSub() {
  return useAuth().user?.sub;
}

/** GET /api/Media/Sources, read again every few seconds. */
export function useMediaSources() {
  const api = useApiClient();
  return useQuery({
    queryKey: mediaAdminKeys.sources(useSub()),
    queryFn: ({ signal }) => api.get('/api/Media/Sources', { signal }),
    refetchInterval: SOURCES_REFRESH_MS,
  });
}

/** GET /api/Media/KeywordRules. */
export function useKeywordRules() {
  const api = useApiClient();
  return useQuery({
    queryKey: mediaAdminKeys.rules(useSub()),
    queryFn: ({ signal }) => api.get('/api/Media/KeywordRules', { signal }),
  });
}

/** After a change: the admin lists, the filter choices and the streams held (names and tags may have moved). */
function useRefresh() {
  const queryClient = useQueryClient();
  const sub = useSub();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: mediaAdminKeys.all(sub) }),
      queryClient.invalidateQueries({ queryKey: mediaKeys.filters(sub) }),
    ]);
}

function useRefreshStreams() {
  const queryClient = useQueryClient();
  const sub = useSub();
  return () => queryClient.invalidateQueries({ queryKey: hubKeys.mediaStreams(sub) });
}

/** POST /api/Media/AddSource; answers the new source's id. */
export function useAddSource() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AddMediaSourceRequest) =>
      api.post('/api/Media/AddSource', body, { formFields: SOURCE_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/Media/UpdateSource. */
export function useUpdateSource() {
  const api = useApiClient();
  const refresh = useRefresh();
  const refreshStreams = useRefreshStreams();
  return useMutation({
    mutationFn: (body: UpdateMediaSourceRequest) =>
      api.post('/api/Media/UpdateSource', body, { formFields: SOURCE_FIELDS }),
    // The items carry their source's name and kind.
    onSuccess: () => Promise.all([refresh(), refreshStreams()]),
  });
}

/** POST /api/Media/SetSourceEnabled {id, enabled}. */
export function useSetSourceEnabled() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { id: number; enabled: boolean }) => api.post('/api/Media/SetSourceEnabled', body),
    onSettled: refresh,
  });
}

/** POST /api/Media/ReadSourceNow {id}: an enabled source is read at the poller's next round, backoff or not. */
export function useReadSourceNow() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/Media/ReadSourceNow', { id }),
    onSettled: refresh,
  });
}

/** POST /api/Media/DeleteSource {id}: its items go with it. */
export function useDeleteSource() {
  const api = useApiClient();
  const refresh = useRefresh();
  const refreshStreams = useRefreshStreams();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/Media/DeleteSource', { id }),
    onSettled: () => Promise.all([refresh(), refreshStreams()]),
  });
}

/** POST /api/Media/ImportOpmlFile (multipart). Quiet: the page shows the refusal beside the button. */
export function useImportOpml() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: Blob) => api.upload('/api/Media/ImportOpmlFile', file, { quiet: true }),
    onSuccess: refresh,
  });
}

/** POST /api/Media/AddKeywordRule. */
export function useAddRule() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AddMediaKeywordRuleRequest) =>
      api.post('/api/Media/AddKeywordRule', body, { formFields: RULE_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/Media/UpdateKeywordRule. */
export function useUpdateRule() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateMediaKeywordRuleRequest) =>
      api.post('/api/Media/UpdateKeywordRule', body, { formFields: RULE_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/Media/DeleteKeywordRule {id}. */
export function useDeleteRule() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/Media/DeleteKeywordRule', { id }),
    onSettled: refresh,
  });
}

/**
 * POST /api/Media/HideItem or PinItem. The hub's MediaItemChanged moves the item in every stream held; the
 * streams are read again as well, in case this tab is not connected.
 */
export function useItemFlag() {
  const api = useApiClient();
  const refreshStreams = useRefreshStreams();
  return useMutation({
    mutationFn: ({ id, flag, on }: { id: number; flag: 'hidden' | 'pinned'; on: boolean }) =>
      flag === 'hidden'
        ? api.post('/api/Media/HideItem', { id, hidden: on })
        : api.post('/api/Media/PinItem', { id, pinned: on }),
    onSettled: refreshStreams,
  });
}
