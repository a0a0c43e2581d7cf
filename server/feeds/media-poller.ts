import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { MEDIA_POLL_INTERVAL, mediaLanguageOf } from '#shared/media.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { SafeFetchError, type SafeFetchResult, safeFetch } from '../net/safe-fetch.ts';
import { sanitizeArticleHtml } from '../services/html.ts';
import { inTransaction, recordHubEvent } from '../services/hub-events.ts';
import { type FeedItem, FeedRejected, type ParsedFeed, parseFeed } from './parse-feed.ts';

// Media monitoring's reader. Every `everyMs` it takes the enabled sources that are due (`next_poll_at`),
// each under a lease (`lease_owner`, `lease_until`) taken with FOR UPDATE SKIP LOCKED on PostgreSQL, so one
// process reads a source at a time and processes never wait for each other (SQLite has one process, whose
// claims are single statements). A few sources are read at once (`concurrency` lanes, each claiming the
// next due source when it is done with one), through the safe fetch with the source's validators, so an
// unchanged feed answers 304 and costs nothing more. New items are stored once per source and dedup key
// (insert-or-ignore on the unique pair, so neither a restart nor another process stores one twice), tagged
// by the keyword rules, with their HTML cleaned by the articles' sanitizer; the source's state and the
// release of its lease are written in the same transaction. A source that fails records why, in a few
// words, and waits twice its interval, then four times..., up to an hour (or its interval, if longer);
// nothing one source does (an error, a slow answer, a huge one) stops or holds up the others.

export type MediaPollerLog = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** Items one read of a source added: ids in the order they were stored, the important ones among them. */
export type NewMediaItems = { sourceId: number; itemIds: number[]; importantItemIds: number[] };

export type PolledSource = {
  sourceId: number;
  /** stored: read (new items or not); not-modified: answered 304; failed: see `error`. */
  outcome: 'stored' | 'not-modified' | 'failed';
  newItemIds: number[];
  error?: string;
};

/** What one poll did: each source read, and every item stored. */
export type MediaPollReport = { sources: PolledSource[]; newItemIds: number[] };

export type MediaPollerOptions = {
  database: Pick<Database, 'db' | 'dialect'>;
  log: MediaPollerLog;
  /** Loopback addresses may be read (the tests' feed server; config.feedFetch, refused in production). */
  allowLoopback?: boolean;
  /** Private ranges may be read (no setting gives this yet). */
  allowPrivate?: boolean;
  /** Told after each source's new items are committed (the same transaction recorded their hub event). */
  onNewItems?: (items: NewMediaItems) => void | Promise<void>;
  /** How often due sources are looked for (5 s). */
  everyMs?: number;
  /** Sources read at once (4). */
  concurrency?: number;
  /** Deadline of one read, redirects and body included (15 s). */
  timeoutMs?: number;
  /** Largest feed document read (5 MB). */
  maxBytes?: number;
  /** How long a claimed source is this process's (2 min; longer than a read and its storing). */
  leaseMs?: number;
  /** Longest wait after errors, unless the source's own interval is longer (1 h). */
  maxBackoffMs?: number;
  /** This process's name in the leases (host, pid and a random part by default). */
  holder?: string;
  /** The time (tests move it forward instead of waiting). */
  now?: () => number;
};

export type MediaPoller = {
  readonly holder: string;
  start(): void;
  /** Stops polling and waits for the reads in progress (each ends within `timeoutMs`). */
  stop(): Promise<void>;
  /** Reads every source due now (a poll already running is joined, not doubled). */
  poll(): Promise<MediaPollReport>;
};

const DEFAULTS = {
  everyMs: 5_000,
  concurrency: 4,
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  leaseMs: 2 * 60_000,
  maxBackoffMs: 60 * 60_000,
};
/** The first items of a document that are read (feeds list the newest first). */
const MAX_ITEMS_PER_READ = 500;
const TITLE_MAX = 500;
const GUID_MAX = 1_000;
/** A longer link is not kept (cut short, it would lead nowhere). */
const LINK_MAX = 2_048;
const SUMMARY_TEXT_MAX = 2_000;
/** Cleaned HTML longer than this is not kept: the text stands in for it. */
const SUMMARY_HTML_MAX = 20_000;
/** HTML longer than this is not even cleaned (the sanitizer's work grows with it). */
const RAW_HTML_MAX = 200_000;
const ERROR_MAX = 300;
/** Rows per insert and keys per lookup (well within both databases' parameter limits). */
const CHUNK = 100;
const ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5';

/**
 * The wait before a source that failed `errorCount` times in a row is read again: its interval doubled per
 * error, at most `maxBackoffMs` (but never less than the interval itself).
 */
export function backoffDelayMs(intervalMs: number, errorCount: number, maxBackoffMs: number): number {
  return Math.min(intervalMs * 2 ** errorCount, Math.max(maxBackoffMs, intervalMs));
}

/**
 * Why a read failed, in a few words for the admins' source list: the safe fetch's or the parser's reason
 * and message. Addresses in it are cut to their origin (a feed's query may hold a token); anything else that
 * went wrong is an "internal error", its details left to the log.
 */
export function pollErrorOf(error: unknown): string {
  if (!(error instanceof SafeFetchError) && !(error instanceof FeedRejected)) return 'internal error';
  const message = error.message.replace(
    /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi,
    (address) => URL.parse(address)?.origin ?? '[address]',
  );
  return clip(`${error.reason}: ${message}`, ERROR_MAX);
}

/** Case and width folded, so "ETF" finds "etf" and "ＥＴＦ" (Chinese has no case and stays as it is). */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * At most `max` characters, a surrogate pair never cut in two, without NUL characters (a JSON Feed may have
 * them; PostgreSQL's text cannot).
 */
function clip(raw: string, max: number): string {
  const text = raw.replaceAll('\0', '');
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

/** An item's dedup key: a hash of its guid, else its link (fixed length, so the unique index takes any). */
export const mediaDedupKey = (item: Pick<FeedItem, 'key'>) =>
  createHash('sha256').update(item.key).digest('hex');

export type MediaKeywordRule = { keyword: string; folded: string; tag: string; important: boolean };
type ClaimedSource = {
  id: number;
  url: string;
  title: string;
  language: string;
  poll_interval_seconds: number;
  etag: string | null;
  last_modified: string | null;
  error_count: number;
  /** Null until the source's first good read. */
  last_fetched_at: number | null;
};

/** The tags (with the keyword that gave each) and importance the rules give a text. */
function matchRules(rules: readonly MediaKeywordRule[], text: string) {
  const folded = fold(text);
  const tags = new Map<string, { tag: string; keyword: string }>();
  let important = false;
  for (const rule of rules) {
    if (!folded.includes(rule.folded)) continue;
    tags.set(`${rule.tag}\u0000${rule.keyword}`, { tag: rule.tag, keyword: rule.keyword });
    important ||= rule.important;
  }
  return { tags: [...tags.values()], important };
}

/** The keyword rules as the poller applies them (blank keywords match nothing). */
export async function loadKeywordRules(db: Kysely<DB>): Promise<MediaKeywordRule[]> {
  const rows = await db.selectFrom('media_keyword_rules').selectAll().orderBy('id').execute();
  return rows
    .map((row) => ({
      keyword: row.keyword.trim(),
      folded: fold(row.keyword.trim()),
      tag: row.tag.trim(),
      important: row.important === 1,
    }))
    .filter((rule) => rule.folded && rule.tag);
}

function cleanHtml(html: string | undefined): string | null {
  if (!html || html.length > RAW_HTML_MAX) return null;
  const clean = sanitizeArticleHtml(html.replaceAll('\0', '')).trim();
  return clean && clean.length <= SUMMARY_HTML_MAX ? clean : null;
}

/**
 * Stores the items of a read that the source does not have yet, tagged by the rules, and counts them on the
 * source; answers what was stored. Run it in the transaction that also records the read: a concurrent
 * read of the same source (another process, whose lease ran out under it) waits for that transaction and
 * then stores nothing twice.
 */
export async function storeMediaItems(
  trx: Kysely<DB>,
  source: { id: number; language: string },
  items: readonly FeedItem[],
  rules: readonly MediaKeywordRule[],
  fetchedAt: number,
): Promise<Omit<NewMediaItems, 'sourceId'>> {
  // Oldest first (feeds list the newest first), so among items of one date the newest has the highest id.
  const byKey = new Map<string, FeedItem>();
  for (const item of items.slice(0, MAX_ITEMS_PER_READ).reverse()) byKey.set(mediaDedupKey(item), item);
  const candidates = [...byKey].map(([dedupKey, item]) => ({ item, dedupKey }));
  // Items the source has already are left out before inserting (the common case: a feed without
  // validators, answering the same items each time); the unique pair still decides under a race.
  const known = new Set<string>();
  for (let i = 0; i < candidates.length; i += CHUNK) {
    const keys = candidates.slice(i, i + CHUNK).map((c) => c.dedupKey);
    const rows = await trx
      .selectFrom('media_items')
      .select('dedup_key')
      .where('source_id', '=', source.id)
      .where('dedup_key', 'in', keys)
      .execute();
    for (const row of rows) known.add(row.dedup_key);
  }
  const fresh = candidates
    .filter((c) => !known.has(c.dedupKey))
    .map(({ item, dedupKey }) => {
      const title = clip(item.title, TITLE_MAX);
      const summaryText = item.summaryText ? clip(item.summaryText, SUMMARY_TEXT_MAX) : null;
      const matched = matchRules(rules, `${item.title}\n${item.summaryText ?? ''}`);
      return {
        matched,
        row: {
          source_id: source.id,
          dedup_key: dedupKey,
          guid: item.guid ? clip(item.guid, GUID_MAX) : null,
          link: item.link && item.link.length <= LINK_MAX ? clip(item.link, LINK_MAX) : null,
          title,
          summary_text: summaryText,
          summary_html: cleanHtml(item.summaryHtml),
          // A date in the future is taken as the read's time: no feed can put an item above all to come.
          published_at: Math.min(item.publishedAt ?? fetchedAt, fetchedAt),
          fetched_at: fetchedAt,
          language: mediaLanguageOf(item.language) ?? source.language,
          important: matched.important ? 1 : 0,
        },
      };
    });
  const itemIds: number[] = [];
  const importantItemIds: number[] = [];
  const tagRows: Array<{ item_id: number; tag: string; keyword: string }> = [];
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const chunk = fresh.slice(i, i + CHUNK);
    const inserted = await trx
      .insertInto('media_items')
      .values(chunk.map((c) => c.row))
      .onConflict((oc) => oc.columns(['source_id', 'dedup_key']).doNothing())
      .returning(['id', 'dedup_key'])
      .execute();
    const ids = new Map(inserted.map((row) => [row.dedup_key, row.id]));
    for (const { row, matched } of chunk) {
      const id = ids.get(row.dedup_key);
      if (id === undefined) continue;
      itemIds.push(id);
      if (matched.important) importantItemIds.push(id);
      for (const match of matched.tags) tagRows.push({ item_id: id, ...match });
    }
  }
  for (let i = 0; i < tagRows.length; i += CHUNK) {
    await trx
      .insertInto('media_item_tags')
      .values(tagRows.slice(i, i + CHUNK))
      .execute();
  }
  if (itemIds.length) {
    await trx
      .updateTable('media_sources')
      .set((eb) => ({ items_count: eb('items_count', '+', itemIds.length), last_new_item_at: fetchedAt }))
      .where('id', '=', source.id)
      .execute();
  }
  return { itemIds, importantItemIds };
}

export function createMediaPoller(options: MediaPollerOptions): MediaPoller {
  const { database, log } = options;
  const { db, dialect } = database;
  const settings = { ...DEFAULTS, ...definedOnly(options) };
  const now = options.now ?? Date.now;
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<MediaPollReport> | undefined;
  let stopped = false;

  /** The next due source, leased to this process; none when nothing is due (or everything due is taken). */
  async function claim(): Promise<ClaimedSource | undefined> {
    const at = now();
    return db
      .updateTable('media_sources')
      .set({ lease_owner: holder, lease_until: at + settings.leaseMs })
      .where('id', 'in', (eb) => {
        const due = eb
          .selectFrom('media_sources')
          .select('id')
          .where('enabled', '=', 1)
          .where('next_poll_at', '<=', at)
          .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', at)]))
          .orderBy('next_poll_at')
          .orderBy('id')
          .limit(1);
        // PostgreSQL processes skip the rows another is claiming; SQLite's single writer needs no lock.
        return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
      })
      .returning([
        'id',
        'url',
        'title',
        'language',
        'poll_interval_seconds',
        'etag',
        'last_modified',
        'error_count',
        'last_fetched_at',
      ])
      .executeTakeFirst();
  }

  const intervalMsOf = (source: ClaimedSource) =>
    Math.min(Math.max(source.poll_interval_seconds, MEDIA_POLL_INTERVAL.min), MEDIA_POLL_INTERVAL.max) * 1000;

  /** The source's state after a good read, its lease released; nothing if the lease is no longer ours. */
  async function recordRead(
    trx: Kysely<DB>,
    source: ClaimedSource,
    startedAt: number,
    answer: SafeFetchResult,
    feed: ParsedFeed | undefined,
  ): Promise<void> {
    await trx
      .updateTable('media_sources')
      .set({
        // A 304 keeps the validators it was asked with.
        ...(answer.status === 200
          ? { etag: answer.etag ?? null, last_modified: answer.lastModified ?? null }
          : {}),
        // A source added without a title takes its feed's.
        ...(source.title === '' && feed?.title ? { title: clip(feed.title, 200) } : {}),
        last_fetched_at: now(),
        last_error: null,
        last_error_at: null,
        error_count: 0,
        next_poll_at: startedAt + intervalMsOf(source),
        lease_owner: null,
        lease_until: null,
      })
      .where('id', '=', source.id)
      .where('lease_owner', '=', holder)
      .execute();
  }

  async function recordFailure(source: ClaimedSource, error: string): Promise<void> {
    const at = now();
    const errors = source.error_count + 1;
    await db
      .updateTable('media_sources')
      .set({
        last_error: error,
        last_error_at: at,
        error_count: errors,
        next_poll_at: at + backoffDelayMs(intervalMsOf(source), errors, settings.maxBackoffMs),
        lease_owner: null,
        lease_until: null,
      })
      .where('id', '=', source.id)
      .where('lease_owner', '=', holder)
      .execute();
  }

  async function read(source: ClaimedSource, rules: readonly MediaKeywordRule[]): Promise<PolledSource> {
    const startedAt = now();
    try {
      const answer = await safeFetch(source.url, {
        protocols: ['http:', 'https:'],
        allowLoopback: options.allowLoopback ?? false,
        allowPrivate: options.allowPrivate ?? false,
        timeoutMs: settings.timeoutMs,
        maxBytes: settings.maxBytes,
        headers: {
          accept: ACCEPT,
          'user-agent': 'portal-feed-reader',
          ...(source.etag ? { 'if-none-match': source.etag } : {}),
          ...(source.last_modified ? { 'if-modified-since': source.last_modified } : {}),
        },
      });
      if (answer.status === 304) {
        await recordRead(db, source, startedAt, answer, undefined);
        return { sourceId: source.id, outcome: 'not-modified', newItemIds: [] };
      }
      const feed = parseFeed(answer.body, answer.contentType, answer.url);
      const stored = await inTransaction(db, async (trx) => {
        const result = await storeMediaItems(trx, source, feed.items, rules, now());
        await recordRead(trx, source, startedAt, answer, feed);
        // Members see them arrive; a source's first read is its backlog, shown without notifications.
        if (result.itemIds.length)
          await recordHubEvent(trx, {
            name: 'media.added',
            itemIds: result.itemIds,
            notify: source.last_fetched_at !== null,
          });
        return result;
      });
      if (stored.itemIds.length) await tell({ sourceId: source.id, ...stored });
      return { sourceId: source.id, outcome: 'stored', newItemIds: stored.itemIds };
    } catch (error) {
      const reason = pollErrorOf(error);
      if (reason === 'internal error')
        log.error({ sourceId: source.id, err: error }, 'media poller: a read failed');
      else log.warn({ sourceId: source.id, error: reason }, 'media poller: a source could not be read');
      // If even this fails (the database is away), the lease runs out and the source is read again then.
      await recordFailure(source, reason).catch((e: unknown) =>
        log.error({ sourceId: source.id, err: e }, 'media poller: the failure could not be recorded'),
      );
      return { sourceId: source.id, outcome: 'failed', newItemIds: [], error: reason };
    }
  }

  async function tell(items: NewMediaItems): Promise<void> {
    try {
      await options.onNewItems?.(items);
    } catch (error) {
      log.error({ sourceId: items.sourceId, err: error }, 'media poller: onNewItems failed');
    }
  }

  async function pollOnce(): Promise<MediaPollReport> {
    const report: MediaPollReport = { sources: [], newItemIds: [] };
    const rules = await loadKeywordRules(db);
    // Each lane reads one source at a time and claims the next when done, until nothing is due.
    const lane = async () => {
      while (!stopped) {
        let source: ClaimedSource | undefined;
        try {
          source = await claim();
        } catch (error) {
          // The database is away: this lane rests until the next poll (reads never throw; see read()).
          log.error({ err: error }, 'media poller: sources could not be claimed');
          return;
        }
        if (!source) return;
        const polled = await read(source, rules);
        report.sources.push(polled);
        report.newItemIds.push(...polled.newItemIds);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, settings.concurrency) }, lane));
    return report;
  }

  function poll(): Promise<MediaPollReport> {
    if (stopped) return Promise.resolve({ sources: [], newItemIds: [] });
    running ??= pollOnce()
      .catch((error: unknown) => {
        log.error({ err: error }, 'media poller: a poll failed');
        return { sources: [], newItemIds: [] };
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    holder,
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void poll(), settings.everyMs);
      timer.unref();
      void poll();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    poll,
  };
}

/** The options that were given (an explicit undefined keeps the default). */
function definedOnly(options: MediaPollerOptions): Partial<typeof DEFAULTS> {
  return Object.fromEntries(
    Object.entries(options).filter(([key, value]) => key in DEFAULTS && value !== undefined),
  );
}
