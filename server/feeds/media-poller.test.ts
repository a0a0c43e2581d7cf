import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINK_REL } from '#shared/article-html.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { SafeFetchError } from '../net/safe-fetch.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/databases.ts';
import {
  atomDocument,
  type FakeFeedItem,
  FeedFake,
  jsonFeedDocument,
  rssDocument,
} from '../test/feed-fake.ts';
import {
  backoffDelayMs,
  createMediaPoller,
  loadKeywordRules,
  type MediaPoller,
  type MediaPollerOptions,
  type NewMediaItems,
  pollErrorOf,
  storeMediaItems,
} from './media-poller.ts';
import { FeedRejected } from './parse-feed.ts';

// The media poller against a real feed server on the loopback and real databases: what it stores, what it
// asks, how it fails. Time is the poller's clock, moved forward by the tests, so nothing waits for an
// interval to pass.

const MINUTE = 60_000;

describe.each(TEST_DIALECTS)('media poller on %s', (dialect) => {
  let t: TestDatabase;
  let fake: FeedFake;
  let clock = 0;
  let pollers: MediaPoller[] = [];
  let logged: Array<{ level: string; details: object; message: string }> = [];
  let paths = 0;
  const db = () => t.database.db;
  const log = {
    warn: (details: object, message: string) => logged.push({ level: 'warn', details, message }),
    error: (details: object, message: string) => logged.push({ level: 'error', details, message }),
  };

  /** A poller of this test (stopped after it), reading the loopback fake unless told otherwise. */
  function poller(overrides: Partial<MediaPollerOptions> = {}): MediaPoller {
    const created = createMediaPoller({
      database: t.database,
      log,
      allowLoopback: true,
      now: () => clock,
      ...overrides,
    });
    pollers.push(created);
    return created;
  }

  /** A path of the fake no other test uses, so its requests are this test's. */
  const path = (name: string) => `/t${++paths}/${name}`;

  async function addSource(
    url: string,
    values: { title?: string; language?: 'zh' | 'en' | 'other'; interval?: number; enabled?: number } = {},
  ): Promise<number> {
    const row = await db()
      .insertInto('media_sources')
      .values({
        url,
        title: values.title ?? 'News',
        kind: 'news',
        language: values.language ?? 'en',
        poll_interval_seconds: values.interval ?? 300,
        enabled: values.enabled ?? 1,
        created_at: clock,
        updated_at: clock,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const sourceRow = (id: number) =>
    db().selectFrom('media_sources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const itemsOf = (sourceId: number) =>
    db()
      .selectFrom('media_items')
      .selectAll()
      .where('source_id', '=', sourceId)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  const items = (prefix: string, count: number, hoursAgo = 1): FakeFeedItem[] =>
    Array.from({ length: count }, (_, i) => ({
      id: `${prefix}-${i + 1}`,
      title: `${prefix} story ${i + 1}`,
      link: `https://news.example/${prefix}/${i + 1}`,
      // The first is the newest, as feeds list them.
      publishedAt: clock - (hoursAgo + i) * 3_600_000,
    }));

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    fake = new FeedFake();
    await fake.start();
  });
  afterAll(async () => {
    await fake?.stop();
    await t?.dispose();
  });
  beforeEach(async () => {
    await db().deleteFrom('media_sources').execute();
    await db().deleteFrom('media_keyword_rules').execute();
    clock = Date.now();
    logged = [];
  });
  afterEach(async () => {
    await Promise.all(pollers.map((p) => p.stop()));
    pollers = [];
    // Nothing went wrong that the poller did not expect.
    expect(logged.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it('stores new items once, tells which, then asks with the validators and gets 304', async () => {
    const rssPath = path('news.xml');
    const atomPath = path('news.atom');
    const rss = fake.serve(
      rssPath,
      rssDocument({ title: '链闻', language: 'zh-cn', items: items('rss', 3) }),
    );
    const atom = fake.serve(atomPath, atomDocument({ title: 'Chain news', items: items('atom', 2) }), {
      lastModified: null,
    });
    const rssId = await addSource(fake.url(rssPath), { title: '', language: 'en' });
    const atomId = await addSource(fake.url(atomPath), { language: 'en' });
    const told: NewMediaItems[] = [];
    const p = poller({ onNewItems: (batch) => void told.push(batch) });

    const first = await p.poll();
    expect(first.sources.map((s) => [s.sourceId, s.outcome]).sort()).toEqual(
      [
        [rssId, 'stored'],
        [atomId, 'stored'],
      ].sort(),
    );
    const rssItems = await itemsOf(rssId);
    const atomItems = await itemsOf(atomId);
    // Newest first, the feed's language (zh-cn) before the source's, read now.
    expect(rssItems.map((i) => [i.title, i.guid, i.link, i.language, i.fetched_at])).toEqual(
      [1, 2, 3].map((n) => [`rss story ${n}`, `rss-${n}`, `https://news.example/rss/${n}`, 'zh', clock]),
    );
    expect(rssItems[0]!.published_at).toBe(Math.floor((clock - 3_600_000) / 1000) * 1000);
    expect(atomItems.map((i) => [i.title, i.language])).toEqual([
      ['atom story 1', 'en'],
      ['atom story 2', 'en'],
    ]);
    const allIds = [...rssItems, ...atomItems].map((i) => i.id).sort((a, b) => a - b);
    expect([...first.newItemIds].sort((a, b) => a - b)).toEqual(allIds);
    expect(told.map((b) => [b.sourceId, [...b.itemIds].sort(), b.importantItemIds]).sort()).toEqual(
      [
        [rssId, rssItems.map((i) => i.id).sort(), []],
        [atomId, atomItems.map((i) => i.id).sort(), []],
      ].sort(),
    );
    expect(await sourceRow(rssId)).toMatchObject({
      // A source added without a title takes its feed's.
      title: '链闻',
      etag: rss.etag,
      last_modified: rss.lastModified,
      last_fetched_at: clock,
      last_new_item_at: clock,
      last_error: null,
      error_count: 0,
      items_count: 3,
      next_poll_at: clock + 5 * MINUTE,
      lease_owner: null,
      lease_until: null,
    });
    expect(await sourceRow(atomId)).toMatchObject({ etag: atom.etag, last_modified: null, items_count: 2 });

    // Not due yet: nothing is asked.
    expect((await p.poll()).sources).toEqual([]);
    expect(fake.requestsTo(rssPath)).toHaveLength(1);

    const firstRead = clock;
    clock += 5 * MINUTE;
    const second = await p.poll();
    expect(second.sources.map((s) => s.outcome)).toEqual(['not-modified', 'not-modified']);
    expect(second.newItemIds).toEqual([]);
    const [, again] = fake.requestsTo(rssPath);
    expect(again).toMatchObject({ status: 304 });
    expect(again!.headers['if-none-match']).toBe(rss.etag);
    expect(again!.headers['if-modified-since']).toBe(rss.lastModified);
    expect(fake.requestsTo(atomPath)[1]!.headers['if-modified-since']).toBeUndefined();
    expect(await itemsOf(rssId)).toHaveLength(3);
    expect(await sourceRow(rssId)).toMatchObject({
      etag: rss.etag,
      last_modified: rss.lastModified,
      last_fetched_at: clock,
      last_new_item_at: firstRead,
      items_count: 3,
      next_poll_at: clock + 5 * MINUTE,
    });
    expect(told).toHaveLength(2);
  });

  it('stores an item seen again after a restart, or in a feed without validators, only once', async () => {
    const feedPath = path('feed.json');
    fake.serve(feedPath, jsonFeedDocument({ title: 'JSON news', items: items('j', 2) }));
    const id = await addSource(fake.url(feedPath));
    const before = await poller().poll();
    expect(before.newItemIds).toHaveLength(2);
    await pollers[0]!.stop();

    // The feed now answers 200 every time (no validators) with the same items: a new process stores none.
    fake.serve(feedPath, jsonFeedDocument({ title: 'JSON news', items: items('j', 2) }), {
      etag: null,
      lastModified: null,
    });
    clock += 5 * MINUTE;
    const restarted = await poller().poll();
    expect(restarted.sources).toEqual([{ sourceId: id, outcome: 'stored', newItemIds: [] }]);

    // One new item among the old ones: only it is stored.
    const newer: FakeFeedItem = { id: 'j-new', title: 'j story new', link: 'https://news.example/j/new' };
    fake.serve(feedPath, jsonFeedDocument({ title: 'JSON news', items: [newer, ...items('j', 2)] }));
    clock += 5 * MINUTE;
    const third = await poller().poll();
    const stored = await itemsOf(id);
    expect(stored.map((i) => i.guid)).toEqual(['j-new', 'j-1', 'j-2']);
    expect(third.newItemIds).toEqual([stored[0]!.id]);
    // Without a date it is dated when it was read.
    expect(stored[0]!.published_at).toBe(clock);
    expect(await sourceRow(id)).toMatchObject({ items_count: 3, etag: expect.any(String) });
    expect(fake.requestsTo(feedPath).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('reads each source once per due time and stores each item once with two pollers at once', async () => {
    // Two processes on PostgreSQL (a connection each); SQLite has one process, here with two pollers.
    const other: Database =
      dialect === 'postgres'
        ? await openDatabase({
            dataDir: t.dataDir,
            databaseUrl: process.env.TEST_DATABASE_URL,
            pgSchema: t.schema!,
            pgPoolSize: 4,
          })
        : t.database;
    try {
      const feeds = Array.from({ length: 8 }, (_, i) => path(`shared-${i}.xml`));
      const ids: number[] = [];
      for (const [i, feedPath] of feeds.entries()) {
        fake.serve(feedPath, rssDocument({ title: `Feed ${i}`, items: items(`s${i}`, 3) }));
        ids.push(await addSource(fake.url(feedPath)));
      }
      const a = poller({ concurrency: 3 });
      const b = poller({ database: other, concurrency: 3 });
      expect(a.holder).not.toBe(b.holder);

      const [ra, rb] = await Promise.all([a.poll(), b.poll()]);
      for (const feedPath of feeds) expect(fake.requestsTo(feedPath), feedPath).toHaveLength(1);
      const polled = [...ra.sources, ...rb.sources].map((s) => s.sourceId).sort((x, y) => x - y);
      expect(polled).toEqual(ids);
      const stored = await db().selectFrom('media_items').select(['id', 'source_id']).execute();
      expect(stored).toHaveLength(24);
      expect([...ra.newItemIds, ...rb.newItemIds].sort((x, y) => x - y)).toEqual(
        stored.map((i) => i.id).sort((x, y) => x - y),
      );
      for (const id of ids) expect(await sourceRow(id)).toMatchObject({ items_count: 3, lease_owner: null });

      clock += 5 * MINUTE;
      const [sa, sb] = await Promise.all([a.poll(), b.poll()]);
      for (const feedPath of feeds) {
        expect(
          fake.requestsTo(feedPath).map((r) => r.status),
          feedPath,
        ).toEqual([200, 304]);
      }
      expect([...sa.sources, ...sb.sources]).toHaveLength(8);
    } finally {
      if (other !== t.database) await other.close();
    }
  });

  it('stores the items of one read once when two processes store them at the same moment', async () => {
    // A lease that ran out under a slow process: two reads of one source land together.
    const other: Database =
      dialect === 'postgres'
        ? await openDatabase({
            dataDir: t.dataDir,
            databaseUrl: process.env.TEST_DATABASE_URL,
            pgSchema: t.schema!,
            pgPoolSize: 2,
          })
        : t.database;
    try {
      const id = await addSource(fake.url(path('race.xml')));
      const feedItems = items('race', 20).map((item) => ({
        key: item.id,
        guid: item.id,
        link: item.link,
        title: item.title,
      }));
      const rules = await loadKeywordRules(db());
      const store = (database: Database) =>
        database.db
          .transaction()
          .execute((trx) => storeMediaItems(trx, { id, language: 'en' }, feedItems, rules, clock));
      const [first, second] = await Promise.all([store(t.database), store(other)]);
      expect(first.itemIds.length + second.itemIds.length).toBe(20);
      expect(new Set([...first.itemIds, ...second.itemIds]).size).toBe(20);
      expect(await itemsOf(id)).toHaveLength(20);
      expect(await sourceRow(id)).toMatchObject({ items_count: 20 });
    } finally {
      if (other !== t.database) await other.close();
    }
  });

  it('backs a failing source off, doubling up to an hour, while the others keep being read', async () => {
    const goodPath = path('good.xml');
    fake.serve(goodPath, rssDocument({ title: 'Good', items: items('g', 1) }));
    const good = await addSource(fake.url(goodPath), { interval: 60 });
    const failing = await addSource(fake.url('/status/500'), { interval: 60 });
    const p = poller();

    const first = await p.poll();
    expect(first.sources.find((s) => s.sourceId === failing)).toEqual({
      sourceId: failing,
      outcome: 'failed',
      newItemIds: [],
      error: 'http-status: answered 500',
    });
    expect(await sourceRow(failing)).toMatchObject({
      last_error: 'http-status: answered 500',
      last_error_at: clock,
      error_count: 1,
      last_fetched_at: null,
      next_poll_at: clock + 2 * MINUTE,
      lease_owner: null,
    });
    expect(await itemsOf(good)).toHaveLength(1);

    // A minute on, the good source is due again and the failing one is not.
    clock += MINUTE;
    expect((await p.poll()).sources.map((s) => s.sourceId)).toEqual([good]);
    expect(fake.requestsTo('/status/500')).toHaveLength(1);

    clock += MINUTE;
    expect((await p.poll()).sources.map((s) => s.sourceId).sort()).toEqual([good, failing].sort());
    expect(await sourceRow(failing)).toMatchObject({ error_count: 2, next_poll_at: clock + 4 * MINUTE });

    // The wait doubles per error up to an hour, or the source's own interval when that is longer.
    expect([1, 2, 3, 4, 5, 6, 7, 60].map((n) => backoffDelayMs(MINUTE, n, 60 * MINUTE))).toEqual(
      [2, 4, 8, 16, 32, 60, 60, 60].map((m) => m * MINUTE),
    );
    expect(backoffDelayMs(86_400_000, 1, 60 * MINUTE)).toBe(86_400_000);

    // Fixed (here: pointed at a working feed), it reads again and its error is cleared.
    await db()
      .updateTable('media_sources')
      .set({ url: fake.url(`${goodPath}?fixed`), next_poll_at: clock })
      .where('id', '=', failing)
      .execute();
    await p.poll();
    expect(await sourceRow(failing)).toMatchObject({
      last_error: null,
      last_error_at: null,
      error_count: 0,
      items_count: 1,
      next_poll_at: clock + MINUTE,
    });
  });

  it('records why each bad feed failed and still stores the good ones', async () => {
    const goodPaths = [path('one.xml'), path('two.xml')];
    for (const [i, goodPath] of goodPaths.entries()) {
      fake.serve(goodPath, rssDocument({ title: `Good ${i}`, items: items(`ok${i}`, 2) }));
    }
    const bad = {
      slow: await addSource(fake.url('/slow.xml')),
      malformed: await addSource(fake.url('/malformed.xml')),
      page: await addSource(fake.url('/page.html')),
      huge: await addSource(fake.url('/huge.xml')),
      loop: await addSource(fake.url('/loop')),
      missing: await addSource(fake.url(path('missing.xml'))),
    };
    const goods = [];
    for (const goodPath of goodPaths) goods.push(await addSource(fake.url(goodPath)));
    // The slow feed holds one lane until its deadline; the other reads everything else meanwhile.
    const report = await poller({ concurrency: 2, timeoutMs: 2_000, maxBytes: 256 * 1024 }).poll();
    expect(report.sources).toHaveLength(8);

    const errors = Object.fromEntries(
      await Promise.all(
        Object.entries(bad).map(async ([name, id]) => [name, (await sourceRow(id)).last_error] as const),
      ),
    );
    expect(errors).toEqual({
      slow: 'timeout: no answer within 2000 ms',
      malformed: expect.stringMatching(/^malformed: not well-formed XML/),
      page: 'html: an HTML page, not a feed',
      huge: `too-large: more than ${256 * 1024} bytes (at most ${256 * 1024})`,
      loop: 'too-many-redirects: more than 3 redirects',
      missing: 'http-status: answered 404',
    });
    for (const id of Object.values(bad)) {
      expect(await sourceRow(id)).toMatchObject({ error_count: 1, lease_owner: null, items_count: 0 });
    }
    for (const id of goods) expect(await itemsOf(id)).toHaveLength(2);
    // The huge answer was cut off, not read to its end.
    expect(await fake.requestsTo('/huge.xml')[0]!.closed).toEqual({ complete: false });
  });

  it('refuses feeds on link-local and loopback addresses without the setting, and records why', async () => {
    const feedPath = path('inside.xml');
    fake.serve(feedPath, rssDocument({ title: 'Inside', items: items('in', 1) }));
    const metadata = await addSource('http://169.254.169.254/latest/meta-data/');
    const loopback = await addSource(fake.url(feedPath));
    const byName = await addSource(fake.url(feedPath, 'localhost'));
    const file = await addSource('file:///etc/passwd');
    await poller({ allowLoopback: false }).poll();

    expect((await sourceRow(metadata)).last_error).toBe(
      'refused-address: 169.254.169.254 is not a public address',
    );
    expect((await sourceRow(loopback)).last_error).toBe('refused-address: 127.0.0.1 is not a public address');
    expect((await sourceRow(byName)).last_error).toBe('refused-address: localhost is not a public address');
    expect((await sourceRow(file)).last_error).toBe('protocol: file: is not fetched');
    expect(fake.requestsTo(feedPath)).toEqual([]);

    // Even where the loopback is allowed (tests), a redirect to the metadata address is refused.
    const redirected = await addSource(fake.url('/redirect?to=http://169.254.169.254/latest/meta-data/'));
    await poller({ allowLoopback: true }).poll();
    expect(await sourceRow(redirected)).toMatchObject({
      last_error: 'refused-address: 169.254.169.254 is not a public address',
      error_count: 1,
    });
    const stored = await db().selectFrom('media_items').select('id').execute();
    expect(stored).toEqual([]);
  });

  it('tags items by the keyword rules, case-insensitively and in Chinese, and marks the important ones', async () => {
    await db()
      .insertInto('media_keyword_rules')
      .values([
        { keyword: '比特币', tag: 'BTC', important: 0, created_at: clock },
        { keyword: 'Bitcoin', tag: 'BTC', important: 0, created_at: clock },
        { keyword: 'etf', tag: 'ETF', important: 0, created_at: clock },
        { keyword: '监管', tag: '监管', important: 1, created_at: clock },
        { keyword: 'approved', tag: 'ETF', important: 1, created_at: clock },
        { keyword: '   ', tag: 'blank', important: 1, created_at: clock },
      ])
      .execute();
    const feedPath = path('tags.xml');
    const feedItems: FakeFeedItem[] = [
      { id: 'k1', title: '比特币突破十万美元', link: 'https://news.example/k1', html: '<p>市场情绪高涨</p>' },
      { id: 'k2', title: 'BITCOIN ETF Approved', link: 'https://news.example/k2' },
      // The keyword in the summary only, in full-width letters.
      {
        id: 'k3',
        title: 'SEC 监管新规',
        link: 'https://news.example/k3',
        html: '<p>关于现货 ＥＴＦ 的规定</p>',
      },
      { id: 'k4', title: 'Weather today', link: 'https://news.example/k4' },
    ];
    fake.serve(feedPath, rssDocument({ title: 'Tags', items: feedItems }));
    const id = await addSource(fake.url(feedPath), { language: 'zh' });
    const told: NewMediaItems[] = [];
    await poller({ onNewItems: (batch) => void told.push(batch) }).poll();

    const stored = await db()
      .selectFrom('media_items')
      .select(['id', 'guid', 'important'])
      .where('source_id', '=', id)
      .execute();
    const byGuid = new Map(stored.map((row) => [row.guid!, row]));
    const tags = await db()
      .selectFrom('media_item_tags')
      .selectAll()
      .orderBy('tag')
      .orderBy('keyword')
      .execute();
    const tagsOf = (guid: string) =>
      tags.filter((row) => row.item_id === byGuid.get(guid)!.id).map((row) => [row.tag, row.keyword]);
    expect(tagsOf('k1')).toEqual([['BTC', '比特币']]);
    expect(tagsOf('k2')).toEqual([
      ['BTC', 'Bitcoin'],
      ['ETF', 'approved'],
      ['ETF', 'etf'],
    ]);
    expect(tagsOf('k3')).toEqual([
      ['ETF', 'etf'],
      ['监管', '监管'],
    ]);
    expect(tagsOf('k4')).toEqual([]);
    expect(
      stored
        .filter((row) => row.important === 1)
        .map((row) => row.guid)
        .sort(),
    ).toEqual(['k2', 'k3']);
    expect(told).toHaveLength(1);
    expect([...told[0]!.importantItemIds].sort()).toEqual(
      [byGuid.get('k2')!.id, byGuid.get('k3')!.id].sort(),
    );
  });

  it('stores item HTML cleaned by the articles sanitizer: scripts, handlers and scripted links are gone', async () => {
    const feedPath = path('scripted.xml');
    const html =
      '<p onclick="alert(1)">Funds <b>moved</b></p><script>alert(document.cookie)</script>' +
      '<img src="https://tracker.example/pixel.png" onerror="alert(2)"><iframe src="https://evil.example/"></iframe>' +
      '<a href="javascript:alert(3)">click</a> <a href="https://news.example/more">more</a>';
    fake.serve(
      feedPath,
      rssDocument({
        title: 'Scripted',
        items: [
          { id: 'x1', title: '<script>alert(4)</script> Breaking', link: 'https://news.example/x1', html },
        ],
      }),
    );
    const id = await addSource(fake.url(feedPath));
    await poller().poll();
    const [item] = await itemsOf(id);
    // The scripted link keeps its text and loses its address.
    const rel = `target="_blank" rel="${LINK_REL}"`;
    expect(item!.summary_html).toBe(
      `<p>Funds <b>moved</b></p><a ${rel}>click</a> <a href="https://news.example/more" ${rel}>more</a>`,
    );
    expect(item!.summary_html).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img/i);
    expect(item!.summary_text).toBe('Funds moved click more');
    // Titles are text: whatever looks like markup in them is shown as it is, never run.
    expect(item!.title).toBe('<script>alert(4)</script> Breaking');
  });

  it('leaves a source leased to another process alone until the lease runs out, and disabled ones always', async () => {
    const feedPath = path('leased.xml');
    fake.serve(feedPath, rssDocument({ title: 'Leased', items: items('l', 1) }));
    const leased = await addSource(fake.url(feedPath));
    await addSource(fake.url(path('disabled.xml')), { enabled: 0 });
    await db()
      .updateTable('media_sources')
      .set({ lease_owner: 'another-process', lease_until: clock + MINUTE })
      .where('id', '=', leased)
      .execute();
    const p = poller();
    expect((await p.poll()).sources).toEqual([]);
    clock += MINUTE + 1;
    expect((await p.poll()).sources.map((s) => s.sourceId)).toEqual([leased]);
    expect(await sourceRow(leased)).toMatchObject({ lease_owner: null, items_count: 1 });
  });

  it('stores items with NUL characters (valid in a JSON Feed, not in PostgreSQL text) without them', async () => {
    const feedPath = path('nul.json');
    const document = {
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Nul\u0000 news',
      items: [
        {
          id: 'n\u00001',
          url: 'https://news.example/n1',
          title: 'Zero\u0000 byte',
          content_html: '<p>in\u0000side</p>',
        },
      ],
    };
    fake.serve(feedPath, { contentType: 'application/feed+json', body: JSON.stringify(document) });
    const id = await addSource(fake.url(feedPath), { title: '' });
    const report = await poller().poll();
    expect(report.sources[0]).toMatchObject({ outcome: 'stored' });
    const [item] = await itemsOf(id);
    expect(item).toMatchObject({ guid: 'n1', title: 'Zero byte', summary_html: '<p>inside</p>' });
    expect((await sourceRow(id)).title).toBe('Nul news');
  });

  it('has tables that refuse an unknown kind or language, an interval out of bounds and a second copy of a URL, and delete a source with its items', async () => {
    const url = fake.url(path('tables.xml'));
    const row = {
      url,
      title: 'T',
      kind: 'news',
      language: 'en',
      poll_interval_seconds: 60,
      created_at: clock,
      updated_at: clock,
    };
    for (const bad of [
      { kind: 'blog' },
      { language: 'fr' },
      { poll_interval_seconds: 59 },
      { poll_interval_seconds: 86_401 },
    ]) {
      await expect(
        db()
          .insertInto('media_sources')
          .values({ ...row, ...bad })
          .execute(),
        JSON.stringify(bad),
      ).rejects.toThrow();
    }
    const id = await addSource(url);
    await expect(db().insertInto('media_sources').values(row).execute()).rejects.toThrow();

    await db()
      .insertInto('media_keyword_rules')
      .values({ keyword: 'story', tag: 'Story', created_at: clock })
      .execute();
    const rules = await loadKeywordRules(db());
    const feedItems = items('del', 2).map((item) => ({ key: item.id, title: item.title }));
    await db()
      .transaction()
      .execute((trx) => storeMediaItems(trx, { id, language: 'en' }, feedItems, rules, clock));
    expect(await db().selectFrom('media_item_tags').select('item_id').execute()).toHaveLength(2);
    await db().deleteFrom('media_sources').where('id', '=', id).execute();
    expect(await db().selectFrom('media_items').select('id').execute()).toEqual([]);
    expect(await db().selectFrom('media_item_tags').select('item_id').execute()).toEqual([]);
  });

  it('polls by itself once started, and stops', async () => {
    const feedPath = path('timer.xml');
    fake.serve(feedPath, rssDocument({ title: 'Timer', items: items('tm', 2) }));
    const id = await addSource(fake.url(feedPath));
    const p = poller({ now: Date.now, everyMs: 50 });
    p.start();
    await expect.poll(async () => (await itemsOf(id)).length, { timeout: 15_000 }).toBe(2);
    await p.stop();
    expect(await p.poll()).toEqual({ sources: [], newItemIds: [] });
    expect(fake.requestsTo(feedPath)).toHaveLength(1);
  });
});

describe('the error recorded for a source', () => {
  it('is the reason and message of the fetch or the parser, with addresses cut to their origin', () => {
    expect(
      pollErrorOf(
        new SafeFetchError('network', 'connect to https://feeds.example/rss?token=s3cret failed', {
          url: 'https://feeds.example/rss?token=s3cret',
        }),
      ),
    ).toBe('network: connect to https://feeds.example failed');
    expect(pollErrorOf(new FeedRejected('not-a-feed', '<html> is not a feed'))).toBe(
      'not-a-feed: <html> is not a feed',
    );
    expect(pollErrorOf(new SafeFetchError('timeout', 'x'.repeat(1_000))).length).toBeLessThanOrEqual(300);
  });

  it('says nothing of any other failure, whose details go to the log only', () => {
    const error = new Error(
      'password authentication failed for user "portal" at postgres://portal:pw@db/portal',
    );
    expect(pollErrorOf(error)).toBe('internal error');
  });
});
