import { useMemo } from 'react';
import { sanitizeArticleHtml } from './sanitize.ts';
import './rich-text.css';

/** Shows article HTML as members read it, cleaned by DOMPurify right before it reaches the page. */
export function RichTextView({ html, testId = 'rich-text-view' }: { html: string; testId?: string }) {
  const clean = useMemo(() => sanitizeArticleHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML was just sanitized by DOMPurify (allow-list).
  return <div className="rich-text" data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
