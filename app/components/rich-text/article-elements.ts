import { createElement, Fragment, type ReactNode } from 'react';
import { ARTICLE_ATTRIBUTES, ARTICLE_TAGS, IMAGE_URL, LINK_REL, LINK_URL } from '#shared/article-html.ts';

// The browser's layer of HTML safety (DESIGN §6, docs/decisions.md "Article HTML shown as React elements"):
// the server cleans article HTML when it is saved, and the browser shows it through the same allow-list
// (shared/article-html.ts) again. The HTML is parsed into an inert document (DOMParser: no script runs, no
// image loads), and the page gets React elements built from what the allow-list keeps: allowed tags, their
// allowed attributes, text. No HTML string is ever put into the page, so nothing can change meaning when it
// is parsed a second time, and React escapes every text and attribute value it sets.

const TAGS: ReadonlySet<string> = new Set(ARTICLE_TAGS);
const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img']);
/** Dropped with what they hold; other tags outside the allow-list are dropped and their content kept. */
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'textarea',
  'title',
  'select',
  'iframe',
  'object',
  'embed',
  'audio',
  'video',
  'canvas',
]);
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

type Props = Record<string, string>;

/** The attributes kept of an allowed element, or null when the element goes (an image from elsewhere). */
function allowedProps(element: Element): Props | null {
  const tag = element.localName;
  const props: Props = {};
  for (const name of ARTICLE_ATTRIBUTES[tag] ?? []) {
    const value = element.getAttribute(name);
    if (value !== null) props[name] = value;
  }
  if (tag === 'a') {
    // A link goes to https or mailto, in a new tab that gets nothing of this page; any other address goes.
    const href = props.href?.trim();
    delete props.target;
    delete props.rel;
    if (href && LINK_URL.test(href)) Object.assign(props, { href, target: '_blank', rel: LINK_REL });
    else delete props.href;
  }
  if (tag === 'img') {
    const src = props.src?.trim();
    if (!src || !IMAGE_URL.test(src)) return null;
    props.src = src;
  }
  return props;
}

/** Calls `visit` for each node of `parent` that the allow-list keeps, descending into dropped wrappers. */
function kept(parent: Node, visit: (node: Text | Element, props: Props | null) => void): void {
  for (const node of parent.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      visit(node as Text, null);
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    // SVG and MathML go whole; so do the elements whose content is not text to read.
    if (element.namespaceURI !== HTML_NAMESPACE || DROPPED_WITH_CONTENT.has(element.localName)) continue;
    if (!TAGS.has(element.localName)) {
      kept(element, visit);
      continue;
    }
    const props = allowedProps(element);
    if (props) visit(element, props);
  }
}

function parse(html: string): HTMLElement {
  return new DOMParser().parseFromString(html, 'text/html').body;
}

function elementsOf(parent: Node): ReactNode[] {
  const out: ReactNode[] = [];
  kept(parent, (node, props) => {
    if (!props) {
      out.push((node as Text).data);
      return;
    }
    const tag = (node as Element).localName;
    const children = VOID_TAGS.has(tag) ? [] : elementsOf(node);
    // Children passed one by one, as JSX would: they are in document order and need no keys.
    out.push(createElement(tag, props, ...children));
  });
  return out;
}

/** Article HTML as React elements, keeping only what the allow-list allows. */
export function articleElements(html: string): ReactNode {
  return createElement(Fragment, null, ...elementsOf(parse(html)));
}

/** Whether HTML from the editor has anything to publish (text or an image), e.g. not just `<p></p>`. */
export function hasArticleContent(html: string): boolean {
  let found = false;
  const look = (parent: Node) =>
    kept(parent, (node, props) => {
      if (found) return;
      if (!props) found = (node as Text).data.trim().length > 0;
      else if ((node as Element).localName === 'img') found = true;
      else look(node);
    });
  look(parse(html));
  return found;
}
