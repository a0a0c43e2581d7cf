// The one allow-list for article and strategy HTML (DESIGN §6). The server applies it when HTML is saved
// (sanitize-html), the browser again right before showing it (app/components/rich-text/article-elements.ts).

export const ARTICLE_TAGS = [
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
];

/** Attributes kept, by tag; everything else (style, class, id, event handlers, data-*) goes. */
export const ARTICLE_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
};

/** Links may go to https and mailto; images come from our own uploads (others are copied there on save). */
export const LINK_URL = /^(?:https:\/\/|mailto:)/i;
export const IMAGE_URL = /^\/uploads\/(?:images|avatars)\/[\w-]+\.webp$/;

/** Every link opens in a new tab and gives the target nothing. */
export const LINK_REL = 'noopener noreferrer nofollow';
