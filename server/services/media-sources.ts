import type { Kysely, Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AuditActionIn } from '#shared/audit.ts';
import {
  MEDIA_LANGUAGES,
  MEDIA_POLL_INTERVAL,
  MEDIA_SOURCE_KINDS,
  type MediaLanguage,
  type MediaSourceKind,
  mediaLanguageOf,
} from '#shared/media.ts';
import {
  type addMediaSourceRequest,
  feedUrlOf,
  hasCredentials,
  MEDIA_LIMITS,
  type updateMediaSourceRequest,
} from '#shared/schemas/media.ts';
import type { DB, MediaSourcesTable } from '../db/schema.ts';
import { type OpmlFeed, OpmlRejected, readOpml } from '../feeds/opml.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { inTransaction } from './hub-events.ts';

// Media monitoring's sources as admins manage them: the feeds the poller (feeds/media-poller.ts) reads.
// A source added, enabled or given a new address is due at once; deleting one deletes its items with it.
// Every change is audited in its transaction.

export type MediaSourceRow = Selectable<MediaSourcesTable>;
export type MediaSourceInput = z.output<typeof addMediaSourceRequest>;
export type MediaSourceUpdate = z.output<typeof updateMediaSourceRequest>;

const notFound = () => new DomainError('notFound', 'mediaSourceNotFound', { id: ['mediaSourceNotFound'] });
const exists = () => new DomainError('conflict', 'mediaSourceExists', { url: ['mediaSourceExists'] });

async function record(
  trx: Transaction<DB>,
  action: AuditActionIn<'admin.media.'>,
  id: number | undefined,
  actor: Actor,
  detail?: Record<string, unknown>,
) {
  await audit(trx, {
    action: `admin.media.${action}`,
    actorId: actor.userId,
    targetType: 'mediaSource',
    targetId: id === undefined ? undefined : String(id),
    ip: actor.ip,
    userAgent: actor.userAgent,
    detail,
  });
}

/** Every source, oldest first. */
export async function listMediaSources(db: Kysely<DB>): Promise<MediaSourceRow[]> {
  return db.selectFrom('media_sources').selectAll().orderBy('id').execute();
}

async function urlTaken(trx: Transaction<DB>, url: string, except?: number) {
  let query = trx.selectFrom('media_sources').select('id').where('url', '=', url);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A new source, due at once; undefined when its address is already taken (the unique URL decides a race). */
function insertSource(trx: Transaction<DB>, source: MediaSourceInput, actor: Actor, now: number) {
  return trx
    .insertInto('media_sources')
    .values({
      url: source.url,
      title: source.title,
      kind: source.kind,
      language: source.language,
      poll_interval_seconds: source.pollIntervalSeconds,
      enabled: source.enabled ? 1 : 0,
      next_poll_at: now,
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('url').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function addMediaSource(
  db: Kysely<DB>,
  input: MediaSourceInput,
  actor: Actor,
  now = Date.now(),
): Promise<number> {
  return inTransaction(db, async (trx) => {
    if (await urlTaken(trx, input.url)) throw exists();
    // Two admins adding the same address at once: the second is told it exists.
    const row = await insertSource(trx, input, actor, now);
    if (!row) throw exists();
    await record(trx, 'addSource', row.id, actor, { url: input.url, kind: input.kind });
    return row.id;
  });
}

/**
 * Changes what a source is. A new address starts over (no validators, no errors) and is read at once; a
 * shorter interval brings the next read forward.
 */
export async function updateMediaSource(
  db: Kysely<DB>,
  input: MediaSourceUpdate,
  actor: Actor,
  now = Date.now(),
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('media_sources')
      .select(['url', 'poll_interval_seconds', 'next_poll_at', 'last_fetched_at'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!before) throw notFound();
    if (await urlTaken(trx, input.url, input.id)) throw exists();
    const moved = before.url !== input.url;
    // A shorter interval counts from the last good read; otherwise the next read stays when it was.
    const sooner =
      input.pollIntervalSeconds < before.poll_interval_seconds
        ? Math.max((before.last_fetched_at ?? now) + input.pollIntervalSeconds * 1000, now)
        : before.next_poll_at;
    await trx
      .updateTable('media_sources')
      .set({
        url: input.url,
        title: input.title,
        kind: input.kind,
        language: input.language,
        poll_interval_seconds: input.pollIntervalSeconds,
        updated_at: now,
        ...(moved
          ? {
              etag: null,
              last_modified: null,
              last_error: null,
              last_error_at: null,
              error_count: 0,
              next_poll_at: now,
            }
          : { next_poll_at: Math.min(before.next_poll_at, sooner) }),
      })
      .where('id', '=', input.id)
      .execute();
    await record(trx, 'updateSource', input.id, actor, moved ? { url: input.url } : undefined);
  });
}

/** Deletes a source with its items (and their tags). */
export async function deleteMediaSource(db: Kysely<DB>, id: number, actor: Actor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const source = await trx
      .selectFrom('media_sources')
      .select(['url', 'items_count'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!source) throw notFound();
    // The foreign keys cascade to the items and their tags.
    await trx.deleteFrom('media_sources').where('id', '=', id).execute();
    await record(trx, 'deleteSource', id, actor, { url: source.url, items: source.items_count });
  });
}

/** Starts or stops reading a source; enabled again, it is read at once. Its items stay either way. */
export async function setMediaSourceEnabled(
  db: Kysely<DB>,
  id: number,
  enabled: boolean,
  actor: Actor,
  now = Date.now(),
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('media_sources')
      .set({ enabled: enabled ? 1 : 0, updated_at: now, ...(enabled ? { next_poll_at: now } : {}) })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound();
    await record(trx, enabled ? 'enableSource' : 'disableSource', id, actor);
  });
}

/**
 * Reads an enabled source at the next round instead of when it is due (an admin checking a feed now), its
 * error backoff included; a disabled source is refused.
 */
export async function readMediaSourceNow(db: Kysely<DB>, id: number, actor: Actor, now = Date.now()) {
  await inTransaction(db, async (trx) => {
    const source = await trx
      .selectFrom('media_sources')
      .select('enabled')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!source) throw notFound();
    if (source.enabled !== 1)
      throw new DomainError('conflict', 'mediaSourceDisabled', { id: ['mediaSourceDisabled'] });
    await trx.updateTable('media_sources').set({ next_poll_at: now }).where('id', '=', id).execute();
    await record(trx, 'readSourceNow', id, actor);
  });
}

export type OpmlImport = {
  added: Array<{ id: number; url: string; title: string }>;
  skipped: Array<{ url: string; reason: 'exists' | 'duplicate' }>;
  invalid: Array<{ url: string; title: string; reason: string }>;
};

const clipped = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const oneOf = <T extends string>(words: readonly T[], value: string | undefined): T | undefined =>
  (words as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** A listed feed as a source, with what the document leaves out filled in; or why it cannot be one. */
function sourceOf(feed: OpmlFeed): MediaSourceInput | { reason: string } {
  const url = feed.url.trim();
  if (!url) return { reason: 'mediaUrlRequired' };
  if (url.length > MEDIA_LIMITS.url) return { reason: 'mediaUrlTooLong' };
  const href = feedUrlOf(url);
  if (!href) return { reason: 'mediaUrlInvalid' };
  if (hasCredentials(href)) return { reason: 'mediaUrlCredentials' };
  const interval = feed.pollIntervalSeconds ?? MEDIA_POLL_INTERVAL.default;
  return {
    url: href,
    title: clipped(feed.title, MEDIA_LIMITS.title),
    kind: oneOf<MediaSourceKind>(MEDIA_SOURCE_KINDS, feed.kind) ?? 'other',
    language:
      oneOf<MediaLanguage>(MEDIA_LANGUAGES, feed.language) ?? mediaLanguageOf(feed.language) ?? 'other',
    pollIntervalSeconds: Math.min(Math.max(interval, MEDIA_POLL_INTERVAL.min), MEDIA_POLL_INTERVAL.max),
    enabled: feed.enabled ?? true,
  };
}

/**
 * Adds the feeds of an OPML document that are not sources yet, in one transaction with one audit row;
 * answers what was added, skipped (address already a source, or listed twice) and refused.
 */
export async function importMediaSources(
  db: Kysely<DB>,
  feeds: readonly OpmlFeed[],
  actor: Actor,
  now = Date.now(),
): Promise<OpmlImport> {
  const result: OpmlImport = { added: [], skipped: [], invalid: [] };
  const candidates = new Map<string, MediaSourceInput>();
  for (const feed of feeds) {
    const source = sourceOf(feed);
    if ('reason' in source) {
      result.invalid.push({
        url: clipped(feed.url, MEDIA_LIMITS.url),
        title: clipped(feed.title, MEDIA_LIMITS.title),
        reason: source.reason,
      });
    } else if (candidates.has(source.url)) result.skipped.push({ url: source.url, reason: 'duplicate' });
    else candidates.set(source.url, source);
  }
  return inTransaction(db, async (trx) => {
    const urls = [...candidates.keys()];
    const known = new Set<string>();
    for (let i = 0; i < urls.length; i += 100) {
      const rows = await trx
        .selectFrom('media_sources')
        .select('url')
        .where('url', 'in', urls.slice(i, i + 100))
        .execute();
      for (const row of rows) known.add(row.url);
    }
    for (const source of candidates.values()) {
      if (known.has(source.url)) {
        result.skipped.push({ url: source.url, reason: 'exists' });
        continue;
      }
      const row = await insertSource(trx, source, actor, now);
      if (row) result.added.push({ id: row.id, url: source.url, title: source.title });
      else result.skipped.push({ url: source.url, reason: 'exists' });
    }
    await record(trx, 'importSources', undefined, actor, {
      added: result.added.length,
      skipped: result.skipped.length,
      invalid: result.invalid.length,
      ids: result.added.map((source) => source.id),
    });
    return result;
  });
}

/**
 * Imports an OPML document (text, or a file's bytes in its own encoding). A document that is not an OPML
 * list is refused (DomainError naming `field`).
 */
export async function importOpml(
  db: Kysely<DB>,
  document: string | Buffer,
  field: string,
  actor: Actor,
  now = Date.now(),
): Promise<OpmlImport> {
  let feeds: OpmlFeed[];
  try {
    feeds = readOpml(document);
  } catch (error) {
    if (error instanceof OpmlRejected) throw new DomainError('invalid', error.key, { [field]: [error.key] });
    throw error;
  }
  return importMediaSources(db, feeds, actor, now);
}
