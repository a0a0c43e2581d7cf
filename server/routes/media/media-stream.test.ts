import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaItem, mediaFilters, mediaStream } from '#shared/schemas/media.ts';
import { loadKeywordRules, storeMediaItems } from '../../feeds/media-poller.ts';
import type { FeedItem } from '../../feeds/parse-feed.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

// The members' media stream through HTTP on both databases: newest first with pinned items first, hidden
// items left out for members (flagged for admins), tags and matched keywords from the rules, filters and
// the search box (Chinese, and wildcards taken literally), and cursor paging that neither repeats nor skips
// an item while new ones arrive.

type Headers = { authorization: string };
const HOUR = 3_600_000;

describe.each(TEST_DIALECTS)('the media stream on %s', (dialect) => {
  let t: TestApp;
  let admin: Headers;
  let member: Headers;
  const db = () => t.testDb.database.db;
  const get = (url: string, headers: Headers = member, language = 'zh') =>
    t.app.inject({ url, headers: { ...headers, 'accept-language': language } });
  const post = (url: string, payload: object, headers: Headers = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const stream = async (query = '', headers: Headers = member) => {
    const res = await get(`/api/Media/Stream${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return mediaStream.parse(res.json());
  };
  const titles = async (query = '', headers: Headers = member) =>
    (await stream(query, headers)).items.map((item) => item.title);

  async function addSource(url: string, kind: string, language: string, title = '') {
    const res = await post('/api/Media/AddSource', { url, title, kind, language, enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  }

  /** Stores items as the poller does (the rules applied), read at `fetchedAt`. */
  async function store(
    sourceId: number,
    language: string,
    items: Array<Partial<FeedItem> & { key: string; title: string }>,
    fetchedAt = Date.now(),
  ) {
    return db()
      .transaction()
      .execute(async (trx) =>
        storeMediaItems(trx, { id: sourceId, language }, items, await loadKeywordRules(trx), fetchedAt),
      );
  }

  let news: number;
  let kol: number;
  const now = Date.now();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const a = await createUser(db(), { roles: ['Admin'] });
    admin = (await signIn(t.app, a.email, a.password)).auth;
    const m = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    member = (await signIn(t.app, m.email, m.password)).auth;

    for (const rule of [
      { keyword: 'ETF', tag: 'etf', important: true },
      { keyword: '比特币', tag: 'btc' },
      { keyword: 'bitcoin', tag: 'btc' },
    ])
      expect((await post('/api/Media/AddKeywordRule', rule)).statusCode).toBe(200);
    news = await addSource('https://news.example/rss', 'news', 'en', 'News Example');
    kol = await addSource('https://kol.example/feed', 'kol', 'zh');
    // Feeds list the newest first.
    await store(news, 'en', [
      {
        key: 'n1',
        title: 'Spot Bitcoin ETF approved',
        summaryText: 'The SEC approves a spot etf.',
        summaryHtml: '<p>The SEC approves a <b>spot</b> ETF.</p><script>alert(1)</script>',
        link: 'https://news.example/n1',
        publishedAt: now - 1 * HOUR,
      },
      {
        key: 'n2',
        title: 'Exchange fees rise 50% overnight',
        summaryText: 'Traders complain.',
        link: 'https://news.example/n2',
        publishedAt: now - 3 * HOUR,
      },
      { key: 'n3', title: '100_000 new accounts', publishedAt: now - 5 * HOUR },
      { key: 'n4', title: '10000 old accounts', publishedAt: now - 6 * HOUR },
    ]);
    await store(kol, 'zh', [
      {
        key: 'k1',
        title: '比特币突破十万美元',
        summaryText: '比特币价格创下新高，ETF 资金持续流入。',
        link: 'https://kol.example/k1',
        publishedAt: now - 2 * HOUR,
      },
      {
        key: 'k2',
        title: 'Weekly market notes',
        summaryText: '以太坊升级在即',
        publishedAt: now - 4 * HOUR,
        language: 'en',
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists items newest first with their source, tags, matched keywords and cleaned HTML', async () => {
    const page = await stream();
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((i) => i.title)).toEqual([
      'Spot Bitcoin ETF approved',
      '比特币突破十万美元',
      'Exchange fees rise 50% overnight',
      'Weekly market notes',
      '100_000 new accounts',
      '10000 old accounts',
    ]);
    const [first, second] = page.items as [MediaItem, MediaItem];
    expect(first).toEqual({
      id: expect.any(Number),
      source: { id: news, title: 'News Example', kind: 'news' },
      publishedAt: new Date(now - HOUR).toISOString(),
      language: 'en',
      title: 'Spot Bitcoin ETF approved',
      summaryText: 'The SEC approves a spot etf.',
      summaryHtml: '<p>The SEC approves a <b>spot</b> ETF.</p>',
      link: 'https://news.example/n1',
      tags: ['btc', 'etf'],
      matchedKeywords: ['bitcoin', 'ETF'],
      important: true,
      pinned: false,
      hidden: false,
    });
    // A source without a title is named by its host until its feed gives it one.
    expect(second).toMatchObject({
      source: { id: kol, title: 'kol.example', kind: 'kol' },
      language: 'zh',
      tags: ['btc', 'etf'],
      matchedKeywords: ['比特币', 'ETF'],
      important: true,
    });
    // The item's own language wins over its source's.
    expect(page.items[3]).toMatchObject({
      title: 'Weekly market notes',
      language: 'en',
      tags: [],
      important: false,
    });

    const filters = mediaFilters.parse((await get('/api/Media/Filters')).json());
    expect(filters).toEqual({
      sources: [
        { id: news, title: 'News Example', kind: 'news', language: 'en' },
        { id: kol, title: 'kol.example', kind: 'kol', language: 'zh' },
      ],
      tags: ['btc', 'etf'],
    });
  });

  it('filters by source, kind, tag and language, and searches titles and summaries', async () => {
    expect(await titles(`?sourceId=${kol}`)).toEqual(['比特币突破十万美元', 'Weekly market notes']);
    expect(await titles('?kind=kol&language=zh')).toEqual(['比特币突破十万美元']);
    expect(await titles('?kind=exchange')).toEqual([]);
    expect(await titles('?tag=etf')).toEqual(['Spot Bitcoin ETF approved', '比特币突破十万美元']);
    expect(await titles(`?tag=btc&sourceId=${news}`)).toEqual(['Spot Bitcoin ETF approved']);
    expect(await titles('?tag=none')).toEqual([]);
    expect(await titles('?language=en')).toEqual([
      'Spot Bitcoin ETF approved',
      'Exchange fees rise 50% overnight',
      'Weekly market notes',
      '100_000 new accounts',
      '10000 old accounts',
    ]);
    const q = (text: string) => `?q=${encodeURIComponent(text)}`;
    // Any case; in the summary too.
    expect(await titles(q('spot etf'))).toEqual(['Spot Bitcoin ETF approved']);
    expect(await titles(q('etf'))).toEqual(['Spot Bitcoin ETF approved', '比特币突破十万美元']);
    expect(await titles(q('比特币'))).toEqual(['比特币突破十万美元']);
    expect(await titles(q('以太坊升级'))).toEqual(['Weekly market notes']);
    expect(await titles(q('  新高 '))).toEqual(['比特币突破十万美元']);
    // LIKE's wildcards are the text they are.
    expect(await titles(q('%'))).toEqual(['Exchange fees rise 50% overnight']);
    expect(await titles(q('50%'))).toEqual(['Exchange fees rise 50% overnight']);
    expect(await titles(q('0_0'))).toEqual(['100_000 new accounts']);
    expect(await titles(q('\\'))).toEqual([]);
    expect(await titles(`${q('etf')}&kind=news`)).toEqual(['Spot Bitcoin ETF approved']);
    // An empty search is no search.
    expect(await titles('?q=')).toHaveLength(6);
  });

  it('refuses bad paging and filters with messages', async () => {
    const big = await get('/api/Media/Stream?limit=51', member, 'en');
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual({ limit: ['A page holds 1 to 50 items'] });
    const long = await get(`/api/Media/Stream?q=${'x'.repeat(101)}&kind=blog`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({
      q: ['搜索内容不能超过100个字符'],
      kind: ['请选择类型：新闻、KOL、交易所公告或其他'],
    });
    for (const cursor of [
      'not a cursor',
      'abc',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('[2,1,1]').toString('base64url'),
    ]) {
      const res = await get(`/api/Media/Stream?cursor=${encodeURIComponent(cursor)}`, member, 'en');
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().errors, cursor).toEqual({
        cursor: ['The page position is not valid: load again from the first page'],
      });
    }
  });

  it('hides items from members and pins them first, audited', async () => {
    const items = (await stream()).items;
    const fees = items.find((i) => i.title.startsWith('Exchange fees'))!;
    const old = items.find((i) => i.title.startsWith('10000'))!;
    expect((await post('/api/Media/HideItem', { id: fees.id, hidden: true })).statusCode).toBe(200);
    expect((await post('/api/Media/PinItem', { id: old.id, pinned: true })).statusCode).toBe(200);

    const forMember = await stream();
    expect(forMember.items.map((i) => i.title)).toEqual([
      '10000 old accounts',
      'Spot Bitcoin ETF approved',
      '比特币突破十万美元',
      'Weekly market notes',
      '100_000 new accounts',
    ]);
    expect(forMember.items[0]).toMatchObject({ pinned: true, hidden: false });
    expect(await titles('?q=%25')).toEqual([]);
    // Admins see the hidden item where it belongs, flagged.
    const forAdmin = (await stream('', admin)).items;
    expect(forAdmin.map((i) => [i.title, i.pinned, i.hidden])).toEqual([
      ['10000 old accounts', true, false],
      ['Spot Bitcoin ETF approved', false, false],
      ['比特币突破十万美元', false, false],
      ['Exchange fees rise 50% overnight', false, true],
      ['Weekly market notes', false, false],
      ['100_000 new accounts', false, false],
    ]);
    // Members may not hide or pin.
    expect((await post('/api/Media/HideItem', { id: old.id, hidden: true }, member)).statusCode).toBe(403);
    const missing = await post('/api/Media/PinItem', { id: 999_999, pinned: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual({ id: ['该资讯不存在'] });

    expect((await post('/api/Media/HideItem', { id: fees.id, hidden: false })).statusCode).toBe(200);
    expect((await post('/api/Media/PinItem', { id: old.id, pinned: false })).statusCode).toBe(200);
    expect(await titles()).toEqual(items.map((i) => i.title));
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id'])
      .where('target_type', '=', 'mediaItem')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'admin.media.hideItem', target_type: 'mediaItem', target_id: String(fees.id) },
      { action: 'admin.media.pinItem', target_type: 'mediaItem', target_id: String(old.id) },
      { action: 'admin.media.unhideItem', target_type: 'mediaItem', target_id: String(fees.id) },
      { action: 'admin.media.unpinItem', target_type: 'mediaItem', target_id: String(old.id) },
    ]);
  });

  it('pages by cursor without repeating or skipping an item while new ones arrive', async () => {
    const paged = await addSource('https://paged.example/rss', 'exchange', 'en');
    // 30 items an hour apart, with runs of equal dates (the id breaks the tie); one of them pinned.
    const dateOf = (i: number) => now - 10 * HOUR - Math.floor(i / 3) * HOUR;
    await store(
      paged,
      'en',
      Array.from({ length: 30 }, (_, i) => ({ key: `p${i}`, title: `Paged ${i}`, publishedAt: dateOf(i) })),
      now,
    );
    const pinned = (await stream(`?sourceId=${paged}&limit=50`)).items.find((i) => i.title === 'Paged 20')!;
    await post('/api/Media/PinItem', { id: pinned.id, pinned: true });
    const expected = (await stream(`?sourceId=${paged}&limit=50`)).items.map((i) => i.title);
    expect(expected[0]).toBe('Paged 20');
    expect(expected).toHaveLength(30);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?sourceId=${paged}&limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await stream(query);
      seen.push(...page.items.map((i) => i.title));
      cursor = page.nextCursor;
      pages++;
      // Between pages: a newer item (above the pages read: the next refresh shows it), and after the
      // second page one dated among the items still to come (the pages ahead show it in its place).
      await store(paged, 'en', [{ key: `new${pages}`, title: `New ${pages}`, publishedAt: Date.now() }]);
      if (pages === 2)
        await store(paged, 'en', [{ key: 'late', title: 'Late', publishedAt: dateOf(25) }], now + 1000);
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(seen.length);
    // Items of one date come newest id first: "Late", stored last, leads its date.
    const late = expected.indexOf('Paged 24');
    expect(seen).toEqual([...expected.slice(0, late), 'Late', ...expected.slice(late)]);
    // A member who pages with a tag filter pages within it.
    const first = await stream('?tag=btc&limit=1');
    expect(first.items.map((i) => i.title)).toEqual(['Spot Bitcoin ETF approved']);
    const second = await stream(`?tag=btc&limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.title)).toEqual(['比特币突破十万美元']);
    expect(second.nextCursor).toBeNull();
  });
});
