import { keywordRanges } from './highlight.ts';

// Keywords marked inside an HTML summary once the articles' view has put its cleaned HTML in the page: each
// text node is split around the matches, which go into <mark> elements made with textContent, so nothing
// is parsed as HTML. A keyword that crosses an element's edge ("bitcoin <em>ETF</em>") stays unmarked.

const MARKED = 'data-keyword-mark';

/** Marks the keywords in the text under `root`, replacing marks an earlier call made. */
export function markKeywords(root: HTMLElement, keywords: readonly string[]): void {
  for (const old of root.querySelectorAll(`mark[${MARKED}]`)) old.replaceWith(...old.childNodes);
  root.normalize();
  if (keywords.length === 0) return;
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode as Text);
  for (const node of texts) {
    const text = node.data;
    const ranges = keywordRanges(text, keywords);
    if (ranges.length === 0) continue;
    const parts: (string | Node)[] = [];
    let at = 0;
    for (const [start, end] of ranges) {
      if (start > at) parts.push(text.slice(at, start));
      const mark = root.ownerDocument.createElement('mark');
      mark.setAttribute(MARKED, '');
      mark.dataset.testid = 'media-highlight';
      mark.className = 'media-keyword';
      mark.textContent = text.slice(start, end);
      parts.push(mark);
      at = end;
    }
    if (at < text.length) parts.push(text.slice(at));
    node.replaceWith(...parts);
  }
}
