import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '#shared/schemas/media.ts';
import { hubKeys } from './hub-keys.ts';
import {
  applyMediaItemChanged,
  applyMediaItemsAdded,
  type MediaStreamFilters,
  type MediaStreamPages,
  mediaItemMatches,
} from './hub-media.ts';

// The media stream pages held in the cache, as the hub's events change them: new items on top of the first
// page of every stream whose filters they match (below pinned ones, none twice), hidden ones out, flags
// replaced in place, and a re-read where the cache cannot know the place (more items than pushed, a pin).

const SUB = 'member-1';

function item(id: number, overrides: Partial<MediaItem> = {}): MediaItem {
  return {
    id,
    source: { id: 1, title: 'Wire', kind: 'news' },
    publishedAt: new Date(Date.UTC(2026, 10, 27, 0, id)).toISOString(),
    language: 'en',
    title: `Item ${id}`,
    summaryText: null,
    summaryHtml: null,
    link: null,
    tags: [],
    matchedKeywords: [],
    important: false,
    pinned: false,
    hidden: false,
    ...overrides,
  };
}

function holding(filters: MediaStreamFilters, pages: MediaItem[][], client = new QueryClient()) {
  const key = hubKeys.mediaStream(SUB, filters);
  client.setQueryData<MediaStreamPages>(key, {
    pages: pages.map((items, i) => ({ items, nextCursor: i < pages.length - 1 ? `c${i}` : null })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
  });
  const ids = () =>
    client.getQueryData<MediaStreamPages>(key)?.pages.map((page) => page.items.map((i) => i.id)) ?? [];
  const invalid = () => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, key, ids, invalid };
}

describe('mediaItemMatches', () => {
  it('applies every filter as the server does, the search in any case', () => {
    const news = item(1, { title: 'ETF Inflows', tags: ['etf'], summaryText: '比特币 现货' });
    expect(mediaItemMatches(news, {})).toBe(true);
    expect(mediaItemMatches(news, { sourceId: 1, kind: 'news', language: 'en', tag: 'etf' })).toBe(true);
    expect(mediaItemMatches(news, { sourceId: 2 })).toBe(false);
    expect(mediaItemMatches(news, { kind: 'kol' })).toBe(false);
    expect(mediaItemMatches(news, { language: 'zh' })).toBe(false);
    expect(mediaItemMatches(news, { tag: 'btc' })).toBe(false);
    expect(mediaItemMatches(news, { q: 'etf inflows' })).toBe(true);
    expect(mediaItemMatches(news, { q: '现货' })).toBe(true);
    expect(mediaItemMatches(news, { q: 'outflows' })).toBe(false);
  });
});

describe('applyMediaItemsAdded', () => {
  it('puts matching new items on the first page below the pinned ones, once', () => {
    const all = holding({}, [[item(2, { pinned: true }), item(5), item(4)], [item(3)]]);
    const etf = holding({ tag: 'etf' }, [[item(4, { tags: ['etf'] })]], all.client);
    const client = all.client;
    const push = { items: [item(7), item(6, { tags: ['etf'] }), item(5)], more: false, notify: true };
    applyMediaItemsAdded(client, SUB, push);
    applyMediaItemsAdded(client, SUB, push);
    expect(all.ids()).toEqual([[2, 7, 6, 5, 4], [3]]);
    expect(etf.ids()).toEqual([[6, 4]]);
    expect(all.invalid()).toBe(false);
  });

  it('reads a stream again when a read brought more items than the event carries', () => {
    const all = holding({}, [[item(1)]]);
    applyMediaItemsAdded(all.client, SUB, { items: [item(2)], more: true, notify: false });
    expect(all.invalid()).toBe(true);
  });

  it('leaves other people and other queries alone', () => {
    const all = holding({}, [[item(1)]]);
    applyMediaItemsAdded(all.client, 'someone-else', { items: [item(2)], more: false, notify: true });
    expect(all.ids()).toEqual([[1]]);
  });
});

describe('applyMediaItemChanged', () => {
  it('takes a hidden item out and replaces flags in place', () => {
    const all = holding({}, [[item(3), item(2)], [item(1)]]);
    applyMediaItemChanged(all.client, SUB, { id: 2, hidden: true, pinned: false, item: null });
    expect(all.ids()).toEqual([[3], [1]]);
    // An admin's view keeps it, flagged.
    const admin = holding({}, [[item(3), item(2)]]);
    applyMediaItemChanged(admin.client, SUB, {
      id: 2,
      hidden: true,
      pinned: false,
      item: item(2, { hidden: true }),
    });
    expect(admin.client.getQueryData<MediaStreamPages>(admin.key)?.pages[0]?.items[1]?.hidden).toBe(true);
    expect(admin.invalid()).toBe(false);
  });

  it('reads again when an item moves (pinned) or comes back (shown again)', () => {
    const pinned = holding({}, [[item(3), item(2)]]);
    applyMediaItemChanged(pinned.client, SUB, {
      id: 2,
      hidden: false,
      pinned: true,
      item: item(2, { pinned: true }),
    });
    expect(pinned.invalid()).toBe(true);
    const shown = holding({}, [[item(3)]]);
    applyMediaItemChanged(shown.client, SUB, { id: 2, hidden: false, pinned: false, item: item(2) });
    expect(shown.invalid()).toBe(true);
    // Not one for this stream's filters: nothing to do.
    const kol = holding({ kind: 'kol' }, [[item(3, { source: { id: 2, title: 'K', kind: 'kol' } })]]);
    applyMediaItemChanged(kol.client, SUB, { id: 2, hidden: false, pinned: false, item: item(2) });
    expect(kol.invalid()).toBe(false);
  });
});
