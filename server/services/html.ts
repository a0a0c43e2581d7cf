import sanitizeHtml from 'sanitize-html';
import { ARTICLE_ATTRIBUTES, ARTICLE_TAGS, IMAGE_URL, LINK_REL } from '#shared/article-html.ts';

// Article and strategy HTML is cleaned when it is saved (and the browser cleans it again with DOMPurify
// when it shows it). Allowed: structure and text formatting, links to https/mailto, images from our own
// uploads or https. Never: scripts, event handlers, style attributes, javascript: or data: URLs, frames.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ARTICLE_TAGS,
  allowedAttributes: ARTICLE_ATTRIBUTES,
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: LINK_REL },
    }),
  },
  // Relative image sources are allowed only into our uploads.
  exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE_URL.test(frame.attribs.src ?? ''),
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
