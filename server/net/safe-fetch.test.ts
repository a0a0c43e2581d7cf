import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedFake, HUGE_FEED_BYTES, rssDocument } from '../test/feed-fake.ts';
import { isAllowedAddress, SafeFetchError, type SafeFetchOptions, safeFetch } from './safe-fetch.ts';

// Fetches from elsewhere reach public addresses only, within a deadline and a size cap, following a few
// redirects that are checked like the first address; proved against a real HTTP server on the loopback.
describe('safe fetch', () => {
  let fake: FeedFake;
  const feed = rssDocument({
    title: 'Chain news',
    items: [{ id: 'n-1', title: 'Bitcoin moves', link: 'https://news.example/1' }],
  });
  // Loopback allowed: the fake lives there.
  const loopback: SafeFetchOptions = {
    protocols: ['http:', 'https:'],
    allowLoopback: true,
    maxBytes: 1024 * 1024,
    timeoutMs: 10_000,
  };
  const strict: SafeFetchOptions = {
    protocols: ['http:', 'https:'],
    maxBytes: 1024 * 1024,
    timeoutMs: 10_000,
  };

  /** The error a fetch fails with (and a failure if it does not fail). */
  const failure = async (url: string, options: SafeFetchOptions): Promise<SafeFetchError> => {
    const error = await safeFetch(url, options).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, url).toBeInstanceOf(SafeFetchError);
    return error as SafeFetchError;
  };

  beforeAll(async () => {
    fake = new FeedFake();
    await fake.start();
  });
  afterAll(async () => {
    await fake?.stop();
  });

  it('answers 200 with the body and its validators, then 304 without a body when the ETag still matches', async () => {
    const served = fake.serve('/etag.xml', feed, { lastModified: null });
    const first = await safeFetch(fake.url('/etag.xml'), loopback);
    expect(first).toMatchObject({ status: 200, url: fake.url('/etag.xml'), etag: served.etag });
    expect(first.contentType).toBe('application/rss+xml; charset=utf-8');
    expect(first.lastModified).toBeUndefined();
    expect(first.body.toString()).toBe(feed.body);

    const again = await safeFetch(fake.url('/etag.xml'), {
      ...loopback,
      headers: { 'if-none-match': first.etag! },
    });
    expect(again).toMatchObject({ status: 304, etag: served.etag });
    expect(again.body).toHaveLength(0);

    // A changed document has a new ETag, so the same request gets it whole.
    const changed = rssDocument({ title: 'Chain news', items: [] });
    fake.serve('/etag.xml', changed, { lastModified: null });
    const fresh = await safeFetch(fake.url('/etag.xml'), {
      ...loopback,
      headers: { 'if-none-match': first.etag! },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.toString()).toBe(changed.body);

    const asked = fake.requestsTo('/etag.xml');
    expect(asked.map((r) => r.status)).toEqual([200, 304, 200]);
    expect(asked[1]!.headers['if-none-match']).toBe(served.etag);
  });

  it('answers 304 by Last-Modified when the copy is not older, 200 when it is', async () => {
    const served = fake.serve('/dated.xml', feed, {
      etag: null,
      lastModified: new Date('2025-03-01T08:00:00Z'),
    });
    const first = await safeFetch(fake.url('/dated.xml'), loopback);
    expect(first).toMatchObject({
      status: 200,
      etag: undefined,
      lastModified: 'Sat, 01 Mar 2025 08:00:00 GMT',
    });
    expect(served.lastModified).toBe(first.lastModified);

    const since = (date: string) =>
      safeFetch(fake.url('/dated.xml'), { ...loopback, headers: { 'if-modified-since': date } });
    const same = await since(first.lastModified!);
    expect(same.status).toBe(304);
    expect(same.body).toHaveLength(0);
    expect(same.lastModified).toBe(first.lastModified);
    expect((await since('Sat, 01 Mar 2025 07:59:59 GMT')).status).toBe(200);
    expect(fake.requestsTo('/dated.xml').map((r) => r.headers['if-modified-since'])).toEqual([
      undefined,
      first.lastModified,
      'Sat, 01 Mar 2025 07:59:59 GMT',
    ]);
  });

  it('follows up to three redirects, one request each, and answers from where it ended', async () => {
    fake.serve('/moved.xml', feed);
    const one = await safeFetch(fake.url('/hops/1/moved.xml'), loopback);
    expect(one.url).toBe(fake.url('/moved.xml'));
    const before = fake.requests.length;
    const three = await safeFetch(fake.url('/hops/3/moved.xml'), loopback);
    expect(three).toMatchObject({ status: 200, url: fake.url('/moved.xml') });
    expect(three.body.toString()).toBe(feed.body);
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual([
      '/hops/3/moved.xml',
      '/hops/2/moved.xml',
      '/hops/1/moved.xml',
      '/moved.xml',
    ]);
  });

  it('refuses a fourth redirect and a redirect loop without asking further', async () => {
    const before = fake.requests.length;
    const four = await failure(fake.url('/hops/4/moved.xml'), loopback);
    expect(four.reason).toBe('too-many-redirects');
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual([
      '/hops/4/moved.xml',
      '/hops/3/moved.xml',
      '/hops/2/moved.xml',
      '/hops/1/moved.xml',
    ]);

    const loops = fake.requestsTo('/loop').length;
    expect((await failure(fake.url('/loop'), loopback)).reason).toBe('too-many-redirects');
    expect(fake.requestsTo('/loop').length - loops).toBe(4);
  });

  it('refuses loopback, private, link-local and mapped addresses unless allowed, before connecting', async () => {
    fake.serve('/inside.xml', feed);
    const port = new URL(fake.url('/')).port;
    const refused = [
      fake.url('/inside.xml'),
      fake.url('/inside.xml', 'localhost'),
      `http://[::1]:${port}/inside.xml`,
      `http://[::ffff:127.0.0.1]:${port}/inside.xml`,
      // 127.0.0.1 spelled as a number, and the IPv4-compatible form.
      `http://2130706433:${port}/inside.xml`,
      `http://[::127.0.0.1]:${port}/inside.xml`,
      `http://0.0.0.0:${port}/inside.xml`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/feed.xml',
      'http://192.168.1.1/feed.xml',
      'http://[fd00::1]/feed.xml',
      'http://[::ffff:10.0.0.1]/feed.xml',
    ];
    const asked = fake.requests.length;
    for (const url of refused) expect((await failure(url, strict)).reason, url).toBe('refused-address');
    expect(fake.requests.length).toBe(asked);

    // Allowing the loopback allows nothing else.
    for (const url of refused.slice(7))
      expect((await failure(url, loopback)).reason, url).toBe('refused-address');
  });

  it('refuses a redirect to the cloud metadata address even from an allowed server', async () => {
    const to = encodeURIComponent('http://169.254.169.254/latest/meta-data/iam/');
    const error = await failure(fake.url(`/redirect?to=${to}`), loopback);
    expect(error.reason).toBe('refused-address');
    expect(error.url).toBe('http://169.254.169.254/latest/meta-data/iam/');
  });

  it('fetches only the schemes it is given, on redirects too, and no credentials', async () => {
    fake.serve('/plain.xml', feed);
    const httpsOnly = { ...loopback, protocols: ['https:'] as const };
    expect((await failure(fake.url('/plain.xml'), httpsOnly)).reason).toBe('protocol');
    for (const url of ['file:///etc/passwd', 'ftp://127.0.0.1/feed.xml', 'gopher://127.0.0.1/']) {
      expect((await failure(url, loopback)).reason, url).toBe('protocol');
    }
    const toFile = fake.url(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`);
    expect((await failure(toFile, loopback)).reason).toBe('protocol');
    const withCredentials = fake.url('/plain.xml').replace('http://', 'http://user:secret@');
    expect((await failure(withCredentials, loopback)).reason).toBe('invalid-url');
    expect((await failure('not a url', loopback)).reason).toBe('invalid-url');
  });

  it('accepts a body of exactly the cap and refuses one byte more', async () => {
    fake.serve('/cap.xml', { contentType: 'application/rss+xml', body: Buffer.alloc(1000, 0x20) });
    expect((await safeFetch(fake.url('/cap.xml'), { ...loopback, maxBytes: 1000 })).body).toHaveLength(1000);
    const error = await failure(fake.url('/cap.xml'), { ...loopback, maxBytes: 999 });
    expect(error.reason).toBe('too-large');
  });

  it('stops reading a body past the cap, with or without a declared length', async () => {
    for (const path of ['/huge.xml', '/huge.xml?declared']) {
      const error = await failure(fake.url(path), { ...loopback, maxBytes: 64 * 1024 });
      expect(error.reason, path).toBe('too-large');
      const request = fake.requestsTo(path).at(-1)!;
      // The client hung up: the server never got to send the whole body.
      expect(await request.closed, path).toEqual({ complete: false });
      expect(request.bytesSent, path).toBeLessThan(HUGE_FEED_BYTES);
    }
  });

  it('gives up on a body that trickles past the deadline', async () => {
    const started = performance.now();
    const error = await failure(fake.url('/slow.xml'), { ...loopback, timeoutMs: 1000 });
    expect(error).toMatchObject({ reason: 'timeout', url: fake.url('/slow.xml') });
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    const request = fake.requestsTo('/slow.xml').at(-1)!;
    // The answer had begun (the deadline covers the body, not only the headers) and was cut off.
    expect(request.status).toBe(200);
    expect(await request.closed).toEqual({ complete: false });
    expect(request.bytesSent).toBeGreaterThan(0);
  });

  it('says which HTTP status or network failure stopped it', async () => {
    const unavailable = await failure(fake.url('/status/503'), loopback);
    expect(unavailable).toMatchObject({ reason: 'http-status', status: 503, url: fake.url('/status/503') });
    expect((await failure(fake.url('/status/404'), loopback)).status).toBe(404);
    // Nothing listens on port 1.
    expect((await failure('http://127.0.0.1:1/feed.xml', loopback)).reason).toBe('network');
  });

  it('tells allowed addresses from the others', () => {
    const table: Array<[string, boolean, boolean, boolean]> = [
      // address, allowed by default, with allowLoopback, with allowPrivate
      ['93.184.215.14', true, true, true],
      ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', true, true, true],
      ['127.0.0.1', false, true, false],
      ['127.8.8.8', false, true, false],
      ['::1', false, true, false],
      ['::ffff:127.0.0.1', false, true, false],
      ['10.1.2.3', false, false, true],
      ['172.16.0.1', false, false, true],
      ['192.168.0.10', false, false, true],
      ['100.64.0.1', false, false, true],
      ['fd12:3456::1', false, false, true],
      ['::ffff:192.168.0.10', false, false, true],
      ['169.254.169.254', false, false, false],
      ['fe80::1', false, false, false],
      ['0.0.0.0', false, false, false],
      ['::', false, false, false],
      ['224.0.0.1', false, false, false],
      ['255.255.255.255', false, false, false],
      ['::7f00:1', false, false, false],
      ['64:ff9b::a00:1', false, false, false],
      ['not an address', false, false, false],
    ];
    for (const [address, byDefault, loopbackToo, privateToo] of table) {
      expect(
        [
          isAllowedAddress(address),
          isAllowedAddress(address, { allowLoopback: true }),
          isAllowedAddress(address, { allowPrivate: true }),
        ],
        address,
      ).toEqual([byDefault, loopbackToo, privateToo]);
    }
  });
});
