import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * Media monitoring (/media): the feeds admins point the portal at, with the poller's state of each (its
 * validators for conditional requests, when it was last read and last brought something new, its last
 * error and how many in a row, when it is due, and the lease of the process reading it); the items read from
 * them, each stored once per source by its dedup key (a hash of its guid, else its link), whichever process
 * read it and however often; the admins' keyword rules; and the tags each item got from them, with the
 * keyword that gave each (for highlighting).
 *
 * Kinds, languages and the poll interval are checked here as well as by the API, with the values of
 * shared/media.ts at the time of writing.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

  await db.schema
    .createTable('media_sources')
    .addColumn('id', 'integer', id)
    .addColumn('url', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('poll_interval_seconds', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // Validators of the last 200 answer, sent back as If-None-Match / If-Modified-Since.
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('last_fetched_at', epochMs)
    .addColumn('last_new_item_at', epochMs)
    // A short reason (never the address's query or a header), cleared by the next good read.
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', epochMs)
    .addColumn('error_count', 'integer', flag)
    .addColumn('next_poll_at', epochMs, (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', epochMs)
    .addColumn('items_count', 'integer', flag)
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .addCheckConstraint('media_sources_kind_check', sql`kind in ('news', 'kol', 'exchange', 'other')`)
    .addCheckConstraint('media_sources_language_check', sql`language in ('zh', 'en', 'other')`)
    .addCheckConstraint('media_sources_poll_interval_check', sql`poll_interval_seconds between 60 and 86400`)
    .execute();
  // The poller's question: which enabled sources are due.
  await db.schema
    .createIndex('media_sources_due_idx')
    .on('media_sources')
    .columns(['enabled', 'next_poll_at'])
    .execute();

  await db.schema
    .createTable('media_items')
    .addColumn('id', 'integer', id)
    .addColumn('source_id', 'integer', (c) => c.notNull().references('media_sources.id').onDelete('cascade'))
    .addColumn('dedup_key', 'text', (c) => c.notNull())
    .addColumn('guid', 'text')
    .addColumn('link', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary_text', 'text')
    // Cleaned by the articles' sanitizer before it is stored.
    .addColumn('summary_html', 'text')
    // The feed's date, never later than when it was read (the read time for an item without one).
    .addColumn('published_at', epochMs, (c) => c.notNull())
    .addColumn('fetched_at', epochMs, (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('important', 'integer', flag)
    .addColumn('hidden', 'integer', flag)
    .addColumn('pinned', 'integer', flag)
    .addUniqueConstraint('media_items_source_dedup_key', ['source_id', 'dedup_key'])
    .execute();
  // The stream, newest first, for everyone and per source.
  await db.schema
    .createIndex('media_items_published_idx')
    .on('media_items')
    .columns(['published_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('media_items_source_published_idx')
    .on('media_items')
    .columns(['source_id', 'published_at desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('media_keyword_rules')
    .addColumn('id', 'integer', id)
    .addColumn('keyword', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('important', 'integer', flag)
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();

  // One row per tag an item got and keyword that gave it (two keywords may give one tag).
  await db.schema
    .createTable('media_item_tags')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('media_items.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('keyword', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_item_tags_pk', ['item_id', 'tag', 'keyword'])
    .execute();
  await db.schema
    .createIndex('media_item_tags_tag_idx')
    .on('media_item_tags')
    .columns(['tag', 'item_id'])
    .execute();
}
