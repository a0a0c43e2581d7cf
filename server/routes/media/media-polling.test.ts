import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaSourceList, mediaStream } from '#shared/schemas/media.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { atomDocument, FeedFake, rssDocument } from '../../test/feed-fake.ts';
import { signIn } from '../../test/sign-in.ts';

// The media poller as the app runs it (MEDIA_POLL, reading the loopback feed fake with
// FEED_FETCH_ALLOW_LOOPBACK): started when the app is ready, it reads a source an admin adds at once and
// due sources by itself; what it stores is what the members' stream shows, and a source that fails shows
// why. Closing the app stops it. Every wait is for a condition, never a fixed time.

type Headers = { authorization: string };
const HOUR = 3_600_000;
/** The poller looks for due sources every 5 s; a wait allows for a couple of rounds on a busy machine. */
const WAIT = { timeout: 20_000, interval: 100 };

describe.each(TEST_DIALECTS)('the media poller in the app on %s', (dialect) => {
  let fake: FeedFake;
  let t: TestApp;
  let closed = false;
  let admin: Headers;
  let member: Headers;
  const db = () => t.testDb.database.db;
  const stream = async (query = '') => {
    const res = await t.app.inject({ url: `/api/Media/Stream${query}`, headers: member });
    expect(res.statusCode, res.body).toBe(200);
    return mediaStream.parse(res.json());
  };
  const sourceState = async (id: number) =>
    mediaSourceList
      .parse((await t.app.inject({ url: '/api/Media/Sources', headers: admin })).json())
      .find((s) => s.id === id);

  beforeAll(async () => {
    fake = new FeedFake();
    await fake.start();
    t = await buildTestApp(dialect, { env: { MEDIA_POLL: 'true', FEED_FETCH_ALLOW_LOOPBACK: 'true' } });
    const a = await createUser(db(), { roles: ['Admin'] });
    admin = (await signIn(t.app, a.email, a.password)).auth;
    const m = await createUser(db(), { roles: ['StandardUser'], memberDays: 30 });
    member = (await signIn(t.app, m.email, m.password)).auth;
  });
  afterAll(async () => {
    if (!closed) await t?.close();
    await fake?.stop();
  });

  it('reads a source an admin adds, tags its items by the rules, and the stream shows them', async () => {
    const now = Date.now();
    fake.serve(
      '/news.xml',
      rssDocument({
        title: 'Loopback News',
        language: 'en',
        items: [
          {
            id: 'n-2',
            title: 'Spot ETF inflows hit a record',
            link: 'https://news.example/2',
            html: '<p>Inflows <img src=x onerror=alert(1)> rise</p>',
            publishedAt: now - HOUR,
          },
          {
            id: 'n-1',
            title: 'Markets open flat',
            link: 'https://news.example/1',
            publishedAt: now - 2 * HOUR,
          },
        ],
      }),
    );
    const rule = { keyword: 'etf', tag: 'etf', important: true };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/Media/AddKeywordRule',
          payload: rule,
          headers: admin,
        })
      ).statusCode,
    ).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/Media/AddSource',
      payload: { url: fake.url('/news.xml'), kind: 'news', language: 'en' },
      headers: admin,
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as number;

    await vi.waitFor(async () => {
      expect((await stream(`?sourceId=${id}`)).items).toHaveLength(2);
    }, WAIT);
    const { items } = await stream(`?sourceId=${id}`);
    expect(items.map((i) => [i.title, i.tags, i.matchedKeywords, i.important])).toEqual([
      ['Spot ETF inflows hit a record', ['etf'], ['etf'], true],
      ['Markets open flat', [], [], false],
    ]);
    expect(items[0]).toMatchObject({
      source: { id, title: 'Loopback News', kind: 'news' },
      link: 'https://news.example/2',
    });
    // Stored cleaned, with the articles' sanitizer.
    expect(items[0]?.summaryHtml).toMatch(/^<p>Inflows .*rise<\/p>$/);
    expect(items[0]?.summaryHtml).not.toMatch(/onerror/);
    const state = await sourceState(id);
    expect(state).toMatchObject({
      // A source added without a title takes its feed's.
      title: 'Loopback News',
      itemsCount: 2,
      lastError: null,
      errorCount: 0,
    });
    expect(state?.lastFetchedAt).not.toBeNull();
    expect(state?.lastNewItemAt).not.toBeNull();
    // Next read one interval (300 s) after this one.
    expect(Date.parse(state!.nextPollAt!) - Date.parse(state!.lastFetchedAt!)).toBeGreaterThan(290_000);
    expect(fake.requestsTo('/news.xml').length).toBeGreaterThanOrEqual(1);
  });

  it('reads due sources by itself, and shows why one fails', async () => {
    fake.serve(
      '/later.atom',
      atomDocument({
        title: '链上快讯',
        language: 'zh-CN',
        items: [
          {
            id: 'urn:a:1',
            title: '巨鲸转入交易所',
            link: 'https://chain.example/1',
            publishedAt: Date.now(),
          },
        ],
      }),
    );
    // Straight into the database, due now: no admin call to start the read, only the poller's rounds.
    const now = Date.now();
    const { id } = await db()
      .insertInto('media_sources')
      .values({
        url: fake.url('/later.atom'),
        title: '',
        kind: 'kol',
        language: 'other',
        poll_interval_seconds: 60,
        next_poll_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await vi.waitFor(async () => {
      expect((await stream(`?sourceId=${id}`)).items.map((i) => [i.title, i.language])).toEqual([
        ['巨鲸转入交易所', 'zh'],
      ]);
    }, WAIT);

    const failing = await t.app.inject({
      method: 'POST',
      url: '/api/Media/AddSource',
      payload: { url: fake.url('/status/500'), title: 'Broken', kind: 'other', language: 'en' },
      headers: admin,
    });
    const failingId = failing.json().id as number;
    await vi.waitFor(async () => {
      expect((await sourceState(failingId))?.errorCount).toBe(1);
    }, WAIT);
    const state = await sourceState(failingId);
    expect(state?.lastError).toMatch(/500/);
    expect(state?.lastFetchedAt).toBeNull();
    expect(state?.itemsCount).toBe(0);
    // Backed off: twice its interval.
    expect(Date.parse(state!.nextPollAt!) - Date.parse(state!.lastErrorAt!)).toBeGreaterThan(590_000);
  });

  it('reads a source now when an admin asks, backoff or not; a disabled one is refused', async () => {
    fake.serve(
      '/now.xml',
      rssDocument({ title: 'Now', items: [{ id: 'a', title: 'First', link: 'https://n.example/a' }] }),
    );
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: admin });
    const added = await post('/api/Media/AddSource', {
      url: fake.url('/now.xml'),
      kind: 'news',
      language: 'en',
    });
    const id = added.json().id as number;
    await vi.waitFor(async () => expect((await stream(`?sourceId=${id}`)).items).toHaveLength(1), WAIT);
    // Not due for 300 s; read at once when asked.
    fake.serve(
      '/now.xml',
      rssDocument({
        title: 'Now',
        items: [
          { id: 'b', title: 'Second', link: 'https://n.example/b' },
          { id: 'a', title: 'First', link: 'https://n.example/a' },
        ],
      }),
    );
    expect((await post('/api/Media/ReadSourceNow', { id })).statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect((await stream(`?sourceId=${id}`)).items.map((i) => i.title)).toEqual(['Second', 'First']),
      WAIT,
    );
    const audits = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'admin.media.readSourceNow')
      .execute();
    expect(audits.length).toBeGreaterThanOrEqual(1);

    expect((await post('/api/Media/SetSourceEnabled', { id, enabled: false })).statusCode).toBe(200);
    const disabled = await post('/api/Media/ReadSourceNow', { id });
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().errors).toEqual({ id: ['订阅源已停用，请先启用'] });
    expect((await post('/api/Media/ReadSourceNow', { id: 999_999 })).statusCode).toBe(404);
  });

  it('stops polling when the app closes', async () => {
    await t.close();
    closed = true;
    expect(await t.app.mediaPoller.poll()).toEqual({ sources: [], newItemIds: [] });
  });
});
