import type { Dialect } from '../server/db/dialect.ts';
import { createMediaPoller } from '../server/feeds/media-poller.ts';
import { FeedFake, rssDocument } from '../server/test/feed-fake.ts';
import { median, timeIt, withBenchDatabase } from './harness.ts';

// Media monitoring's reader at scale: SOURCES feeds on the loopback feed server, ITEMS_PER_SOURCE items
// each (10,000 in all by default).
// 1. Ingest: the first poll reads every source and stores every item (tagged by 20 keyword rules).
// 2. Quiet poll, the everyday case: every source is due again and almost all answer 304 (they are asked
//    with their validators); one source in twenty has one new item. Goal: within 10 s. Its ratio is
//    against a baseline in the same run: the same conditional GETs made bare (fetch, four at a time, as
//    the poller's lanes), without claiming, leases or storing.
// 3. Dedup: every source read again without validators (each answers 200 with all of its items): nothing
//    is stored twice.

const SOURCES = Number(process.env.BENCH_SOURCES ?? 200);
const ITEMS_PER_SOURCE = Number(process.env.BENCH_ITEMS_PER_SOURCE ?? 50);
const QUIET_GOAL_MS = 10_000;
const LANES = 4;
const MINUTE = 60_000;

function feed(source: number, items: number, now: number) {
  return rssDocument({
    title: `Feed ${source}`,
    language: source % 2 ? 'en' : 'zh',
    items: Array.from({ length: items }, (_, i) => ({
      id: `s${source}-i${items - i}`,
      title: `${source % 3 ? 'Market' : 'ETF'} update ${items - i} from feed ${source}`,
      link: `https://news.example/${source}/${items - i}`,
      html: `<p>Summary of item ${items - i}, with <a href="https://news.example">a link</a>.</p>`,
      publishedAt: now - (items - i) * MINUTE,
    })),
  });
}

/** The same conditional GETs the quiet poll makes, bare: LANES at a time, bodies read. */
async function bareConditionalGets(urls: string[], validators: Map<string, Record<string, string>>) {
  let next = 0;
  const lane = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const res = await fetch(url, { headers: validators.get(url) ?? {} });
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
}

export async function runMediaPollerBench(dialect: Dialect, databaseUrl?: string) {
  const fake = new FeedFake();
  await fake.start();
  try {
    await withBenchDatabase(dialect, databaseUrl, async (database) => {
      const { db } = database;
      const now = Date.now();
      const urls: string[] = [];
      const validators = new Map<string, Record<string, string>>();
      for (let s = 1; s <= SOURCES; s++) {
        const url = fake.url(`/feed-${s}.xml`);
        const served = fake.serve(`/feed-${s}.xml`, feed(s, ITEMS_PER_SOURCE, now));
        urls.push(url);
        validators.set(url, {
          ...(served.etag ? { 'if-none-match': served.etag } : {}),
          ...(served.lastModified ? { 'if-modified-since': served.lastModified } : {}),
        });
      }
      await db
        .insertInto('media_sources')
        .values(
          urls.map((url, i) => ({
            url,
            title: '',
            kind: 'news',
            language: i % 2 ? 'zh' : 'en',
            poll_interval_seconds: 300,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await db
        .insertInto('media_keyword_rules')
        .values(
          Array.from({ length: 20 }, (_, i) => ({
            keyword: i === 0 ? 'etf' : `keyword ${i}`,
            tag: i === 0 ? 'ETF' : `tag ${i}`,
            important: i === 0 ? 1 : 0,
            created_at: now,
          })),
        )
        .execute();
      const poller = createMediaPoller({
        database,
        log: { warn: () => {}, error: (details, message) => console.error(message, details) },
        allowLoopback: true,
        concurrency: LANES,
      });
      const due = () => db.updateTable('media_sources').set({ next_poll_at: 0 }).execute();
      const stored = async () =>
        Number(
          (await db.selectFrom('media_items').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
        );

      // 1. Ingest.
      let report = { sources: [], newItemIds: [] } as Awaited<ReturnType<typeof poller.poll>>;
      const ingest = { ms: 0, stored: 0 };
      ingest.ms = await timeIt(async () => {
        report = await poller.poll();
      });
      ingest.stored = report.newItemIds.length;
      const failed = report.sources.filter((s) => s.outcome === 'failed');
      if (failed.length) throw new Error(`${failed.length} sources failed: ${failed[0]!.error}`);

      // 2. Quiet polls (one source in twenty has a new item each round), alternating with the bare baseline.
      const quietMs: number[] = [];
      const bareMs: number[] = [];
      const outcomes = { notModified: 0, stored: 0, newItems: 0 };
      for (let round = 1; round <= 3; round++) {
        for (let s = 1; s <= SOURCES; s += 20)
          fake.serve(`/feed-${s}.xml`, feed(s, ITEMS_PER_SOURCE + round, now + round * MINUTE));
        await due();
        quietMs.push(
          await timeIt(async () => {
            report = await poller.poll();
          }),
        );
        for (const source of report.sources) {
          if (source.outcome === 'not-modified') outcomes.notModified++;
          if (source.outcome === 'stored') outcomes.stored++;
          if (source.outcome === 'failed') throw new Error(`a source failed: ${source.error}`);
        }
        outcomes.newItems += report.newItemIds.length;
        bareMs.push(await timeIt(() => bareConditionalGets(urls, validators)));
      }

      // 3. Dedup: validators dropped, every feed answers in full, nothing new is stored.
      const before = await stored();
      await db
        .updateTable('media_sources')
        .set({ etag: null, last_modified: null, next_poll_at: 0 })
        .execute();
      const dedupMs = await timeIt(async () => {
        report = await poller.poll();
      });
      const after = await stored();
      await poller.stop();

      const quiet = median(quietMs);
      const bare = median(bareMs);
      console.log(
        `${dialect} ingest: ${ingest.stored.toLocaleString('en')} items from ${SOURCES} sources in ${(ingest.ms / 1000).toFixed(2)} s (${Math.round(ingest.stored / (ingest.ms / 1000)).toLocaleString('en')} items/s)`,
      );
      console.log(
        `${dialect} quiet poll of ${SOURCES} sources (${outcomes.notModified} answers 304, ${outcomes.stored} with new items, ${outcomes.newItems} items over 3 rounds): median ${quiet.toFixed(0)} ms, bare conditional GETs ${bare.toFixed(0)} ms, ratio ${(quiet / bare).toFixed(2)}; goal within ${QUIET_GOAL_MS / 1000} s: ${quiet <= QUIET_GOAL_MS ? 'met' : 'NOT met'}`,
      );
      console.log(
        `${dialect} dedup: ${SOURCES} sources re-read in full (${report.sources.filter((s) => s.outcome === 'stored').length} answered 200) in ${(dedupMs / 1000).toFixed(2)} s, items stored again: ${after - before} (goal 0: ${after === before ? 'met' : 'NOT met'})`,
      );
      if (quiet > QUIET_GOAL_MS || after !== before || ingest.stored !== SOURCES * ITEMS_PER_SOURCE)
        process.exitCode = 1;
    });
  } finally {
    await fake.stop();
  }
}

if (import.meta.main) {
  await runMediaPollerBench('sqlite');
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) await runMediaPollerBench('postgres', url);
  else console.log('postgres: skipped (set BENCH_DATABASE_URL)');
}
