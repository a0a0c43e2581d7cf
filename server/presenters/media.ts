import {
  MEDIA_LANGUAGES,
  MEDIA_SOURCE_KINDS,
  type MediaLanguage,
  type MediaSourceKind,
} from '#shared/media.ts';
import type {
  MediaFilters,
  MediaItem,
  MediaKeywordRule,
  MediaSource,
  MediaStream,
  OpmlImportResult,
} from '#shared/schemas/media.ts';
import { writeOpml } from '../feeds/opml.ts';
import type { MediaItemRecord } from '../services/media-items.ts';
import type { MediaKeywordRuleRow } from '../services/media-keyword-rules.ts';
import type { MediaSourceRow, OpmlImport } from '../services/media-sources.ts';
import { isoTime, isoTimeOrNull } from './common.ts';

// Media monitoring as the API shows it: sources with their reading state (admins), keyword rules, the
// stream's items with their tags and matched keywords, the filter controls' choices, and the OPML export.

const kindOf = (value: string): MediaSourceKind =>
  (MEDIA_SOURCE_KINDS as readonly string[]).includes(value) ? (value as MediaSourceKind) : 'other';
const languageOf = (value: string): MediaLanguage =>
  (MEDIA_LANGUAGES as readonly string[]).includes(value) ? (value as MediaLanguage) : 'other';

/** A source's name: its title, else (added without one and not read yet) its address's host. */
const sourceTitle = (source: { title: string; url: string }) =>
  source.title || URL.parse(source.url)?.host || source.url;

export function presentMediaSource(row: MediaSourceRow): MediaSource {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    kind: kindOf(row.kind),
    language: languageOf(row.language),
    pollIntervalSeconds: row.poll_interval_seconds,
    enabled: row.enabled === 1,
    lastFetchedAt: isoTimeOrNull(row.last_fetched_at),
    lastNewItemAt: isoTimeOrNull(row.last_new_item_at),
    lastError: row.last_error,
    lastErrorAt: isoTimeOrNull(row.last_error_at),
    errorCount: row.error_count,
    itemsCount: row.items_count,
    nextPollAt: row.enabled === 1 ? isoTime(row.next_poll_at) : null,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}

export function presentMediaKeywordRule(row: MediaKeywordRuleRow): MediaKeywordRule {
  return {
    id: row.id,
    keyword: row.keyword,
    tag: row.tag,
    important: row.important === 1,
    createdAt: isoTime(row.created_at),
  };
}

const distinct = (values: string[]) => [...new Set(values)];

export function presentMediaItem(record: MediaItemRecord): MediaItem {
  return {
    id: record.id,
    source: {
      id: record.source_id,
      title: sourceTitle({ title: record.source_title, url: record.source_url }),
      kind: kindOf(record.source_kind),
    },
    publishedAt: isoTime(record.published_at),
    language: languageOf(record.language),
    title: record.title,
    summaryText: record.summary_text,
    summaryHtml: record.summary_html,
    link: record.link,
    tags: distinct(record.tags.map((t) => t.tag)),
    matchedKeywords: distinct(record.tags.map((t) => t.keyword)),
    important: record.important === 1,
    pinned: record.pinned === 1,
    hidden: record.hidden === 1,
  };
}

export function presentMediaStream(page: {
  records: MediaItemRecord[];
  nextCursor: string | undefined;
}): MediaStream {
  return { items: page.records.map(presentMediaItem), nextCursor: page.nextCursor ?? null };
}

export function presentMediaFilters(filters: {
  sources: Array<{ id: number; title: string; url: string; kind: string; language: string }>;
  tags: string[];
}): MediaFilters {
  return {
    sources: filters.sources.map((source) => ({
      id: source.id,
      title: sourceTitle(source),
      kind: kindOf(source.kind),
      language: languageOf(source.language),
    })),
    tags: filters.tags,
  };
}

export const presentOpmlImport = (result: OpmlImport): OpmlImportResult => result;

/** The sources as an OPML 2.0 document (the admins' export). */
export function presentOpml(rows: MediaSourceRow[], now = Date.now()): string {
  return writeOpml(
    rows.map((row) => ({
      url: row.url,
      title: row.title,
      kind: row.kind,
      language: row.language,
      pollIntervalSeconds: row.poll_interval_seconds,
      enabled: row.enabled === 1,
    })),
    { title: 'ChainCompass Academy media sources', createdAt: now },
  );
}
