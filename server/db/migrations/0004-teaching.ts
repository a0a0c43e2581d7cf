import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const epochMs = dialect === 'postgres' ? 'bigint' : 'integer';
  const serial = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('article_classifications')
    .addColumn('id', 'integer', serial)
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('show', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('parent_id', 'integer', (c) => c.references('article_classifications.id'))
    // Ids of the ancestors, root first, comma-separated ("" for a root): spec §3 pids.
    .addColumn('pids', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('article_classifications_parent_idx')
    .on('article_classifications')
    .column('parent_id')
    .execute();

  await db.schema
    .createTable('articles')
    .addColumn('id', 'integer', serial)
    .addColumn('head_line', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('classification_id', 'integer', (c) => c.notNull().references('article_classifications.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('picture', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 3 approved, 4 rejected, anything else pending (we write 1).
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('content_approval', 'text')
    .addColumn('reviewer_id', 'text')
    .addColumn('like_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('view_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('collect_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', epochMs, (c) => c.notNull())
    .addColumn('update_time', epochMs, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('articles_status_time_idx')
    .on('articles')
    .columns(['status', 'create_time', 'id'])
    .execute();
  await db.schema
    .createIndex('articles_class_time_idx')
    .on('articles')
    .columns(['classification_id', 'status', 'create_time'])
    .execute();
  await db.schema
    .createIndex('articles_author_idx')
    .on('articles')
    .columns(['author_id', 'create_time'])
    .execute();

  for (const table of ['article_likes', 'article_collections']) {
    await db.schema
      .createTable(table)
      .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', epochMs, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['article_id', 'user_id'])
      .execute();
  }

  // One row per viewer per article per day: views are counted once per viewer per day.
  await db.schema
    .createTable('article_views')
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('viewer', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('article_views_pk', ['article_id', 'viewer', 'day'])
    .execute();

  await db.schema
    .createTable('article_comments')
    .addColumn('id', 'integer', serial)
    .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('article_comments_article_idx')
    .on('article_comments')
    .columns(['article_id', 'created_at'])
    .execute();
}
