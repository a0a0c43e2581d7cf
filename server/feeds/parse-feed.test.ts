import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFetch } from '../net/safe-fetch.ts';
import { atomDocument, FeedFake, jsonFeedDocument, rssDocument } from '../test/feed-fake.ts';
import { FeedRejected, type FeedRejectedReason, parseFeed } from './parse-feed.ts';

const FEED_URL = 'https://news.example/feeds/main.xml';
const parse = (body: string | Buffer, contentType = 'application/rss+xml', url = FEED_URL) =>
  parseFeed(Buffer.isBuffer(body) ? body : Buffer.from(body), contentType, url);

/** The reason a document is refused for (and a failure if it is not). */
function refusal(
  body: string | Buffer,
  contentType?: string,
): { reason: FeedRejectedReason; message: string } {
  try {
    parse(body, contentType);
  } catch (error) {
    expect(error).toBeInstanceOf(FeedRejected);
    return { reason: (error as FeedRejected).reason, message: (error as FeedRejected).message };
  }
  throw new Error('the document was accepted');
}

const SCRIPTED = '<p>Funds moved</p><script>alert(document.cookie)</script><img src=x onerror="alert(1)">';

describe('reading feeds', () => {
  it('reads RSS 2.0: guid or link as the key, HTML kept as a string, dates, language, relative links', () => {
    const feed = parse(`<?xml version="1.0" encoding="UTF-8"?>
      <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
           xmlns:dc="http://purl.org/dc/elements/1.1/">
        <channel>
          <title>Chain  News</title><link>https://news.example/</link><language>zh-cn</language>
          <item>
            <title>Whale moves 5,000 BTC</title>
            <link>/2025/03/whale</link>
            <guid isPermaLink="false">  news-42  </guid>
            <description><![CDATA[${SCRIPTED}]]></description>
            <pubDate>Sat, 01 Mar 2025 16:45:00 +0800</pubDate>
          </item>
          <item>
            <title>AT&amp;T &#x6BD4;&#29305;&#x5E01;</title>
            <link>https://news.example/2025/03/second</link>
            <content:encoded>&lt;p&gt;Full &amp;amp; escaped&lt;/p&gt;</content:encoded>
            <dc:date>2025-03-02T10:00:00Z</dc:date>
            <dc:language>en</dc:language>
          </item>
          <item><guid>https://news.example/permalink/3</guid><title>Permalink only</title></item>
          <item><title>Neither guid nor link: nothing to deduplicate it by</title></item>
        </channel>
      </rss>`);
    expect(feed.format).toBe('rss');
    expect(feed.title).toBe('Chain News');
    expect(feed.items).toEqual([
      {
        key: 'news-42',
        guid: 'news-42',
        link: 'https://news.example/2025/03/whale',
        title: 'Whale moves 5,000 BTC',
        summaryHtml: SCRIPTED,
        summaryText: 'Funds moved',
        publishedAt: Date.UTC(2025, 2, 1, 8, 45),
        language: 'zh-cn',
      },
      {
        key: 'https://news.example/2025/03/second',
        link: 'https://news.example/2025/03/second',
        title: 'AT&T 比特币',
        summaryHtml: '<p>Full &amp; escaped</p>',
        summaryText: 'Full & escaped',
        publishedAt: Date.UTC(2025, 2, 2, 10),
        language: 'en',
      },
      {
        key: 'https://news.example/permalink/3',
        guid: 'https://news.example/permalink/3',
        link: 'https://news.example/permalink/3',
        title: 'Permalink only',
        language: 'zh-cn',
      },
    ]);
  });

  it('keeps a script in item HTML as inert text for the sanitizer, and out of the plain text', () => {
    const [item] = parse(
      rssDocument({
        title: 'x',
        items: [{ id: 'a', title: 'Alert', link: 'https://n.example/a', html: SCRIPTED }],
      }).body,
    ).items;
    // Exactly the string the feed sent: nothing here parsed it into a document or ran it.
    expect(item!.summaryHtml).toBe(SCRIPTED);
    expect(item!.summaryText).toBe('Funds moved');
    expect(item!.summaryText).not.toContain('alert');
  });

  it('keeps the first of items that share a key, and drops links that are not http(s)', () => {
    const feed = parse(`<rss version="2.0"><channel><title>t</title>
      <item><guid>same</guid><title>First</title></item>
      <item><guid>same</guid><title>Second copy</title></item>
      <item><link>https://news.example/a</link><title>By link</title></item>
      <item><link>https://news.example/a</link><title>By link again</title></item>
      <item><guid>js</guid><link>javascript:alert(1)</link><title>Script link</title></item>
      <item><guid>data</guid><link>data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;</link><title>Data link</title></item>
      <item><guid>mail</guid><link>mailto:a@b.example</link><title>Mail link</title></item>
      <item><link>ftp://news.example/file</link><title>No key left</title></item>
      <item><guid>rel</guid><link>../other/page?id=1#top</link><title>Relative</title></item>
    </channel></rss>`);
    expect(feed.items.map((i) => [i.key, i.title, i.link])).toEqual([
      ['same', 'First', undefined],
      ['https://news.example/a', 'By link', 'https://news.example/a'],
      ['js', 'Script link', undefined],
      ['data', 'Data link', undefined],
      ['mail', 'Mail link', undefined],
      ['rel', 'Relative', 'https://news.example/other/page?id=1#top'],
    ]);
  });

  it('reads Atom: id, alternate link under xml:base, text, HTML and XHTML constructs, xml:lang', () => {
    const feed = parse(
      `<?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en" xml:base="https://blog.example/en/">
        <title type="html">Desk &lt;b&gt;notes&lt;/b&gt;</title>
        <entry>
          <id>tag:blog.example,2025:1</id>
          <title>Funding turns negative</title>
          <link rel="edit" href="https://blog.example/api/1"/>
          <link rel="alternate" type="text/html" href="posts/1"/>
          <summary type="html">&lt;p&gt;Shorts pay longs.&lt;/p&gt;&lt;script&gt;steal()&lt;/script&gt;</summary>
          <published>2025-03-01T08:00:00Z</published>
          <updated>2025-03-02T08:00:00Z</updated>
        </entry>
        <entry xml:lang="zh" xml:base="/zh/">
          <id>tag:blog.example,2025:2</id>
          <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">资金<b>费率</b></div></title>
          <link href="posts/2"/>
          <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>多头<br/>付费 &amp; 空头</p></div></content>
          <updated>2025-03-03T08:00:00Z</updated>
        </entry>
        <entry>
          <id>tag:blog.example,2025:3</id>
          <title>Plain</title>
          <summary>  Just   text &lt;not a tag&gt; </summary>
        </entry>
      </feed>`,
      'application/atom+xml',
    );
    expect(feed.format).toBe('atom');
    expect(feed.title).toBe('Desk notes');
    expect(feed.items).toEqual([
      {
        key: 'tag:blog.example,2025:1',
        guid: 'tag:blog.example,2025:1',
        link: 'https://blog.example/en/posts/1',
        title: 'Funding turns negative',
        summaryHtml: '<p>Shorts pay longs.</p><script>steal()</script>',
        summaryText: 'Shorts pay longs.',
        publishedAt: Date.UTC(2025, 2, 1, 8),
        language: 'en',
      },
      {
        key: 'tag:blog.example,2025:2',
        guid: 'tag:blog.example,2025:2',
        link: 'https://blog.example/zh/posts/2',
        title: '资金费率',
        summaryHtml: '<p>多头<br />付费 &amp; 空头</p>',
        summaryText: '多头 付费 & 空头',
        publishedAt: Date.UTC(2025, 2, 3, 8),
        language: 'zh',
      },
      {
        key: 'tag:blog.example,2025:3',
        guid: 'tag:blog.example,2025:3',
        title: 'Plain',
        summaryText: 'Just text <not a tag>',
        language: 'en',
      },
    ]);
  });

  it('reads RSS 1.0 (RDF)', () => {
    const feed = parse(`<?xml version="1.0"?>
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
               xmlns:dc="http://purl.org/dc/elements/1.1/">
        <channel rdf:about="https://old.example/"><title>Old school</title><dc:language>ja</dc:language></channel>
        <item rdf:about="https://old.example/1">
          <title>First</title><link>https://old.example/1</link>
          <description>Plain description</description><dc:date>2025-01-05T00:00:00+09:00</dc:date>
        </item>
      </rdf:RDF>`);
    expect(feed).toEqual({
      format: 'rdf',
      title: 'Old school',
      items: [
        {
          key: 'https://old.example/1',
          guid: 'https://old.example/1',
          link: 'https://old.example/1',
          title: 'First',
          summaryHtml: 'Plain description',
          summaryText: 'Plain description',
          publishedAt: Date.UTC(2025, 0, 4, 15),
          language: 'ja',
        },
      ],
    });
  });

  it('reads JSON Feed 1.1 and 1.0', () => {
    const feed = parse(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'Desk',
        language: 'en-US',
        items: [
          {
            id: 'j-1',
            url: '/j/1',
            title: 'Open interest',
            content_html: `<p>Rising</p>${SCRIPTED}`,
            date_published: '2025-03-01T08:00:00Z',
            language: 'zh',
          },
          {
            id: 2,
            url: 'https://desk.example/j/2',
            summary: 'Numeric id, no title',
            content_text: 'Long text',
          },
          { id: '', external_url: 'https://elsewhere.example/story', title: 'Link post' },
          { title: 'No id or link' },
          'not an object',
        ],
      }),
      'application/feed+json',
    );
    expect(feed.format).toBe('json');
    expect(feed.title).toBe('Desk');
    expect(feed.items).toEqual([
      {
        key: 'j-1',
        guid: 'j-1',
        link: 'https://news.example/j/1',
        title: 'Open interest',
        summaryHtml: `<p>Rising</p>${SCRIPTED}`,
        summaryText: 'Rising Funds moved',
        publishedAt: Date.UTC(2025, 2, 1, 8),
        language: 'zh',
      },
      {
        key: '2',
        guid: '2',
        link: 'https://desk.example/j/2',
        title: 'Numeric id, no title',
        summaryText: 'Numeric id, no title',
        language: 'en-US',
      },
      {
        key: 'https://elsewhere.example/story',
        link: 'https://elsewhere.example/story',
        title: 'Link post',
        language: 'en-US',
      },
    ]);
    const old = parse(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1',
        title: 'Old',
        items: [{ id: 'a', url: 'https://o.example/a' }],
      }),
      'application/json',
    );
    expect(old.items.map((i) => i.key)).toEqual(['a']);
  });

  it('decodes the declared or served charset when it is not UTF-8', () => {
    const gbk = (head: string, title: number[]) =>
      Buffer.concat([
        Buffer.from(`${head}<rss version="2.0"><channel><title>`),
        Buffer.from(title),
        Buffer.from('</title><item><guid>1</guid><title>'),
        Buffer.from(title),
        Buffer.from('</title></item></channel></rss>'),
      ]);
    const bitcoin = [0xb1, 0xc8, 0xcc, 0xd8, 0xb1, 0xd2];
    // Declared in the document.
    const declared = parse(gbk('<?xml version="1.0" encoding="GBK"?>', bitcoin), 'text/xml');
    expect(declared.title).toBe('比特币');
    expect(declared.items[0]!.title).toBe('比特币');
    // Given by the server.
    expect(parse(gbk('', bitcoin), 'application/rss+xml; charset=gb2312').title).toBe('比特币');
    // The server says UTF-8, the bytes cannot be: the document's own declaration is believed.
    expect(parse(gbk('<?xml version="1.0" encoding="gbk"?>', bitcoin), 'text/xml; charset=utf-8').title).toBe(
      '比特币',
    );
    const latin = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Caf'),
      Buffer.from([0xe9]),
      Buffer.from('</title></channel></rss>'),
    ]);
    expect(parse(latin).title).toBe('Café');
    // A byte order mark decides over everything else.
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-16"?><rss version="2.0"><channel><title>行情</title></channel></rss>',
        'utf16le',
      ),
    ]);
    expect(parse(utf16, 'text/xml; charset=iso-8859-1').title).toBe('行情');
  });

  it('refuses what is not a feed, saying why', () => {
    expect(refusal('').reason).toBe('empty');
    expect(refusal(' \n\t ').reason).toBe('empty');
    expect(refusal('<!doctype html><html><body><p>Sign in</p></body></html>', 'text/html').reason).toBe(
      'html',
    );
    // An HTML page served under a feed's type is still a page.
    expect(refusal('<!-- cdn --><html lang="en"><head><title>x</title></head></html>').reason).toBe('html');
    expect(refusal('<p>Server error<br></p>', 'text/html; charset=utf-8').reason).toBe('html');
    const broken = refusal(
      '<rss version="2.0"><channel><title>x</title><item><title>open</item></channel></rss>',
    );
    expect(broken).toEqual({
      reason: 'malformed',
      // saxes's words, after the line and column.
      message: 'not well-formed XML: 1:68: unexpected close tag.',
    });
    for (const body of [
      '<rss version="2.0"><channel><title>x</title></channel>',
      '<rss version="2.0"><channel><title>Fish & chips</title></channel></rss>',
      '<rss version="2.0"><channel><title>&nbsp;</title></channel></rss>',
      '<rss version="2.0" a="1" a="2"><channel/></rss>',
      '<rss version=2.0><channel/></rss>',
      '<rss version="2.0"><channel/></rss><rss/>',
      '<x:rss><channel/></x:rss>',
      // Characters XML does not allow, even unescaped: a control character, "]]>" outside CDATA.
      '<rss version="2.0"><channel><title>a\u000bb</title></channel></rss>',
      '<rss version="2.0"><channel><title>a]]>b</title></channel></rss>',
      '<rss version="2.0"><channel><title>&#0;</title></channel></rss>',
      `${'<x>'.repeat(300)}${'</x>'.repeat(300)}`,
      'Plain text, no markup',
      '{"version": "https://jsonfeed.org/version/1.1", "items": [',
    ]) {
      expect(refusal(body).reason, body).toBe('malformed');
    }
    expect(refusal('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')).toEqual({
      reason: 'not-a-feed',
      message: '<svg> is not a feed',
    });
    expect(refusal('<rss version="2.0"><title>no channel</title></rss>').reason).toBe('not-a-feed');
    expect(refusal('{"name": "not a feed"}', 'application/json').reason).toBe('not-a-feed');
  });

  it('refuses entity declarations at once instead of expanding them', () => {
    const laughs = `<?xml version="1.0"?>
      <!DOCTYPE rss [
        <!ENTITY lol "lol">
        <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
      ]>
      <rss version="2.0"><channel><title>&lol3;</title></channel></rss>`;
    expect(refusal(laughs)).toEqual({
      reason: 'malformed',
      message: expect.stringContaining('document type'),
    });
    const xxe =
      '<!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss><channel><title>&x;</title></channel></rss>';
    expect(refusal(xxe).reason).toBe('malformed');
    // An external document type alone (old RSS 0.91) is read; the entities it would define stay as written.
    const netscape = parse(`<?xml version="1.0"?>
      <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
      <rss version="0.91"><channel><title>Old&nbsp;feed</title></channel></rss>`);
    expect(netscape.title).toBe('Old&nbsp;feed');
    // A bracket inside the quoted identifiers opens no subset; a name that is no name is still refused.
    expect(
      parse(`<!DOCTYPE rss SYSTEM "https://dtd.example/[rss].dtd">
      <rss version="0.91"><channel><title>A&amp;B&#xE9;&copy;</title></channel></rss>`).title,
    ).toBe('A&Bé&copy;');
    expect(
      refusal('<!DOCTYPE rss><rss version="0.91"><channel><title>a & b;</title></channel></rss>').reason,
    ).toBe('malformed');
  });

  it('reads CDATA, comments and a stylesheet instruction around the feed', () => {
    const feed = parse(`<?xml version="1.0" encoding="UTF-8"?>
      <?xml-stylesheet type="text/xsl" href="/rss.xsl"?>
      <!-- generated -->
      <rss version="2.0"><channel><title><![CDATA[<b>a]]b</b>]]> &amp; more</title></channel></rss>
      <!-- 12 ms -->`);
    expect(feed.title).toBe('<b>a]]b</b> & more');
  });

  describe('fetched from a feed server', () => {
    let fake: FeedFake;
    const options = {
      protocols: ['http:', 'https:'] as const,
      allowLoopback: true,
      maxBytes: 1 << 20,
      timeoutMs: 10_000,
    };
    const items = [
      { id: 'a-1', title: 'Whale alert', link: '/news/1', html: SCRIPTED, publishedAt: Date.UTC(2025, 2, 1) },
    ];

    beforeAll(async () => {
      fake = new FeedFake();
      await fake.start();
    });
    afterAll(async () => {
      await fake?.stop();
    });

    it('resolves relative links against the address the feed was answered from, in every format', async () => {
      fake.serve('/moved/rss.xml', rssDocument({ title: 'R', items }));
      fake.serve('/moved/atom.xml', atomDocument({ title: 'A', items }));
      fake.serve('/moved/feed.json', jsonFeedDocument({ title: 'J', items }));
      for (const name of ['rss.xml', 'atom.xml', 'feed.json']) {
        const answer = await safeFetch(fake.url(`/hops/2/moved/${name}`), options);
        const feed = parseFeed(answer.body, answer.contentType, answer.url);
        expect(feed.items, name).toEqual([
          {
            key: 'a-1',
            guid: 'a-1',
            link: fake.url('/news/1'),
            title: 'Whale alert',
            summaryHtml: SCRIPTED,
            summaryText: 'Funds moved',
            publishedAt: Date.UTC(2025, 2, 1),
          },
        ]);
      }
    });

    it('refuses the malformed document and the HTML page it serves', async () => {
      for (const [path, reason] of [
        ['/malformed.xml', 'malformed'],
        ['/page.html', 'html'],
      ] as const) {
        const answer = await safeFetch(fake.url(path), options);
        expect(() => parseFeed(answer.body, answer.contentType, answer.url), path).toThrow(
          expect.objectContaining({ reason }),
        );
      }
    });
  });
});
