import sanitizeHtml from 'sanitize-html';

// Article and strategy HTML is cleaned when it is saved (and the browser cleans it again with DOMPurify
// when it shows it). Allowed: structure and text formatting, links to https/mailto, images from our own
// uploads or https. Never: scripts, event handlers, style attributes, javascript: or data: URLs, frames.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  // Relative image sources are allowed only into our uploads.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !/^(https:\/\/|\/uploads\/)/.test(frame.attribs.src ?? ''),
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
