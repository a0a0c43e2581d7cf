import { createHash } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

// A news site's feeds on the loopback, for the media monitor's tests and journeys. It speaks real HTTP:
// conditional requests are answered 304 by ETag (If-None-Match, which wins) or by Last-Modified
// (If-Modified-Since), and it misbehaves on request. Every request is recorded with its headers, so a test
// can count what a fetcher asked and see whether it hung up early.
//
// - any path a test `serve`s: that document, with an ETag and a Last-Modified (either may be left out)
// - `/hops/N/<path>`: N redirects (302), one hop at a time, before `/<path>`
// - `/loop`: a redirect to itself
// - `/redirect?to=URL`: a redirect to any address (the cloud metadata one, say)
// - `/malformed.xml`: RSS that is not well-formed XML; `/page.html`: an HTML page
// - `/slow.xml`: the headers at once, then the body a byte every `slowByteMs`, never finishing
// - `/huge.xml`: HUGE_FEED_BYTES without a Content-Length, as fast as the client reads (`?declared`: with it)
// - `/status/N`: status N, with Retry-After on 429 and 503

/** Length of `/huge.xml`: far beyond any cap, so a fetcher that reads it all is caught. */
export const HUGE_FEED_BYTES = 64 * 1024 * 1024;

export type FakeDocument = { body: string | Buffer; contentType: string };

export type FakeFeedItem = { id: string; title: string; link: string; html?: string; publishedAt?: number };
export type FakeFeed = { title: string; link?: string; language?: string; items: FakeFeedItem[] };

export type FeedFakeRequest = {
  method: string;
  /** Path and query, as asked. */
  path: string;
  headers: IncomingHttpHeaders;
  status: number;
  /** Body bytes handed to the connection so far. */
  bytesSent: number;
  /** Settles when the answer is over; `complete` is false when the client hung up before its end. */
  closed: Promise<{ complete: boolean }>;
};

type Served = { document: FakeDocument; etag: string | undefined; lastModified: number | undefined };

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const tag = (name: string, value: string | undefined) =>
  value === undefined ? '' : `<${name}>${esc(value)}</${name}>`;
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

/** RSS 2.0; item HTML goes in the description, escaped as feeds usually send it. */
export function rssDocument(feed: FakeFeed): FakeDocument {
  const items = feed.items.map(
    (item) =>
      `<item><guid isPermaLink="false">${esc(item.id)}</guid>${tag('title', item.title)}${tag('link', item.link)}` +
      `${tag('description', item.html)}${tag('pubDate', item.publishedAt === undefined ? undefined : new Date(item.publishedAt).toUTCString())}</item>`,
  );
  return {
    contentType: 'application/rss+xml; charset=utf-8',
    body:
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>${tag('title', feed.title)}` +
      `${tag('link', feed.link ?? 'https://news.example/')}${tag('language', feed.language)}${items.join('')}</channel></rss>`,
  };
}

/** Atom 1.0; item HTML goes in a summary of type html. */
export function atomDocument(feed: FakeFeed): FakeDocument {
  const lang = feed.language ? ` xml:lang="${esc(feed.language)}"` : '';
  const entries = feed.items.map(
    (item) =>
      `<entry>${tag('id', item.id)}${tag('title', item.title)}<link rel="alternate" href="${esc(item.link)}"/>` +
      `${item.html === undefined ? '' : `<summary type="html">${esc(item.html)}</summary>`}` +
      `${tag('published', iso(item.publishedAt))}${tag('updated', iso(item.publishedAt))}</entry>`,
  );
  return {
    contentType: 'application/atom+xml; charset=utf-8',
    body:
      `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"${lang}>` +
      `${tag('title', feed.title)}<id>urn:feed-fake:${esc(feed.title)}</id>${entries.join('')}</feed>`,
  };
}

/** JSON Feed 1.1. */
export function jsonFeedDocument(feed: FakeFeed): FakeDocument {
  const doc = {
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    home_page_url: feed.link ?? 'https://news.example/',
    language: feed.language,
    items: feed.items.map((item) => ({
      id: item.id,
      url: item.link,
      title: item.title,
      content_html: item.html,
      date_published: iso(item.publishedAt),
    })),
  };
  return { contentType: 'application/feed+json', body: JSON.stringify(doc) };
}

const MALFORMED: FakeDocument = {
  contentType: 'application/rss+xml',
  body: '<?xml version="1.0"?><rss version="2.0"><channel><title>Broken</title><item><title>Unclosed</item></channel></rss>',
};
const PAGE: FakeDocument = {
  contentType: 'text/html; charset=utf-8',
  body: '<!doctype html><html><head><title>News</title></head><body><p>Not a feed</p></body></html>',
};

/** Whether a conditional request can be answered 304 (RFC 9110 §13.1: If-None-Match first, weak comparison). */
function notModified(headers: IncomingHttpHeaders, served: Served): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const opaque = (etag: string) => etag.trim().replace(/^W\//, '');
    const wanted = ifNoneMatch.split(',').map(opaque);
    return served.etag !== undefined && (wanted.includes('*') || wanted.includes(opaque(served.etag)));
  }
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return served.lastModified !== undefined && Number.isFinite(since) && served.lastModified <= since;
}

export class FeedFake {
  readonly requests: FeedFakeRequest[] = [];
  /** Pause between the bytes of `/slow.xml`. */
  slowByteMs = 50;
  private readonly served = new Map<string, Served>();
  private readonly server: Server;

  constructor() {
    this.server = createServer((req, res) => this.handle(req, res));
  }

  /** Listens on the loopback: a free port unless told (the journeys' fixed one). */
  async start(port = 0): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** An http address of this server, by IP literal or by name (`localhost`). */
  url(pathAndQuery: string, host: '127.0.0.1' | 'localhost' = '127.0.0.1'): string {
    return `http://${host}:${(this.server.address() as AddressInfo).port}${pathAndQuery}`;
  }

  /**
   * Serves a document at a path from now on, replacing the one before. Its ETag defaults to a hash of the
   * body, its Last-Modified to now (whole seconds, as HTTP dates have); null leaves either out.
   */
  serve(
    path: string,
    document: FakeDocument,
    validators: { etag?: string | null; lastModified?: Date | null } = {},
  ): { etag: string | undefined; lastModified: string | undefined } {
    const etag =
      validators.etag === undefined
        ? `"${createHash('sha256').update(document.body).digest('hex').slice(0, 16)}"`
        : (validators.etag ?? undefined);
    const modified = validators.lastModified === undefined ? new Date() : validators.lastModified;
    const lastModified = modified ? Math.floor(modified.getTime() / 1000) * 1000 : undefined;
    this.served.set(path, { document, etag, lastModified });
    return {
      etag,
      lastModified: lastModified === undefined ? undefined : new Date(lastModified).toUTCString(),
    };
  }

  /** The requests for a path (query included), in order. */
  requestsTo(path: string): FeedFakeRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const record: FeedFakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      headers: req.headers,
      status: 0,
      bytesSent: 0,
      closed: new Promise((resolve) => res.on('close', () => resolve({ complete: res.writableFinished }))),
    };
    this.requests.push(record);
    const head = (status: number, headers: OutgoingHttpHeaders = {}) => {
      record.status = status;
      res.writeHead(status, headers);
    };
    const send = (document: FakeDocument, headers: OutgoingHttpHeaders = {}) => {
      head(200, {
        'content-type': document.contentType,
        'content-length': Buffer.byteLength(document.body),
        ...headers,
      });
      record.bytesSent = Buffer.byteLength(document.body);
      res.end(document.body);
    };
    const redirect = (location: string) => {
      head(302, { location });
      res.end();
    };

    const hops = /^\/hops\/(\d+)(\/.*)$/.exec(url.pathname);
    if (hops) {
      const left = Number(hops[1]) - 1;
      return redirect(left > 0 ? `/hops/${left}${hops[2]}` : hops[2]!);
    }
    if (url.pathname === '/loop') return redirect('/loop');
    if (url.pathname === '/redirect') return redirect(url.searchParams.get('to') ?? '/');
    if (url.pathname === '/malformed.xml') return send(MALFORMED);
    if (url.pathname === '/page.html') return send(PAGE);
    if (url.pathname === '/slow.xml') return this.slow(res, record, head);
    if (url.pathname === '/huge.xml') return this.huge(res, record, head, url.searchParams.has('declared'));
    const status = /^\/status\/(\d{3})$/.exec(url.pathname);
    if (status) {
      const code = Number(status[1]);
      head(code, code === 429 || code === 503 ? { 'retry-after': '120' } : {});
      return void res.end();
    }
    const served = this.served.get(url.pathname);
    if (!served) {
      head(404, { 'content-type': 'text/plain' });
      return void res.end('not found');
    }
    const validators: OutgoingHttpHeaders = {
      ...(served.etag ? { etag: served.etag } : {}),
      ...(served.lastModified ? { 'last-modified': new Date(served.lastModified).toUTCString() } : {}),
    };
    if (notModified(req.headers, served)) {
      head(304, validators);
      return void res.end();
    }
    send(served.document, validators);
  }

  private slow(
    res: ServerResponse,
    record: FeedFakeRequest,
    head: (status: number, h: OutgoingHttpHeaders) => void,
  ) {
    head(200, { 'content-type': 'application/rss+xml' });
    const drip = () => {
      if (res.destroyed) return;
      record.bytesSent++;
      res.write(' ');
    };
    drip();
    const timer = setInterval(drip, this.slowByteMs);
    res.on('close', () => clearInterval(timer));
  }

  private huge(
    res: ServerResponse,
    record: FeedFakeRequest,
    head: (status: number, h: OutgoingHttpHeaders) => void,
    declared: boolean,
  ) {
    head(200, {
      'content-type': 'application/rss+xml',
      ...(declared ? { 'content-length': HUGE_FEED_BYTES } : {}),
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const more = () => {
      while (record.bytesSent < HUGE_FEED_BYTES && !res.destroyed) {
        record.bytesSent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      if (!res.destroyed) res.end();
    };
    more();
  }
}
