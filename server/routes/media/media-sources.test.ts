import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AddMediaSourceRequest,
  mediaKeywordRuleList,
  mediaSourceList,
  opmlImportResult,
} from '#shared/schemas/media.ts';
import { loadKeywordRules, storeMediaItems } from '../../feeds/media-poller.ts';
import { PORTAL_OPML_NS } from '../../feeds/opml.ts';
import { childNamed, childrenNamed, parseXml } from '../../feeds/xml.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser } from '../../test/factories.ts';
import { signIn } from '../../test/sign-in.ts';

// Media monitoring's admin side through HTTP on both databases: sources with validation, their state and
// audit rows; deleting one with its items; enabling and disabling; the OPML export, imported into a fresh
// portal as the same list, and the import's refusals; keyword rules.

type Headers = { authorization: string };

function multipart(data: Buffer | string, filename = 'subscriptions.opml') {
  const boundary = '----media-test-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/x-opml\r\n\r\n`,
      ),
      Buffer.from(data),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A portal with an admin and a member signed in. */
async function portal(dialect: (typeof TEST_DIALECTS)[number]) {
  const t = await buildTestApp(dialect);
  const db = t.testDb.database.db;
  const a = await createUser(db, { roles: ['Admin'] });
  const m = await createUser(db, { roles: ['StandardUser'], memberDays: 30 });
  return {
    t,
    admin: (await signIn(t.app, a.email, a.password)).auth as Headers,
    member: (await signIn(t.app, m.email, m.password)).auth as Headers,
  };
}

describe.each(TEST_DIALECTS)('media sources and keyword rules on %s', (dialect) => {
  let t: TestApp;
  let admin: Headers;
  let member: Headers;
  const db = () => t.testDb.database.db;
  const get = (url: string, headers: Headers = admin, language = 'zh') =>
    t.app.inject({ url, headers: { ...headers, 'accept-language': language } });
  const post = (url: string, payload: object, headers: Headers = admin, language = 'zh') =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'accept-language': language } });
  const sources = async () => mediaSourceList.parse((await get('/api/Media/Sources')).json());
  /** The media audit rows after row `since` (see auditMark). */
  const auditActions = async (since: number) =>
    (
      await db()
        .selectFrom('audit_log')
        .select(['action', 'target_type', 'target_id', 'detail'])
        .where('action', 'like', 'admin.media.%')
        .where('id', '>', since)
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row, detail: row.detail ? JSON.parse(row.detail) : null }));
  const auditMark = async () =>
    (await db().selectFrom('audit_log').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst())?.id ??
    0;

  beforeAll(async () => {
    ({ t, admin, member } = await portal(dialect));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses bad sources with a message per field, in the caller’s language', async () => {
    const bad = await post('/api/Media/AddSource', {
      url: 'ftp://news.example/feed.xml',
      title: 'x'.repeat(201),
      kind: 'blog',
      language: 'fr',
      pollIntervalSeconds: 30,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      url: ['订阅源地址须为 http 或 https 网址'],
      title: ['名称不能超过200个字符'],
      kind: ['请选择类型：新闻、KOL、交易所公告或其他'],
      language: ['请选择语言：中文、英文或其他'],
      pollIntervalSeconds: ['抓取间隔须为60到86400秒之间的整数'],
    });
    const english = await post(
      '/api/Media/AddSource',
      {
        url: `https://news.example/${'a'.repeat(2_100)}`,
        kind: 'news',
        language: 'en',
        pollIntervalSeconds: 90_000,
      },
      admin,
      'en',
    );
    expect(english.statusCode).toBe(400);
    expect(english.json().errors).toEqual({
      url: ['The feed address cannot exceed 2,048 characters'],
      pollIntervalSeconds: ['The polling interval is a whole number of seconds from 60 to 86,400'],
    });
    const secret = await post(
      '/api/Media/AddSource',
      { url: 'https://reader:s3cret@news.example/private.xml', kind: 'news', language: 'en' },
      admin,
      'en',
    );
    expect(secret.json().errors).toEqual({ url: ['The feed address cannot hold a user name or password'] });
    for (const url of ['', 'javascript:alert(1)', 'news.example/feed', 'http://']) {
      const res = await post('/api/Media/AddSource', { url, kind: 'news', language: 'en' }, admin, 'en');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.url, url).toEqual([
        url === '' ? 'Enter the address of the feed' : 'The feed address must be an http or https address',
      ]);
    }
    // Members may read the stream but not manage sources.
    expect(
      (
        await post(
          '/api/Media/AddSource',
          { url: 'https://a.example/', kind: 'news', language: 'en' },
          member,
        )
      ).statusCode,
    ).toBe(403);
    expect(await sources()).toEqual([]);
  });

  it('adds, lists, updates, disables and deletes sources, each change audited', async () => {
    const mark = await auditMark();
    const before = Date.now();
    const added = await post('/api/Media/AddSource', {
      url: ' HTTPS://News.Example/feed.xml ',
      kind: 'news',
      language: 'en',
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as number;
    const [source] = await sources();
    expect(source).toMatchObject({
      id,
      // Written back normalized: scheme and host in lower case.
      url: 'https://news.example/feed.xml',
      title: '',
      kind: 'news',
      language: 'en',
      pollIntervalSeconds: 300,
      enabled: true,
      lastFetchedAt: null,
      lastNewItemAt: null,
      lastError: null,
      lastErrorAt: null,
      errorCount: 0,
      itemsCount: 0,
    });
    // Due at once.
    expect(Date.parse(source!.nextPollAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(source!.nextPollAt!)).toBeLessThanOrEqual(Date.now());

    const same = await post('/api/Media/AddSource', {
      url: 'https://news.example/feed.xml',
      kind: 'kol',
      language: 'zh',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().errors).toEqual({ url: ['已有该地址的订阅源'] });

    const other = (
      await post('/api/Media/AddSource', {
        url: 'https://kol.example/atom',
        title: '链上观察',
        kind: 'kol',
        language: 'zh',
        pollIntervalSeconds: 900,
        enabled: false,
      })
    ).json().id as number;
    const moved = await post('/api/Media/UpdateSource', {
      id,
      url: 'https://kol.example/atom',
      kind: 'news',
      language: 'en',
    });
    expect(moved.statusCode).toBe(409);
    const updated = await post('/api/Media/UpdateSource', {
      id,
      url: 'https://news.example/rss',
      title: 'News Example',
      kind: 'exchange',
      language: 'other',
      pollIntervalSeconds: 3600,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await sources()).toMatchObject([
      {
        id,
        url: 'https://news.example/rss',
        title: 'News Example',
        kind: 'exchange',
        language: 'other',
        pollIntervalSeconds: 3600,
        enabled: true,
      },
      { id: other, title: '链上观察', enabled: false, nextPollAt: null, pollIntervalSeconds: 900 },
    ]);
    expect(
      (
        await post('/api/Media/UpdateSource', {
          id: 999_999,
          url: 'https://x.example/',
          kind: 'news',
          language: 'en',
        })
      ).statusCode,
    ).toBe(404);

    expect((await post('/api/Media/SetSourceEnabled', { id: other, enabled: true })).statusCode).toBe(200);
    expect((await post('/api/Media/SetSourceEnabled', { id, enabled: false })).statusCode).toBe(200);
    expect((await sources()).map((s) => [s.id, s.enabled])).toEqual([
      [id, false],
      [other, true],
    ]);
    const missing = await post('/api/Media/SetSourceEnabled', { id: 999_999, enabled: true }, admin, 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual({ id: ['No such source'] });

    // Deleting a source deletes its items and their tags.
    await post('/api/Media/AddKeywordRule', { keyword: 'bitcoin', tag: 'btc' });
    await db()
      .transaction()
      .execute(async (trx) =>
        storeMediaItems(
          trx,
          { id: other, language: 'zh' },
          [
            { key: 'a', title: 'Bitcoin up', link: 'https://kol.example/a' },
            { key: 'b', title: 'Ether down', link: 'https://kol.example/b' },
          ],
          await loadKeywordRules(trx),
          Date.now(),
        ),
      );
    expect((await sources()).find((s) => s.id === other)?.itemsCount).toBe(2);
    expect((await post('/api/Media/DeleteSource', { id: other })).statusCode).toBe(200);
    expect((await sources()).map((s) => s.id)).toEqual([id]);
    const left = await db().selectFrom('media_items').select('id').where('source_id', '=', other).execute();
    expect(left).toEqual([]);
    expect(await db().selectFrom('media_item_tags').selectAll().execute()).toEqual([]);
    expect((await post('/api/Media/DeleteSource', { id: other })).statusCode).toBe(404);

    const audit = await auditActions(mark);
    expect(audit.map((a) => [a.action, a.target_type, a.target_id])).toEqual([
      ['admin.media.addSource', 'mediaSource', String(id)],
      ['admin.media.addSource', 'mediaSource', String(other)],
      ['admin.media.updateSource', 'mediaSource', String(id)],
      ['admin.media.enableSource', 'mediaSource', String(other)],
      ['admin.media.disableSource', 'mediaSource', String(id)],
      ['admin.media.addKeywordRule', 'mediaKeywordRule', expect.any(String)],
      ['admin.media.deleteSource', 'mediaSource', String(other)],
    ]);
    expect(audit.at(-1)?.detail).toEqual({ url: 'https://kol.example/atom', items: 2 });
    await db().deleteFrom('media_sources').execute();
    await db().deleteFrom('media_keyword_rules').execute();
  });

  it('manages keyword rules: validation, duplicates, updates and deletion, audited', async () => {
    const mark = await auditMark();
    const bad = await post('/api/Media/AddKeywordRule', { keyword: '  ', tag: 'x'.repeat(31) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ keyword: ['请输入关键词'], tag: ['标签不能超过30个字符'] });
    const missing = await post('/api/Media/AddKeywordRule', {}, admin, 'en');
    expect(missing.json().errors).toEqual({ keyword: ['Enter a keyword or phrase'], tag: ['Enter a tag'] });

    const etf = (
      await post('/api/Media/AddKeywordRule', { keyword: 'spot ETF', tag: 'etf', important: true })
    ).json().id as number;
    const btc = (await post('/api/Media/AddKeywordRule', { keyword: '比特币', tag: 'btc' })).json()
      .id as number;
    // The same keyword as the poller matches it (any case and width) with the same tag.
    const twice = await post('/api/Media/AddKeywordRule', { keyword: 'ＳＰＯＴ etf', tag: 'etf' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ keyword: ['已有相同关键词和标签的规则'] });
    // Another tag for it is another rule.
    expect(
      (await post('/api/Media/AddKeywordRule', { keyword: 'spot etf', tag: 'regulation' })).statusCode,
    ).toBe(200);

    expect(
      (await post('/api/Media/UpdateKeywordRule', { id: btc, keyword: 'spot ETF', tag: 'etf' })).statusCode,
    ).toBe(409);
    expect(
      (
        await post('/api/Media/UpdateKeywordRule', {
          id: btc,
          keyword: '比特币 ETF',
          tag: 'btc',
          important: true,
        })
      ).statusCode,
    ).toBe(200);
    // Saving a rule as it is is not a duplicate of itself.
    expect(
      (
        await post('/api/Media/UpdateKeywordRule', {
          id: etf,
          keyword: 'spot ETF',
          tag: 'etf',
          important: true,
        })
      ).statusCode,
    ).toBe(200);
    const rules = mediaKeywordRuleList.parse((await get('/api/Media/KeywordRules')).json());
    expect(rules.map(({ keyword, tag, important }) => ({ keyword, tag, important }))).toEqual([
      { keyword: 'spot ETF', tag: 'etf', important: true },
      { keyword: '比特币 ETF', tag: 'btc', important: true },
      { keyword: 'spot etf', tag: 'regulation', important: false },
    ]);

    expect((await post('/api/Media/DeleteKeywordRule', { id: btc })).statusCode).toBe(200);
    const gone = await post('/api/Media/DeleteKeywordRule', { id: btc }, admin, 'en');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors).toEqual({ id: ['No such keyword rule'] });
    expect((await post('/api/Media/UpdateKeywordRule', { id: btc, keyword: 'x', tag: 'y' })).statusCode).toBe(
      404,
    );
    expect((await get('/api/Media/KeywordRules', member)).statusCode).toBe(403);

    const audit = (await auditActions(mark)).filter((a) => a.target_type === 'mediaKeywordRule');
    expect(audit.map((a) => [a.action, a.target_id])).toEqual([
      ['admin.media.addKeywordRule', String(etf)],
      ['admin.media.addKeywordRule', String(btc)],
      ['admin.media.addKeywordRule', expect.any(String)],
      ['admin.media.updateKeywordRule', String(btc)],
      ['admin.media.updateKeywordRule', String(etf)],
      ['admin.media.deleteKeywordRule', String(btc)],
    ]);
    expect(audit.at(-1)?.detail).toEqual({ keyword: '比特币 ETF', tag: 'btc' });
    await db().deleteFrom('media_keyword_rules').execute();
  });

  it('exports OPML 2.0 that a fresh portal imports as the same sources', async () => {
    const list: AddMediaSourceRequest[] = [
      { url: 'https://news.example/rss', title: 'News & "Views" <daily>', kind: 'news', language: 'en' },
      {
        url: 'https://kol.example/atom?token=a&b=c',
        title: '链上观察\t周报',
        kind: 'kol',
        language: 'zh',
        pollIntervalSeconds: 900,
      },
      {
        url: 'http://exchange.example/announcements.json',
        kind: 'exchange',
        language: 'other',
        enabled: false,
      },
      {
        url: 'https://misc.example/feed',
        title: 'Misc',
        kind: 'other',
        language: 'en',
        pollIntervalSeconds: 86_400,
      },
    ];
    for (const source of list) expect((await post('/api/Media/AddSource', source)).statusCode).toBe(200);
    const exported = await get('/api/Media/ExportOpml');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/x-opml; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="media-sources-\d{4}-\d{2}-\d{2}\.opml"$/,
    );
    expect((await get('/api/Media/ExportOpml', member)).statusCode).toBe(403);

    // A well-formed OPML 2.0 document: head with a title and date, an rss outline per source.
    const root = parseXml(exported.body);
    expect([root.local, root.attrs.get('version')]).toEqual(['opml', '2.0']);
    const head = childNamed(root, '', 'head')!;
    expect(childNamed(head, '', 'title')).toBeDefined();
    expect(Number.isNaN(Date.parse(String(childNamed(head, '', 'dateCreated')?.children[0])))).toBe(false);
    const outlines = childrenNamed(childNamed(root, '', 'body')!, '', 'outline');
    expect(
      outlines.map((o) => [
        o.attrs.get('type'),
        o.attrs.get('text'),
        o.attrs.get('xmlUrl'),
        o.attrs.get('language'),
      ]),
    ).toEqual([
      ['rss', 'News & "Views" <daily>', 'https://news.example/rss', 'en'],
      ['rss', '链上观察\t周报', 'https://kol.example/atom?token=a&b=c', 'zh'],
      [
        'rss',
        'http://exchange.example/announcements.json',
        'http://exchange.example/announcements.json',
        undefined,
      ],
      ['rss', 'Misc', 'https://misc.example/feed', 'en'],
    ]);
    expect(root.attrs.get('xmlns:portal')).toBe(PORTAL_OPML_NS);

    const fresh = await portal(dialect);
    try {
      const upload = multipart(exported.rawPayload);
      const imported = await fresh.t.app.inject({
        method: 'POST',
        url: '/api/Media/ImportOpmlFile',
        payload: upload.payload,
        headers: { ...fresh.admin, 'content-type': upload.contentType },
      });
      expect(imported.statusCode, imported.body).toBe(200);
      const result = opmlImportResult.parse(imported.json());
      expect(result.added.map((a) => a.url)).toEqual(list.map((s) => s.url));
      expect(result.skipped).toEqual([]);
      expect(result.invalid).toEqual([]);
      const shape = (s: {
        url: string;
        title: string;
        kind: string;
        language: string;
        pollIntervalSeconds: number;
        enabled: boolean;
      }) => ({
        url: s.url,
        title: s.title,
        kind: s.kind,
        language: s.language,
        pollIntervalSeconds: s.pollIntervalSeconds,
        enabled: s.enabled,
      });
      const theirs = mediaSourceList.parse(
        (await fresh.t.app.inject({ url: '/api/Media/Sources', headers: fresh.admin })).json(),
      );
      expect(theirs.map(shape)).toEqual((await sources()).map(shape));

      // Imported again: every address is a source already.
      const again = opmlImportResult.parse(
        (
          await fresh.t.app.inject({
            method: 'POST',
            url: '/api/Media/ImportOpml',
            payload: { opml: exported.body },
            headers: fresh.admin,
          })
        ).json(),
      );
      expect(again.added).toEqual([]);
      expect(again.skipped).toEqual(list.map((s) => ({ url: s.url, reason: 'exists' })));
      const audit = await fresh.t.testDb.database.db
        .selectFrom('audit_log')
        .select(['action', 'detail'])
        .where('action', '=', 'admin.media.importSources')
        .orderBy('id')
        .execute();
      expect(audit.map((a) => JSON.parse(a.detail!))).toEqual([
        { added: 4, skipped: 0, invalid: 0, ids: result.added.map((a) => a.id) },
        { added: 0, skipped: 4, invalid: 0, ids: [] },
      ]);
    } finally {
      await fresh.t.close();
    }
    await db().deleteFrom('media_sources').execute();
  });

  it('imports an OPML list of another reader: folders, duplicates and addresses that cannot be sources', async () => {
    await post('/api/Media/AddSource', { url: 'https://known.example/rss', kind: 'news', language: 'en' });
    const opml = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<opml version="1.0">
  <head><title>Reader export</title></head>
  <body>
    <outline text="Crypto">
      <outline type="rss" text="CoinDesk" title="CoinDesk" xmlUrl="https://www.coindesk.example/arc/outboundfeeds/rss/" htmlUrl="https://www.coindesk.example/" language="en-US"/>
      <outline type="rss" text="金色财经" xmlUrl="https://jinse.example/rss" language="zh-CN"/>
      <outline type="rss" text="CoinDesk again" xmlUrl="HTTPS://www.coindesk.example/arc/outboundfeeds/rss/"/>
    </outline>
    <outline type="rss" text="Known" xmlUrl="https://known.example/rss"/>
    <outline type="rss" text="Gopher" xmlUrl="gopher://old.example/feed"/>
    <outline type="rss" text="Script" xmlUrl="javascript:alert(1)"/>
    <outline type="rss" text="Blank" xmlUrl="  "/>
    <outline type="rss" text="Private" xmlUrl="https://me:pw@private.example/rss"/>
    <outline type="link" text="A page" url="https://page.example/"/>
  </body>
</opml>`;
    const res = await post('/api/Media/ImportOpml', { opml });
    expect(res.statusCode, res.body).toBe(200);
    const result = opmlImportResult.parse(res.json());
    expect(result.added.map(({ url, title }) => ({ url, title }))).toEqual([
      { url: 'https://www.coindesk.example/arc/outboundfeeds/rss/', title: 'CoinDesk' },
      { url: 'https://jinse.example/rss', title: '金色财经' },
    ]);
    expect(result.skipped).toEqual([
      { url: 'https://www.coindesk.example/arc/outboundfeeds/rss/', reason: 'duplicate' },
      { url: 'https://known.example/rss', reason: 'exists' },
    ]);
    expect(result.invalid).toEqual([
      { url: 'gopher://old.example/feed', title: 'Gopher', reason: 'mediaUrlInvalid' },
      { url: 'javascript:alert(1)', title: 'Script', reason: 'mediaUrlInvalid' },
      { url: '  ', title: 'Blank', reason: 'mediaUrlRequired' },
      { url: 'https://me:pw@private.example/rss', title: 'Private', reason: 'mediaUrlCredentials' },
    ]);
    // What the list does not say is filled in: languages from their tags, kind other, the default interval.
    expect(
      (await sources())
        .filter((s) => s.url !== 'https://known.example/rss')
        .map((s) => [s.title, s.kind, s.language, s.pollIntervalSeconds, s.enabled]),
    ).toEqual([
      ['CoinDesk', 'other', 'en', 300, true],
      ['金色财经', 'other', 'zh', 300, true],
    ]);
    await db().deleteFrom('media_sources').execute();
  });

  it('refuses what is not OPML, too large or too long, with a clear message', async () => {
    const upload = async (data: Buffer | string, language = 'zh') => {
      const body = multipart(data);
      return t.app.inject({
        method: 'POST',
        url: '/api/Media/ImportOpmlFile',
        payload: body.payload,
        headers: { ...admin, 'content-type': body.contentType, 'accept-language': language },
      });
    };
    const rss = await upload(
      '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>',
    );
    expect(rss.statusCode).toBe(400);
    expect(rss.json().errors).toEqual({ file: ['这不是 OPML 文件：根元素须为 <opml>，且包含 <body>'] });
    const html = await upload('<!doctype html><html><body><p>Hello</body></html>', 'en');
    expect(html.statusCode).toBe(400);
    expect(html.json().errors).toEqual({
      file: ['The file is not a valid OPML document: it is not well-formed XML'],
    });
    const png = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    expect(png.statusCode).toBe(400);
    expect(png.json().errors).toEqual({ file: ['文件不是有效的 OPML：它不是格式正确的 XML'] });
    // No DTD: an entity declaration is refused, never expanded.
    const entities = await upload(
      '<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY a "aaaaaaaaaa">]><opml version="2.0"><head/><body><outline text="&a;" xmlUrl="https://a.example/"/></body></opml>',
    );
    expect(entities.statusCode).toBe(400);
    expect(entities.json().errors.file).toEqual(['文件不是有效的 OPML：它不是格式正确的 XML']);
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);

    const huge = await upload(
      `<opml version="2.0"><head/><body>${' '.repeat(1_000_001)}</body></opml>`,
      'en',
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errors).toEqual({ file: ['The OPML file is larger than 1 MB.'] });
    const longText = await post('/api/Media/ImportOpml', { opml: 'x'.repeat(1_000_001) }, admin, 'en');
    expect(longText.statusCode).toBe(400);
    expect(longText.json().errors).toEqual({ opml: ['The OPML file is larger than 1 MB.'] });
    const many = Array.from(
      { length: 1_001 },
      (_, i) => `<outline type="rss" text="f${i}" xmlUrl="https://f.example/${i}"/>`,
    );
    const tooMany = await post(
      '/api/Media/ImportOpml',
      { opml: `<opml version="2.0"><head/><body>${many.join('')}</body></opml>` },
      admin,
      'en',
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ opml: ['The OPML file lists more than 1,000 feeds'] });
    const none = await post('/api/Media/ImportOpml', { opml: '' }, admin, 'en');
    expect(none.json().errors).toEqual({ opml: ['Provide an OPML file'] });
    // Nothing was added by any of them.
    expect(await sources()).toEqual([]);
  });
});
