import { MEDIA_LIMITS } from '#shared/schemas/media.ts';
import { decodeText } from './parse-feed.ts';
import { childNamed, childrenNamed, parseXml, type XmlElement, XmlError } from './xml.ts';

// OPML 2.0 (https://opml.org/spec2.opml), the list format feed readers exchange subscriptions in: written
// for the admins' export, read (with saxes, through xml.ts: strict, no DTD) for their import. Each source is
// an `<outline type="rss" text=… xmlUrl=…>`; what OPML has no attribute for (kind, polling interval,
// enabled) goes in attributes of our own namespace, as OPML 2.0 allows, so an export imported elsewhere
// loses nothing another reader knows and one imported here again is the same list.

/** The namespace of our attributes on `<outline>`. */
export const PORTAL_OPML_NS = 'urn:x-chaincompass:media-opml';
const PREFIX = 'portal';

export type OpmlSource = {
  url: string;
  title: string;
  kind: string;
  language: string;
  pollIntervalSeconds: number;
  enabled: boolean;
};

/** A feed an OPML document lists, as written (checked by whoever takes it). */
export type OpmlFeed = {
  url: string;
  title: string;
  kind: string | undefined;
  /** `language` as written (`zh-CN`, `en`...). */
  language: string | undefined;
  pollIntervalSeconds: number | undefined;
  enabled: boolean | undefined;
};

export type OpmlRejectedKey = 'opmlNotXml' | 'opmlNotOpml' | 'opmlTooManySources';

/** A document that is not an OPML list we read; `key` is the message (shared/messages.ts). */
export class OpmlRejected extends Error {
  override name = 'OpmlRejected';
  readonly key: OpmlRejectedKey;
  constructor(key: OpmlRejectedKey, detail: string = key) {
    super(detail);
    this.key = key;
  }
}

/** Without the characters XML 1.0 cannot hold (controls but tab and line ends, lone surrogates, U+FFFE/F). */
function xmlChars(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const control = code < 0x20 && code !== 0x9 && code !== 0xa && code !== 0xd;
    if (control || code === 0xfffe || code === 0xffff || (code >= 0xd800 && code <= 0xdfff)) continue;
    out += char;
  }
  return out;
}

/** An attribute value: escaped, its tabs and line ends as references (a parser would turn them to spaces). */
const attr = (value: string) =>
  xmlChars(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');

/** The sources as an OPML 2.0 document. */
export function writeOpml(
  sources: readonly OpmlSource[],
  head: { title: string; createdAt: number },
): string {
  const outlines = sources.map((source) => {
    const attrs: Array<[string, string]> = [
      ['type', 'rss'],
      ['text', source.title || source.url],
      ...(source.title ? ([['title', source.title]] as Array<[string, string]>) : []),
      ['xmlUrl', source.url],
      // OPML's language is a language tag; "other" has none.
      ...(source.language === 'zh' || source.language === 'en'
        ? ([['language', source.language]] as Array<[string, string]>)
        : []),
      [`${PREFIX}:kind`, source.kind],
      [`${PREFIX}:language`, source.language],
      [`${PREFIX}:pollInterval`, String(source.pollIntervalSeconds)],
      [`${PREFIX}:enabled`, String(source.enabled)],
    ];
    return `    <outline ${attrs.map(([name, value]) => `${name}="${attr(value)}"`).join(' ')}/>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<opml version="2.0" xmlns:${PREFIX}="${PORTAL_OPML_NS}">`,
    '  <head>',
    `    <title>${attr(head.title)}</title>`,
    `    <dateCreated>${new Date(head.createdAt).toUTCString()}</dateCreated>`,
    '  </head>',
    '  <body>',
    ...outlines,
    '  </body>',
    '</opml>',
    '',
  ].join('\n');
}

/** Namespace prefixes in scope: the parent's, with the element's own declarations over them. */
function scopeOf(element: XmlElement, parent: ReadonlyMap<string, string>): Map<string, string> {
  const scope = new Map(parent);
  for (const [name, value] of element.attrs) if (name.startsWith('xmlns:')) scope.set(name.slice(6), value);
  return scope;
}

/** The element's attributes of our namespace, by local name, whatever prefix the document gave it. */
function portalAttrs(element: XmlElement, scope: ReadonlyMap<string, string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, value] of element.attrs) {
    const colon = name.indexOf(':');
    if (colon > 0 && scope.get(name.slice(0, colon)) === PORTAL_OPML_NS)
      found.set(name.slice(colon + 1), value);
  }
  return found;
}

const trimmed = (value: string | undefined) => value?.trim() || undefined;

function feedOf(outline: XmlElement, url: string, scope: ReadonlyMap<string, string>): OpmlFeed {
  const own = portalAttrs(outline, scope);
  const text = trimmed(outline.attrs.get('text'));
  const interval = own.get('pollInterval')?.trim();
  const enabled = own.get('enabled')?.trim();
  return {
    url,
    // A reader writes the title as `text` (required) and often as `title`; an export of a source without a
    // title has its address as the text.
    title: trimmed(outline.attrs.get('title')) ?? (text === url.trim() ? '' : (text ?? '')),
    kind: trimmed(own.get('kind')),
    language: trimmed(own.get('language')) ?? trimmed(outline.attrs.get('language')),
    pollIntervalSeconds: interval && /^\d{1,9}$/.test(interval) ? Number(interval) : undefined,
    enabled: enabled === 'true' ? true : enabled === 'false' ? false : undefined,
  };
}

/**
 * The feeds an OPML document lists, in its order, folders (outlines within outlines) included. Refuses
 * (OpmlRejected) what is not well-formed XML, a root other than `<opml>` with a `<body>`, and more feeds
 * than MEDIA_LIMITS.opmlSources.
 */
export function readOpml(document: string | Buffer): OpmlFeed[] {
  const text = (typeof document === 'string' ? document : decodeText(document, undefined)).replace(
    /^\uFEFF/,
    '',
  );
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    if (error instanceof XmlError) throw new OpmlRejected('opmlNotXml', error.message);
    throw error;
  }
  const body = root.local === 'opml' && root.ns === '' ? childNamed(root, '', 'body') : undefined;
  if (!body) throw new OpmlRejected('opmlNotOpml', `root element <${root.name}>`);
  const feeds: OpmlFeed[] = [];
  const walk = (element: XmlElement, scope: ReadonlyMap<string, string>) => {
    for (const outline of childrenNamed(element, '', 'outline')) {
      const outlineScope = scopeOf(outline, scope);
      // OPML says xmlUrl; a few writers spell it in lower case.
      const url = outline.attrs.get('xmlUrl') ?? outline.attrs.get('xmlurl');
      if (url !== undefined) {
        if (feeds.length === MEDIA_LIMITS.opmlSources) throw new OpmlRejected('opmlTooManySources');
        feeds.push(feedOf(outline, url, outlineScope));
      }
      // Outlines within outlines: folders of feeds.
      walk(outline, outlineScope);
    }
  };
  walk(body, scopeOf(body, scopeOf(root, new Map())));
  return feeds;
}
