import { SaxesParser } from 'saxes';

// Feeds read with saxes: strict (a document that is not well-formed is refused, not guessed at) and
// namespace-aware. It does no DTD processing at all, so no entity can expand (billion laughs) or pull in a
// file or an address (XXE); on top of that a document type with an internal subset is refused outright.
// Named references are the five XML ones; others only under an external document type, kept as written.

export type XmlElement = {
  /** As written, prefix included. */
  name: string;
  local: string;
  /** Namespace URI; '' when none. */
  ns: string;
  /** By name as written (`href`, `xml:lang`). */
  attrs: Map<string, string>;
  children: XmlNode[];
};

export type XmlNode = XmlElement | string;

export class XmlError extends Error {
  override name = 'XmlError';
}

/** Deeper nesting is no feed; the limit keeps the recursive readers of the tree shallow. */
const MAX_DEPTH = 256;

/** `[` outside the quoted identifiers opens the internal subset, where entities are declared. */
const hasInternalSubset = (doctype: string) => doctype.replace(/"[^"]*"|'[^']*'/g, '').includes('[');

function appendText(element: XmlElement, text: string): void {
  const last = element.children.length - 1;
  if (typeof element.children[last] === 'string') element.children[last] += text;
  else element.children.push(text);
}

/** Parses a whole document; throws XmlError, naming the line and column, when it is not well-formed. */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  let root: XmlElement | undefined;
  const open: XmlElement[] = [];
  let externalDoctype = false;

  parser.on('error', (error) => {
    // An external document type may define entities we do not read: saxes then keeps the reference as written.
    if (externalDoctype && error.message.endsWith(': undefined entity.')) return;
    throw new XmlError(error.message);
  });
  parser.on('doctype', (doctype) => {
    if (hasInternalSubset(doctype)) parser.fail('a document type with declarations is not accepted.');
    externalDoctype = true;
  });
  parser.on('opentag', (tag) => {
    if (open.length === MAX_DEPTH) parser.fail(`elements nested deeper than ${MAX_DEPTH}.`);
    const attrs = new Map(Object.values(tag.attributes).map((attr) => [attr.name, attr.value]));
    const element: XmlElement = { name: tag.name, local: tag.local, ns: tag.uri, attrs, children: [] };
    const parent = open.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    open.push(element);
  });
  parser.on('closetag', () => {
    open.pop();
  });
  // Text outside the root is whitespace (saxes refuses anything else): dropped.
  const onText = (data: string) => {
    const parent = open.at(-1);
    if (parent) appendText(parent, data);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.write(text).close();
  // saxes has refused a document without a root already; this is for the type.
  if (!root) throw new XmlError('no root element');
  return root;
}

/** The element's text, its descendants' included. */
export function textOf(element: XmlElement): string {
  let text = '';
  for (const child of element.children) text += typeof child === 'string' ? child : textOf(child);
  return text;
}

const named =
  (ns: string, local: string) =>
  (child: XmlNode): child is XmlElement =>
    typeof child !== 'string' && child.ns === ns && child.local === local;

/** The child elements with this namespace and local name. */
export function childrenNamed(element: XmlElement, ns: string, local: string): XmlElement[] {
  return element.children.filter(named(ns, local));
}

export function childNamed(element: XmlElement, ns: string, local: string): XmlElement | undefined {
  return element.children.find(named(ns, local));
}

/** HTML elements that have no end tag: written `<br />`, since `<br></br>` reads as two breaks. */
const VOID = new Set(['area', 'br', 'col', 'hr', 'img', 'source', 'wbr']);
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Nodes written back as markup (Atom's inline XHTML content), local names only, values escaped. */
export function serializeXml(nodes: readonly XmlNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') {
      out += escapeText(node);
      continue;
    }
    let attrs = '';
    for (const [name, value] of node.attrs) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      attrs += ` ${name}="${escapeText(value).replace(/"/g, '&quot;')}"`;
    }
    out +=
      VOID.has(node.local) && node.children.length === 0
        ? `<${node.local}${attrs} />`
        : `<${node.local}${attrs}>${serializeXml(node.children)}</${node.local}>`;
  }
  return out;
}
