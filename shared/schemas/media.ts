import { z } from 'zod';
import { MEDIA_LANGUAGES, MEDIA_POLL_INTERVAL, MEDIA_SOURCE_KINDS } from '../media.ts';

// Media monitoring (/media; admins at /admin/content/media): the feeds admins point the portal at, with
// each one's reading state; the keyword rules that tag items; the members' stream of items, newest first
// (pinned ones first), paged by an opaque cursor; OPML import of a source list.

export const MEDIA_LIMITS = {
  /** A feed's address (the poller keeps links up to this length too). */
  url: 2_048,
  /** A source's title (the poller gives a source added without one its feed's, cut to this). */
  title: 200,
  keyword: 100,
  tag: 30,
  /** Keyword rules in all. */
  rules: 500,
  /** The search box. */
  search: 100,
  /** Items on one page of the stream. */
  pageSize: 50,
  defaultPageSize: 20,
  /** An OPML document, in characters as JSON text and in bytes as an upload. */
  opml: 1_000_000,
  /** Feeds one OPML document may list. */
  opmlSources: 1_000,
} as const;

/** A feed's address as the API takes it: http or https, with a host; written back normalized. */
export function feedUrlOf(text: string): string | undefined {
  const url = URL.parse(text.trim());
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return undefined;
  return url.href;
}

/** An address with a user name or password (feeds are read without: it would be sent to the site, and kept). */
export const hasCredentials = (href: string) => {
  const url = URL.parse(href);
  return url !== null && (url.username !== '' || url.password !== '');
};

export const mediaUrlField = z
  .string({ message: 'mediaUrlRequired' })
  .trim()
  .min(1, { message: 'mediaUrlRequired', abort: true })
  .max(MEDIA_LIMITS.url, { message: 'mediaUrlTooLong', abort: true })
  .refine((text) => feedUrlOf(text) !== undefined, { message: 'mediaUrlInvalid', abort: true })
  .refine((text) => !hasCredentials(feedUrlOf(text)!), { message: 'mediaUrlCredentials', abort: true })
  .transform((text) => feedUrlOf(text)!);

const mediaKind = z.enum(MEDIA_SOURCE_KINDS, { message: 'mediaKindInvalid' });
const mediaLanguage = z.enum(MEDIA_LANGUAGES, { message: 'mediaLanguageInvalid' });
const pollInterval = z
  .number({ message: 'mediaPollIntervalRange' })
  .int('mediaPollIntervalRange')
  .min(MEDIA_POLL_INTERVAL.min, 'mediaPollIntervalRange')
  .max(MEDIA_POLL_INTERVAL.max, 'mediaPollIntervalRange');

const sourceFields = {
  url: mediaUrlField,
  /** Empty: the feed's own title, once it has been read. */
  title: z.string().trim().max(MEDIA_LIMITS.title, 'mediaTitleTooLong').default(''),
  kind: mediaKind,
  language: mediaLanguage,
  pollIntervalSeconds: pollInterval.default(MEDIA_POLL_INTERVAL.default),
};

export const addMediaSourceRequest = z.object({ ...sourceFields, enabled: z.boolean().default(true) });
export type AddMediaSourceRequest = z.input<typeof addMediaSourceRequest>;
/** Changes what a source is; enabling and disabling is its own call (SetSourceEnabled). */
export const updateMediaSourceRequest = z.object({ id: z.number().int(), ...sourceFields });
export type UpdateMediaSourceRequest = z.input<typeof updateMediaSourceRequest>;
export const mediaIdRequest = z.object({ id: z.number().int() });
export const setMediaSourceEnabledRequest = z.object({ id: z.number().int(), enabled: z.boolean() });

/** A source as admins see it: what it is and how reading it goes. */
export const mediaSource = z.object({
  id: z.number(),
  url: z.string(),
  /** As set, or the feed's own; empty until a source added without one has been read. */
  title: z.string(),
  kind: mediaKind,
  language: mediaLanguage,
  pollIntervalSeconds: z.number(),
  enabled: z.boolean(),
  /** The last good read (new items or not). */
  lastFetchedAt: z.string().nullable(),
  /** The last read that brought new items. */
  lastNewItemAt: z.string().nullable(),
  /** Why the last read failed, in a few words (cleared by the next good read). */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Failed reads in a row (each doubles the wait before the next). */
  errorCount: z.number(),
  itemsCount: z.number(),
  /** When it is read next (it may be already due); null while disabled. */
  nextPollAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MediaSource = z.infer<typeof mediaSource>;
export const mediaSourceList = z.array(mediaSource);

const keywordRuleFields = {
  /** A word or phrase, found in an item's title or summary whatever its case or width (Chinese works). */
  keyword: z
    .string({ message: 'mediaKeywordRequired' })
    .trim()
    .min(1, { message: 'mediaKeywordRequired', abort: true })
    .max(MEDIA_LIMITS.keyword, 'mediaKeywordTooLong'),
  tag: z
    .string({ message: 'mediaTagRequired' })
    .trim()
    .min(1, { message: 'mediaTagRequired', abort: true })
    .max(MEDIA_LIMITS.tag, 'mediaTagTooLong'),
  /** Items it matches are important (members are notified of them). */
  important: z.boolean().default(false),
};
export const addMediaKeywordRuleRequest = z.object(keywordRuleFields);
export type AddMediaKeywordRuleRequest = z.input<typeof addMediaKeywordRuleRequest>;
export const updateMediaKeywordRuleRequest = z.object({ id: z.number().int(), ...keywordRuleFields });
export type UpdateMediaKeywordRuleRequest = z.input<typeof updateMediaKeywordRuleRequest>;

/** A keyword rule; it applies to the items stored after it is saved. */
export const mediaKeywordRule = z.object({
  id: z.number(),
  keyword: z.string(),
  tag: z.string(),
  important: z.boolean(),
  createdAt: z.string(),
});
export type MediaKeywordRule = z.infer<typeof mediaKeywordRule>;
export const mediaKeywordRuleList = z.array(mediaKeywordRule);

export const hideMediaItemRequest = z.object({ id: z.number().int(), hidden: z.boolean() });
export const pinMediaItemRequest = z.object({ id: z.number().int(), pinned: z.boolean() });

/** GET /api/Media/Stream: filters (all optional), the page size and the cursor of the page before. */
export const mediaStreamQuery = z.object({
  sourceId: z.coerce.number({ message: 'invalid' }).int('invalid').positive('invalid').optional(),
  kind: mediaKind.optional(),
  tag: z.string().trim().max(MEDIA_LIMITS.tag, 'mediaTagTooLong').optional(),
  language: mediaLanguage.optional(),
  /** Text found in the title or the summary (any case); empty: no search. */
  q: z.string().trim().max(MEDIA_LIMITS.search, 'mediaSearchTooLong').optional(),
  limit: z.coerce
    .number({ message: 'mediaLimitInvalid' })
    .int('mediaLimitInvalid')
    .min(1, 'mediaLimitInvalid')
    .max(MEDIA_LIMITS.pageSize, 'mediaLimitInvalid')
    .default(MEDIA_LIMITS.defaultPageSize),
  /** `nextCursor` of the page before; none: the first page. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'mediaCursorInvalid')
    .optional(),
});
export type MediaStreamQuery = z.input<typeof mediaStreamQuery>;

export const mediaItem = z.object({
  id: z.number(),
  source: z.object({ id: z.number(), title: z.string(), kind: mediaKind }),
  /** The feed's date (never later than when it was read). */
  publishedAt: z.string(),
  language: mediaLanguage,
  title: z.string(),
  /** The summary as plain text. */
  summaryText: z.string().nullable(),
  /** The summary as HTML, cleaned by the articles' sanitizer when it was stored. */
  summaryHtml: z.string().nullable(),
  /** Where it is published (http or https); null when the feed gave none. */
  link: z.string().nullable(),
  /** Tags the keyword rules gave it, and the keywords that matched (to highlight them). */
  tags: z.array(z.string()),
  matchedKeywords: z.array(z.string()),
  important: z.boolean(),
  pinned: z.boolean(),
  /** Hidden from members (only administrators see hidden items, with this flag). */
  hidden: z.boolean(),
});
export type MediaItem = z.infer<typeof mediaItem>;

export const mediaStream = z.object({
  items: z.array(mediaItem),
  /** Pass as `cursor` for the next page; null: this was the last one. */
  nextCursor: z.string().nullable(),
});
export type MediaStream = z.infer<typeof mediaStream>;

/** GET /api/Media/Filters: what the filter controls offer. */
export const mediaFilters = z.object({
  sources: z.array(z.object({ id: z.number(), title: z.string(), kind: mediaKind, language: mediaLanguage })),
  tags: z.array(z.string()),
});
export type MediaFilters = z.infer<typeof mediaFilters>;

/** POST /api/Media/ImportOpml: an OPML document as text (ImportOpmlFile takes it as a file). */
export const importOpmlRequest = z.object({
  opml: z
    .string({ message: 'opmlRequired' })
    .min(1, { message: 'opmlRequired', abort: true })
    .max(MEDIA_LIMITS.opml, 'opmlTooLarge'),
});
export type ImportOpmlRequest = z.input<typeof importOpmlRequest>;

/** What an OPML import did with each feed the document lists. */
export const opmlImportResult = z.object({
  added: z.array(z.object({ id: z.number(), url: z.string(), title: z.string() })),
  /** Already a source (`exists`), or listed twice in the document (`duplicate`). */
  skipped: z.array(z.object({ url: z.string(), reason: z.enum(['exists', 'duplicate']) })),
  /** Feeds that cannot be sources: the address as written and why (a key of shared/messages.ts). */
  invalid: z.array(z.object({ url: z.string(), title: z.string(), reason: z.string() })),
});
export type OpmlImportResult = z.infer<typeof opmlImportResult>;
