import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { mediaStreamQuery } from '#shared/schemas/media.ts';
import { idsOrNone } from '../db/in-list.ts';
import type { DB } from '../db/schema.ts';
import { type Actor, audit } from './audit.ts';
import { DomainError } from './errors.ts';
import { inTransaction, recordHubEvent } from './hub-events.ts';

// Media monitoring's items as members read them: one stream, pinned items first, then newest first, paged
// by a cursor that names the last item of the page before (its pinned flag, date and id). Items stored
// meanwhile take their place by date: a page never repeats an item of an earlier one, and never skips one
// that existed when the first page was read. Administrators hide and pin items (audited).

export type MediaStreamFilter = z.output<typeof mediaStreamQuery>;

export type MediaItemRecord = {
  id: number;
  source_id: number;
  title: string;
  summary_text: string | null;
  summary_html: string | null;
  link: string | null;
  published_at: number;
  language: string;
  important: number;
  pinned: number;
  hidden: number;
  source_title: string;
  source_url: string;
  source_kind: string;
  /** Each tag with the keyword that gave it. */
  tags: Array<{ tag: string; keyword: string }>;
};

type Cursor = { pinned: number; publishedAt: number; id: number };

const badCursor = () => new DomainError('invalid', 'mediaCursorInvalid', { cursor: ['mediaCursorInvalid'] });

const encodeCursor = (c: Cursor) =>
  Buffer.from(JSON.stringify([c.pinned, c.publishedAt, c.id])).toString('base64url');

function decodeCursor(text: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 3) throw badCursor();
  const [pinned, publishedAt, id] = value as unknown[];
  if (
    (pinned !== 0 && pinned !== 1) ||
    !Number.isSafeInteger(publishedAt) ||
    !Number.isSafeInteger(id) ||
    (id as number) < 1
  )
    throw badCursor();
  return { pinned, publishedAt: publishedAt as number, id: id as number };
}

/** The search as a LIKE pattern: its own `%`, `_` and `\` taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Items with their source, as the stream shows them. */
const selectItems = (db: Kysely<DB>) =>
  db
    .selectFrom('media_items as i')
    .innerJoin('media_sources as s', 's.id', 'i.source_id')
    .select([
      'i.id',
      'i.source_id',
      'i.title',
      'i.summary_text',
      'i.summary_html',
      'i.link',
      'i.published_at',
      'i.language',
      'i.important',
      'i.pinned',
      'i.hidden',
      's.title as source_title',
      's.url as source_url',
      's.kind as source_kind',
    ]);

/** Each row with the tags it was given (and the keyword that gave each). */
async function withTags(
  db: Kysely<DB>,
  rows: Array<Omit<MediaItemRecord, 'tags'>>,
): Promise<MediaItemRecord[]> {
  const tags = await db
    .selectFrom('media_item_tags')
    .select(['item_id', 'tag', 'keyword'])
    .where('item_id', 'in', idsOrNone(rows.map((row) => row.id)))
    .orderBy('tag')
    .orderBy('keyword')
    .execute();
  return rows.map((row) => ({
    ...row,
    tags: tags.filter((t) => t.item_id === row.id).map(({ tag, keyword }) => ({ tag, keyword })),
  }));
}

/**
 * The items of these ids that still exist, newest first, at most `limit` (hidden ones only `withHidden`):
 * what the hub pushes when items arrive or change.
 */
export async function readMediaItems(
  db: Kysely<DB>,
  ids: readonly number[],
  options: { withHidden: boolean; limit: number },
): Promise<MediaItemRecord[]> {
  let query = selectItems(db).where('i.id', 'in', idsOrNone([...ids]));
  if (!options.withHidden) query = query.where('i.hidden', '=', 0);
  const rows = await query
    .orderBy('i.published_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(options.limit)
    .execute();
  return withTags(db, rows);
}

/**
 * A page of the stream with the filters asked. `withHidden`: hidden items are included (administrators).
 * `nextCursor` is undefined on the last page.
 */
export async function readMediaStream(
  db: Kysely<DB>,
  filter: MediaStreamFilter,
  options: { withHidden: boolean },
): Promise<{ records: MediaItemRecord[]; nextCursor: string | undefined }> {
  let query = selectItems(db);
  if (!options.withHidden) query = query.where('i.hidden', '=', 0);
  if (filter.sourceId !== undefined) query = query.where('i.source_id', '=', filter.sourceId);
  if (filter.kind) query = query.where('s.kind', '=', filter.kind);
  if (filter.language) query = query.where('i.language', '=', filter.language);
  const tag = filter.tag;
  if (tag)
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('media_item_tags as t')
          .select('t.item_id')
          .whereRef('t.item_id', '=', 'i.id')
          .where('t.tag', '=', tag),
      ),
    );
  if (filter.q) {
    // lower() on both sides: case-insensitive on both databases (SQLite folds ASCII letters only; Chinese
    // has no case). The backslash escapes the search's own wildcards.
    const pattern = likePattern(filter.q);
    query = query.where(({ or }) =>
      or([
        sql<boolean>`lower(i.title) like lower(${pattern}) escape ${'\\'}`,
        sql<boolean>`lower(i.summary_text) like lower(${pattern}) escape ${'\\'}`,
      ]),
    );
  }
  // Pinned items first, then the others: each part read in the order of the (date, id) index, from
  // where the cursor left off, so a page costs its own rows however deep it is.
  const after = filter.cursor ? decodeCursor(filter.cursor) : undefined;
  const want = filter.limit + 1;
  const part = (pinned: 0 | 1, limit: number) => {
    let partQuery = query.where('i.pinned', '=', pinned);
    if (after && after.pinned === pinned)
      partQuery = partQuery.where((eb) =>
        eb(eb.refTuple('i.published_at', 'i.id'), '<', eb.tuple(after.publishedAt, after.id)),
      );
    return partQuery.orderBy('i.published_at', 'desc').orderBy('i.id', 'desc').limit(limit).execute();
  };
  const rows = !after || after.pinned === 1 ? await part(1, want) : [];
  if (rows.length < want) rows.push(...(await part(0, want - rows.length)));
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    records: await withTags(db, page),
    nextCursor:
      rows.length > filter.limit && last
        ? encodeCursor({ pinned: last.pinned, publishedAt: last.published_at, id: last.id })
        : undefined,
  };
}

/** What the stream's filter controls offer: every source, and every tag rules give or items have. */
export async function readMediaFilters(db: Kysely<DB>) {
  const [sources, itemTags, ruleTags] = await Promise.all([
    db.selectFrom('media_sources').select(['id', 'title', 'url', 'kind', 'language']).orderBy('id').execute(),
    db.selectFrom('media_item_tags').select('tag').distinct().execute(),
    db.selectFrom('media_keyword_rules').select('tag').distinct().execute(),
  ]);
  const tags = [...new Set([...itemTags, ...ruleTags].map((row) => row.tag.trim()).filter(Boolean))].sort();
  return { sources, tags };
}

/** Hides an item from members or shows it again; pins it above the others or unpins it. */
export async function setMediaItemFlag(
  db: Kysely<DB>,
  id: number,
  flag: 'hidden' | 'pinned',
  value: boolean,
  actor: Actor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('media_items')
      .set({ [flag]: value ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      throw new DomainError('notFound', 'mediaItemNotFound', { id: ['mediaItemNotFound'] });
    const action = ({ hidden: ['unhideItem', 'hideItem'], pinned: ['unpinItem', 'pinItem'] } as const)[flag][
      value ? 1 : 0
    ];
    await recordHubEvent(trx, { name: 'media.changed', itemId: id });
    await audit(trx, {
      action: `admin.media.${action}`,
      actorId: actor.userId,
      targetType: 'mediaItem',
      targetId: String(id),
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
  });
}
