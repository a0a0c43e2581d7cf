// Kept apart from the article HTML view (components/rich-text/article-elements.ts): list pages show covers
// and avatars without downloading it.

/**
 * An image address we are willing to load (covers, avatars): our uploads or our media; else null. Images of
 * other sites are copied into our uploads when saved, and the CSP's img-src allows only the portal.
 */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  // No dot segments (plain or percent-encoded): '/uploads/../api/…' must not become another same-origin URL.
  if (/(?:^|\/)(?:\.|%2e){2}(?:\/|$)/i.test(trimmed)) return null;
  return /^\/(?:uploads|media)\//.test(trimmed) ? trimmed : null;
}
