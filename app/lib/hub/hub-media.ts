import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { MediaLanguage, MediaSourceKind } from '#shared/media.ts';
import type { MediaItemChangedPayload, MediaItemsAddedPayload } from '#shared/realtime.ts';
import type { MediaItem, MediaStream } from '#shared/schemas/media.ts';
import { hubKeys } from './hub-keys.ts';

// The media stream pages held (GET /api/Media/Stream, one infinite query per set of filters) kept current
// by the hub: MediaItemsAdded puts new items that match a query's filters on top of its first page (below
// pinned ones), MediaItemChanged replaces, removes or re-reads. What the cache cannot place itself (a read
// that brought more items than the event carries, a pin that moves an item) makes that query read again.

/** The stream's filters, as a query key holds them (no page size or cursor). */
export type MediaStreamFilters = {
  sourceId?: number;
  kind?: MediaSourceKind;
  tag?: string;
  language?: MediaLanguage;
  q?: string;
};
export type MediaStreamPages = InfiniteData<MediaStream, string | null>;

/** Whether an item belongs in a stream with these filters (the server's rules: exact filters, search in any case). */
export function mediaItemMatches(item: MediaItem, filters: MediaStreamFilters): boolean {
  if (filters.sourceId !== undefined && item.source.id !== filters.sourceId) return false;
  if (filters.kind && item.source.kind !== filters.kind) return false;
  if (filters.language && item.language !== filters.language) return false;
  if (filters.tag && !item.tags.includes(filters.tag)) return false;
  const q = filters.q?.trim().toLowerCase();
  if (q && !item.title.toLowerCase().includes(q) && !(item.summaryText ?? '').toLowerCase().includes(q))
    return false;
  return true;
}

const filtersOfKey = (queryKey: readonly unknown[]) => (queryKey.at(-1) ?? {}) as MediaStreamFilters;

const byNewest = (a: MediaItem, b: MediaItem) => b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id;

/** The first page with new items after its pinned ones, newest first, none twice. */
function withNewItems(pages: MediaStreamPages, items: MediaItem[]): MediaStreamPages {
  const held = new Set(pages.pages.flatMap((page) => page.items.map((item) => item.id)));
  const fresh = items.filter((item) => !held.has(item.id));
  if (fresh.length === 0 || pages.pages.length === 0) return pages;
  const [first, ...rest] = pages.pages as [MediaStream, ...MediaStream[]];
  const pinned = first.items.filter((item) => item.pinned);
  const others = [...fresh, ...first.items.filter((item) => !item.pinned)].sort(byNewest);
  return { ...pages, pages: [{ ...first, items: [...pinned, ...others] }, ...rest] };
}

export function applyMediaItemsAdded(
  queryClient: QueryClient,
  sub: string,
  { items, more }: MediaItemsAddedPayload,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: hubKeys.mediaStreams(sub) })) {
    const filters = filtersOfKey(query.queryKey);
    if (more) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    const matching = items.filter((item) => mediaItemMatches(item, filters));
    if (matching.length === 0) continue;
    queryClient.setQueryData<MediaStreamPages>(query.queryKey, (pages) =>
      pages ? withNewItems(pages, matching) : pages,
    );
  }
}

export function applyMediaItemChanged(
  queryClient: QueryClient,
  sub: string,
  change: MediaItemChangedPayload,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: hubKeys.mediaStreams(sub) })) {
    const pages = queryClient.getQueryData<MediaStreamPages>(query.queryKey);
    if (!pages) continue;
    const held = pages.pages.flatMap((page) => page.items).find((item) => item.id === change.id);
    const { item } = change;
    const belongs = item !== null && mediaItemMatches(item, filtersOfKey(query.queryKey));
    if (held && (!belongs || held.pinned === item?.pinned)) {
      // Hidden from this person (or no longer matching): out; otherwise the same place, new flags.
      queryClient.setQueryData<MediaStreamPages>(query.queryKey, {
        ...pages,
        pages: pages.pages.map((page) => ({
          ...page,
          items:
            belongs && item
              ? page.items.map((i) => (i.id === item.id ? item : i))
              : page.items.filter((i) => i.id !== change.id),
        })),
      });
    } else if (belongs) {
      // Pinned or unpinned (it moves), or shown again: its place is the server's to say.
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }
}
