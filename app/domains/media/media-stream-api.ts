import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MEDIA_LANGUAGES, MEDIA_SOURCE_KINDS } from '#shared/media.ts';
import type { MediaStream } from '#shared/schemas/media.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import type { MediaStreamFilters } from '../../lib/hub/hub-media.ts';
import { useApiClient } from '../../lib/use-api.ts';

// The media stream (GET /api/Media/Stream) as members and admins read it: one infinite query per set of
// filters, under the hub's key, so that new items arrive on top and hidden ones leave by themselves
// (lib/hub/hub-media.ts). Admins get hidden items too, flagged.

export type { MediaStreamFilters };

export const mediaKeys = {
  /** The filter controls' choices (GET /api/Media/Filters): read again after admins change sources or rules. */
  filters: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'media-filters'] as const,
};

/** The filters as the address holds them (`?source=&kind=&tag=&lang=&q=`), unknown values left out. */
export function streamFiltersOf(params: URLSearchParams): MediaStreamFilters {
  const filters: MediaStreamFilters = {};
  const source = Number(params.get('source'));
  if (Number.isInteger(source) && source > 0) filters.sourceId = source;
  const kind = MEDIA_SOURCE_KINDS.find((candidate) => candidate === params.get('kind'));
  if (kind) filters.kind = kind;
  const tag = params.get('tag')?.trim();
  if (tag) filters.tag = tag;
  const language = MEDIA_LANGUAGES.find((candidate) => candidate === params.get('lang'));
  if (language) filters.language = language;
  const q = params.get('q')?.trim();
  if (q) filters.q = q;
  return filters;
}

/** The address parameter of each filter. */
export const FILTER_PARAMS = {
  sourceId: 'source',
  kind: 'kind',
  tag: 'tag',
  language: 'lang',
  q: 'q',
} as const satisfies Record<keyof MediaStreamFilters, string>;

export const hasFilters = (filters: MediaStreamFilters) => Object.keys(filters).length > 0;

/** The stream with these filters (exactly the non-empty ones: the hub matches its keys by them), page by page. */
export function useMediaStream(filters: MediaStreamFilters) {
  const api = useApiClient();
  const sub = useAuth().user?.sub;
  return useInfiniteQuery({
    queryKey: hubKeys.mediaStream(sub, filters),
    initialPageParam: null as string | null,
    getNextPageParam: (last: MediaStream) => last.nextCursor,
    queryFn: ({ signal, pageParam }) =>
      api.get('/api/Media/Stream', {
        signal,
        query: pageParam ? { ...filters, cursor: pageParam } : filters,
      }),
    // While other filters load, the list stays (dimmed) rather than flashing the skeleton.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/Media/Filters: the sources and tags to filter by. */
export function useMediaFilters() {
  const api = useApiClient();
  return useQuery({
    queryKey: mediaKeys.filters(useAuth().user?.sub),
    queryFn: ({ signal }) => api.get('/api/Media/Filters', { signal, quiet: true }),
    staleTime: 60_000,
  });
}
