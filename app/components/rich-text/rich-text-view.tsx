import { useMemo } from 'react';
import { articleElements } from './article-elements.ts';
import './rich-text.css';

// The editor's form asks through this module whether HTML has content, so that the view and the allow-list
// it uses are one file for the pages that show articles.
export { hasArticleContent } from './article-elements.ts';

/** Shows article HTML as members read it, rebuilt from the allow-list right before it reaches the page. */
export function RichTextView({ html, testId = 'rich-text-view' }: { html: string; testId?: string }) {
  const content = useMemo(() => articleElements(html), [html]);
  return (
    <div className="rich-text" data-testid={testId}>
      {content}
    </div>
  );
}
