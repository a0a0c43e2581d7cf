import DOMPurify from 'dompurify';
import { ARTICLE_ATTRIBUTES, ARTICLE_TAGS, IMAGE_URL, LINK_REL, LINK_URL } from '#shared/article-html.ts';

// The browser's layer of HTML safety (DESIGN §6): the server cleans article HTML when it is saved, and the
// browser cleans it again right before showing it, with the same allow-list (shared/article-html.ts). Nothing that can run script
// survives: no <script>, no event attributes, no style, no javascript:/data: URLs, no frames or forms.

// DOMPurify takes one attribute list for all tags: the union of the shared per-tag lists.
const ALLOWED_ATTR = [...new Set(Object.values(ARTICLE_ATTRIBUTES).flat())];

// Our own instance, so the hooks below never leak into another DOMPurify user.
const purifier = DOMPurify(window);

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') {
    const href = node.getAttribute('href');
    if (href !== null && !LINK_URL.test(href.trim())) node.removeAttribute('href');
    if (node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', LINK_REL);
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
  }
  if (node.nodeName === 'IMG') {
    const src = node.getAttribute('src');
    if (src !== null && !IMAGE_URL.test(src.trim())) node.removeAttribute('src');
  }
});

/** Article HTML made safe to put into the page. */
export function sanitizeArticleHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: ARTICLE_TAGS,
    ALLOWED_ATTR,
    FORBID_ATTR: ['style', 'class', 'id'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // DOMPurify checks every non-text attribute value against this: values without a scheme (sizes, paths)
    // pass, and of the schemes only https and mailto; the hook above narrows href and src further.
    ALLOWED_URI_REGEXP: /^(?:https:|mailto:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  });
}

/** Whether HTML from the editor has anything to publish (text or an image), e.g. not just `<p></p>`. */
export function hasArticleContent(html: string): boolean {
  const clean = sanitizeArticleHtml(html);
  if (/<img\s/i.test(clean)) return true;
  const text = clean
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return text.length > 0;
}
