import sanitizeHtml from 'sanitize-html';
import { ARTICLE_ATTRIBUTES, ARTICLE_TAGS, IMAGE_URL, LINK_REL } from '#shared/article-html.ts';

// Article and strategy HTML is cleaned when it is saved (and the browser applies the same allow-list again
// when it shows it). Allowed: structure and text formatting, links to https/mailto, images from our own
// uploads. Never: scripts, event handlers, style attributes, javascript: or data: URLs, frames. Images
// from other https sites are copied into our uploads when the HTML is saved (services/external-images.ts),
// so a reader's browser never asks another site for them.

const EXTERNAL_IMAGE = /^https:\/\//i;

function options(images: (src: string) => string | undefined): sanitizeHtml.IOptions {
  return {
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
      img: (tagName, attribs) => {
        const src = attribs.src ?? '';
        const copied = EXTERNAL_IMAGE.test(src) ? images(src) : src;
        return { tagName, attribs: { ...attribs, src: copied ?? '' } };
      },
    },
    // Only images in our uploads stay.
    exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE_URL.test(frame.attribs.src ?? ''),
  };
}

/**
 * Cleans article or strategy HTML. `copies` maps the https images it contains to the copies kept in our
 * uploads; an image from elsewhere without a copy is dropped.
 */
export function sanitizeArticleHtml(html: string, copies: ReadonlyMap<string, string> = new Map()): string {
  return sanitizeHtml(
    html,
    options((src) => copies.get(src)),
  );
}

/** The https image addresses a piece of HTML shows (as the sanitizer reads them), in order, once each. */
export function externalImageSources(html: string): string[] {
  const found = new Set<string>();
  sanitizeHtml(
    html,
    options((src) => {
      found.add(src);
      return undefined;
    }),
  );
  return [...found];
}
