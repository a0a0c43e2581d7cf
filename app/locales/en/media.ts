import type { Messages } from '../types.ts';
import type { media as zh } from '../zh/media.ts';

export const media: Messages<typeof zh> = {
  intro:
    'News, KOLs and exchange announcements in one stream. Keyword rules tag the items and highlight the keywords they match.',
  live: 'Live',
  connecting: 'Connecting to live updates…',
  filters: {
    source: 'Source',
    kind: 'Kind',
    tag: 'Tag',
    language: 'Language',
    all: 'All',
    search: 'Search titles and summaries',
    clear: 'Clear filters',
  },
  kinds: {
    news: 'News',
    kol: 'KOL',
    exchange: 'Exchange announcement',
    other: 'Other',
  },
  languages: {
    zh: 'Chinese',
    en: 'English',
    other: 'Other',
  },
  item: {
    pinned: 'Pinned',
    important: 'Important',
    hidden: 'Hidden',
    open: 'Read the original',
    expand: 'More',
    collapse: 'Less',
    untitled: '(untitled)',
  },
  empty: 'Nothing yet: new items from the sources appear here by themselves',
  emptyFiltered: 'No items match the filters',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  loadMoreFailed: 'Could not load more: try again',
  noMore: 'That is everything',
};
