import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import type { Dialect } from '../server/db/dialect.ts';
import { createUser } from '../server/test/factories.ts';
import { TEST_CAPTCHA } from '../server/test/sign-in.ts';
import { median, timeIt, withBenchDatabase } from './harness.ts';

// GET /Articles/FindPage on 10,000 articles, first and a deep page, with and without a category filter,
// through the whole app (public, no token) against the equivalent raw SQL in the same process.

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const ROUNDS = 25;

/** `count` articles (10,000 by default: BENCH_ARTICLES) in ten categories under one root, four in five published. */
export async function seedArticles(database: Database, authorId: string, count = ARTICLES) {
  const { db } = database;
  const now = Date.now();
  const root = await db
    .insertInto('article_classifications')
    .values({ label: 'root', show: 1, sort: 1, parent_id: null, pids: '', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const leaves: number[] = [];
  for (let i = 0; i < 10; i++) {
    const leaf = await db
      .insertInto('article_classifications')
      .values({
        label: `leaf ${i}`,
        show: 1,
        sort: i,
        parent_id: root.id,
        pids: String(root.id),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    leaves.push(leaf.id);
  }
  const series =
    database.dialect === 'postgres'
      ? sql`select g as n from generate_series(1, ${count}) g`
      : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${count}) select n from s`;
  const leafCase = sql.raw(`case ${leaves.map((id, i) => `when n % 10 = ${i} then ${id}`).join(' ')} end`);
  await sql`insert into articles (head_line, description, classification_id, text, picture, author_id, status, create_time, update_time)
    select 'Article ' || n, 'Description of article ' || n, ${leafCase}, '<p>' || n || '</p>', '/uploads/images/c.webp', ${authorId},
      case when n % 5 = 0 then 1 else 3 end, cast(${now} as bigint) - n * 1000, cast(${now} as bigint)
    from (${series}) t`.execute(db);
  if (database.dialect === 'postgres') await sql`analyze`.execute(db);
  return { root: root.id, leaves };
}

export async function runArticlesBench(dialect: Dialect, databaseUrl?: string) {
  await withBenchDatabase(dialect, databaseUrl, async (database, dataDir) => {
    const author = await createUser(database.db, { roles: ['Admin'] });
    const { root } = await seedArticles(database, author.id);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CAPTCHA_TEST_CODE: TEST_CAPTCHA,
    });
    const app = await buildApp({ config, database, logger: false });
    const { db } = database;
    const cases = [
      { name: 'first page', current: 1, classification: undefined as number | undefined },
      { name: 'deep page (400)', current: 400, classification: undefined },
      { name: 'first page, category filter', current: 1, classification: root },
      { name: 'deep page (400), category filter', current: 400, classification: root },
    ];
    for (const c of cases) {
      const url = `/Articles/FindPage?pageSize=10&current=${c.current}${c.classification ? `&classification=${c.classification}` : ''}`;
      const appMs: number[] = [];
      const rawMs: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        appMs.push(
          await timeIt(async () => {
            const res = await app.inject({ url });
            if (res.statusCode !== 200) throw new Error(res.body);
          }),
        );
        rawMs.push(
          await timeIt(async () => {
            // The same work by hand: the category and its descendants, count, page, authors, categories.
            let filter = sql`status = 3`;
            if (c.classification) {
              const cat = await sql<{
                pids: string;
              }>`select pids from article_classifications where id = ${c.classification}`.execute(db);
              const prefix = [cat.rows[0]!.pids, c.classification].filter(Boolean).join(',');
              const ids = await sql<{
                id: number;
              }>`select id from article_classifications where pids = ${prefix} or pids like ${`${prefix},%`}`.execute(
                db,
              );
              filter = sql`status = 3 and classification_id in (${sql.join([c.classification, ...ids.rows.map((r) => r.id)])})`;
            }
            await sql`select count(*) from articles where ${filter}`.execute(db);
            const page = await sql<{
              author_id: string;
              classification_id: number;
            }>`select * from articles where ${filter} order by create_time desc, id desc limit 10 offset ${(c.current - 1) * 10}`.execute(
              db,
            );
            await sql`select id, nick_name, user_name, pic from users where id in (${sql.join([...new Set(page.rows.map((r) => r.author_id))])})`.execute(
              db,
            );
            await sql`select id, label, pids from article_classifications where id in (${sql.join([...new Set(page.rows.map((r) => r.classification_id))])})`.execute(
              db,
            );
          }),
        );
      }
      const a = median(appMs);
      const r = median(rawMs);
      console.log(
        `${dialect} FindPage ${c.name}: app ${a.toFixed(2)} ms, raw SQL ${r.toFixed(2)} ms, ratio ${(a / r).toFixed(2)}`,
      );
    }
    await app.close();
  });
}

if (import.meta.main) {
  await runArticlesBench('sqlite');
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runArticlesBench('postgres', url);
  else console.log('postgres: skipped (set BENCH_DATABASE_URL)');
}
