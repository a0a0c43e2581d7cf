import sanitizeHtml from 'sanitize-html';
import {
  childNamed,
  childrenNamed,
  parseXml,
  serializeXml,
  textOf,
  type XmlElement,
  XmlError,
} from './xml.ts';

// Reads a fetched feed (RSS 2.0, RSS 1.0/RDF, Atom, JSON Feed 1.0/1.1) into the few things the media
// stream shows. Item HTML is never trusted or run here: it is kept as a string for the article sanitizer
// to clean when it is shown, and its text (scripts and styles dropped) is what keywords and search read.

export type FeedItem = {
  /** What the item is deduplicated by: its guid (or id) if it has one, else its link. */
  key: string;
  guid?: string;
  /** http(s) only, absolute. */
  link?: string;
  title: string;
  summaryText?: string;
  /** As the feed gave it, unsanitized. */
  summaryHtml?: string;
  /** Epoch milliseconds. */
  publishedAt?: number;
  language?: string;
};

export type ParsedFeed = { format: 'rss' | 'rdf' | 'atom' | 'json'; title: string; items: FeedItem[] };

export type FeedRejectedReason = 'empty' | 'html' | 'malformed' | 'not-a-feed';

/** Why a document is not a feed we can read; the message says where, for the source's last error. */
export class FeedRejected extends Error {
  override name = 'FeedRejected';
  readonly reason: FeedRejectedReason;
  constructor(reason: FeedRejectedReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

const ATOM = 'http://www.w3.org/2005/Atom';
const XHTML = 'http://www.w3.org/1999/xhtml';
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
const RSS_1 = ['http://purl.org/rss/1.0/', 'http://my.netscape.com/rdf/simple/0.9/'];
const CONTENT = 'http://purl.org/rss/1.0/modules/content/';
const DC = 'http://purl.org/dc/elements/1.1/';
const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1';
/** Length of the title made from the summary of an item that has none. */
const DERIVED_TITLE = 120;

const BOMS: Array<[bytes: number[], label: string]> = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/**
 * The document as text. A byte order mark decides; else the HTTP charset, then the XML declaration's
 * encoding (RFC 7303's order), then UTF-8. A guess that does not fit the bytes gives way to the next, so a
 * server that says UTF-8 about a GBK document that declares GBK is still read right.
 */
export function decodeText(body: Buffer, charset: string | undefined): string {
  const bom = BOMS.find(([bytes]) => bytes.every((byte, i) => body[i] === byte))?.[1];
  // The declaration is ASCII in every encoding without a byte order mark, so it is read before decoding.
  const declared = /^<\?xml[^>]*?\sencoding\s*=\s*["']([\w.:-]+)["']/.exec(
    body.subarray(0, 256).toString('latin1'),
  )?.[1];
  const decoders: TextDecoder[] = [];
  for (const label of bom ? [bom] : [charset, declared, 'utf-8']) {
    try {
      if (label) decoders.push(new TextDecoder(label, { fatal: true }));
    } catch {
      // An encoding this runtime does not know: the next guess.
    }
  }
  for (const decoder of decoders) {
    try {
      return decoder.decode(body);
    } catch {
      // Bytes this encoding cannot have: the next guess.
    }
  }
  return new TextDecoder(decoders[0]!.encoding).decode(body);
}

const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title'],
};
// Block boundaries become spaces, or "<p>a</p><p>b</p>" would read "ab".
const BLOCK_TAG = /<(?=\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|blockquote|pre|table|hr|section|article)\b)/gi;
const ESCAPED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/** The words of a piece of HTML, as a reader sees them: tags and scripts gone, references decoded. */
export function htmlToText(html: string): string {
  // sanitize-html parses like a browser and escapes the text it keeps; only that escaping is undone.
  return sanitizeHtml(html.replace(BLOCK_TAG, ' <'), TEXT_ONLY)
    .replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ESCAPED[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

const clean = (text: string | undefined) => text?.replace(/\s+/g, ' ').trim() || undefined;

/**
 * An absolute http(s) address, resolved against the base when one is given; anything else (javascript:,
 * data:, mailto:) is dropped.
 */
function httpUrl(raw: string | undefined, base?: string): string | undefined {
  const url = raw ? URL.parse(raw.trim(), base) : null;
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : undefined;
}

function parseDate(raw: string | undefined): number | undefined {
  const ms = raw ? Date.parse(raw.trim()) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

type ItemFields = {
  guid: string | undefined;
  link: string | undefined;
  title: string | undefined;
  text: string | undefined;
  html: string | undefined;
  date: string | undefined;
  language: string | undefined;
};

/** An item from what a format gave; one with neither guid nor link cannot be deduplicated and is left out. */
function toItem(fields: ItemFields): FeedItem | undefined {
  const guid = fields.guid?.trim() || undefined;
  const key = guid ?? fields.link;
  if (!key) return undefined;
  const summaryHtml = fields.html?.trim() || undefined;
  const summaryText = clean(fields.text) ?? (summaryHtml ? htmlToText(summaryHtml) || undefined : undefined);
  const publishedAt = parseDate(fields.date);
  const language = clean(fields.language);
  return {
    key,
    ...(guid ? { guid } : {}),
    ...(fields.link ? { link: fields.link } : {}),
    title: clean(fields.title) ?? summaryText?.slice(0, DERIVED_TITLE) ?? '',
    ...(summaryText ? { summaryText } : {}),
    ...(summaryHtml ? { summaryHtml } : {}),
    ...(publishedAt !== undefined ? { publishedAt } : {}),
    ...(language ? { language } : {}),
  };
}

/** Items in document order, the first of each key kept (a feed may list an item twice). */
function distinct(fields: ItemFields[]): FeedItem[] {
  const seen = new Set<string>();
  const items: FeedItem[] = [];
  for (const field of fields) {
    const item = toItem(field);
    if (!item || seen.has(item.key)) continue;
    seen.add(item.key);
    items.push(item);
  }
  return items;
}

const childText = (element: XmlElement, ns: string, local: string) => {
  const child = childNamed(element, ns, local);
  return child ? textOf(child) : undefined;
};

/** RSS 2.0 (elements in no namespace) and RSS 1.0/0.90 (in their own namespace); descriptions are HTML. */
function readRss(channel: XmlElement, items: XmlElement[], ns: string, feedUrl: string) {
  const language = childText(channel, ns, 'language') ?? childText(channel, DC, 'language');
  const fields = items.map((item): ItemFields => {
    const guidElement = childNamed(item, ns, 'guid');
    const guid = guidElement ? textOf(guidElement) : item.attrs.get('rdf:about');
    // A guid is the item's permanent address unless it says otherwise, if it is an absolute address at all.
    const permalink = guidElement?.attrs.get('isPermaLink') !== 'false' ? guid : undefined;
    return {
      guid,
      link: httpUrl(childText(item, ns, 'link'), feedUrl) ?? httpUrl(permalink),
      title: childText(item, ns, 'title'),
      text: undefined,
      html: childText(item, ns, 'description') ?? childText(item, CONTENT, 'encoded'),
      date: childText(item, ns, 'pubDate') ?? childText(item, DC, 'date'),
      language: childText(item, DC, 'language') ?? language,
    };
  });
  return { title: clean(childText(channel, ns, 'title')) ?? '', items: distinct(fields) };
}

/** An Atom text construct: text, escaped HTML, or inline XHTML (written back as HTML); other media types are no text. */
function atomText(element: XmlElement | undefined): { text?: string; html?: string } {
  if (!element || element.attrs.has('src')) return {};
  const type = element.attrs.get('type') ?? 'text';
  if (type === 'html' || type === 'text/html') return { html: textOf(element) };
  if (type === 'xhtml' || type === 'application/xhtml+xml') {
    const div = childNamed(element, XHTML, 'div');
    return { html: serializeXml(div ? div.children : element.children) };
  }
  if (type === 'text' || type.startsWith('text/')) return { text: textOf(element) };
  return {};
}

const titleText = (construct: { text?: string; html?: string }) =>
  construct.text ?? (construct.html === undefined ? undefined : htmlToText(construct.html));

/** xml:base, which Atom documents may set on any element, resolved against the base in force. */
function baseOf(element: XmlElement, base: string): string {
  const declared = element.attrs.get('xml:base');
  return (declared && URL.parse(declared, base)?.href) || base;
}

/** The entry's page: its alternate link, an HTML one first. */
function alternateLink(entry: XmlElement, base: string): string | undefined {
  const links = childrenNamed(entry, ATOM, 'link').filter(
    (link) => (link.attrs.get('rel') ?? 'alternate') === 'alternate',
  );
  const link = links.find((l) => (l.attrs.get('type') ?? 'text/html').includes('html')) ?? links[0];
  return link && httpUrl(link.attrs.get('href'), baseOf(link, base));
}

function readAtom(feed: XmlElement, feedUrl: string) {
  const feedBase = baseOf(feed, feedUrl);
  const language = feed.attrs.get('xml:lang');
  const fields = childrenNamed(feed, ATOM, 'entry').map((entry): ItemFields => {
    const summary = atomText(childNamed(entry, ATOM, 'summary') ?? childNamed(entry, ATOM, 'content'));
    return {
      guid: childText(entry, ATOM, 'id'),
      link: alternateLink(entry, baseOf(entry, feedBase)),
      title: titleText(atomText(childNamed(entry, ATOM, 'title'))),
      text: summary.text,
      html: summary.html,
      date: childText(entry, ATOM, 'published') ?? childText(entry, ATOM, 'updated'),
      language: entry.attrs.get('xml:lang') ?? language,
    };
  });
  return {
    title: clean(titleText(atomText(childNamed(feed, ATOM, 'title')))) ?? '',
    items: distinct(fields),
  };
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

function readJsonFeed(text: string, feedUrl: string): ParsedFeed {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new FeedRejected('malformed', `not JSON: ${(error as Error).message}`);
  }
  const feed = (doc ?? {}) as Record<string, unknown>;
  if (!str(feed.version)?.startsWith(JSON_FEED_VERSION) || !Array.isArray(feed.items)) {
    throw new FeedRejected('not-a-feed', 'JSON, but not a JSON Feed');
  }
  const language = str(feed.language);
  const fields = feed.items.map((entry): ItemFields => {
    const item = (entry ?? {}) as Record<string, unknown>;
    // Version 1.0 feeds sometimes give numeric ids; the spec says strings.
    const id = typeof item.id === 'number' ? String(item.id) : str(item.id);
    return {
      guid: id,
      link: httpUrl(str(item.url), feedUrl) ?? httpUrl(str(item.external_url), feedUrl),
      title: str(item.title),
      text: str(item.summary) ?? str(item.content_text),
      html: str(item.content_html),
      date: str(item.date_published) ?? str(item.date_modified),
      language: str(item.language) ?? language,
    };
  });
  return { format: 'json', title: clean(str(feed.title)) ?? '', items: distinct(fields) };
}

const HTML_PAGE = /^(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b/i;

/**
 * Reads a feed from its bytes, the Content-Type it came with and its address (after redirects: relative
 * links resolve against it). Throws FeedRejected for anything that is not a feed we can read.
 */
export function parseFeed(body: Buffer, contentType: string | undefined, feedUrl: string): ParsedFeed {
  const [mediaType = '', ...params] = (contentType ?? '').toLowerCase().split(';');
  const charset = params.map((p) => /^\s*charset\s*=\s*"?([^"\s]+)"?/.exec(p)?.[1]).find(Boolean);
  const text = decodeText(body, charset).trim();
  if (!text) throw new FeedRejected('empty', 'the document is empty');
  if (text.startsWith('{') || (mediaType.includes('json') && !text.startsWith('<'))) {
    return readJsonFeed(text, feedUrl);
  }
  if (HTML_PAGE.test(text)) throw new FeedRejected('html', 'an HTML page, not a feed');
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    if (!(error instanceof XmlError)) throw error;
    if (mediaType.trim() === 'text/html') throw new FeedRejected('html', 'an HTML page, not a feed');
    throw new FeedRejected('malformed', `not well-formed XML: ${error.message}`);
  }
  if (root.local === 'rss' && root.ns === '') {
    const channel = childNamed(root, '', 'channel');
    if (!channel) throw new FeedRejected('not-a-feed', 'an RSS document without a channel');
    return { format: 'rss', ...readRss(channel, childrenNamed(channel, '', 'item'), '', feedUrl) };
  }
  if (root.local === 'RDF' && root.ns === RDF) {
    for (const ns of RSS_1) {
      const channel = childNamed(root, ns, 'channel');
      if (channel)
        return { format: 'rdf', ...readRss(channel, childrenNamed(root, ns, 'item'), ns, feedUrl) };
    }
    throw new FeedRejected('not-a-feed', 'an RDF document without an RSS channel');
  }
  if (root.local === 'feed' && root.ns === ATOM) return { format: 'atom', ...readAtom(root, feedUrl) };
  if (root.local.toLowerCase() === 'html') throw new FeedRejected('html', 'an HTML page, not a feed');
  throw new FeedRejected('not-a-feed', `<${root.name}> is not a feed`);
}
