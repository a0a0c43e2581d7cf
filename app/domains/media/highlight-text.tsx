import { useMemo } from 'react';
import { highlightParts } from './highlight.ts';
import './media.css';

/** Plain text with the matched keywords marked: React text nodes, never HTML. */
export function HighlightText({ text, keywords }: { text: string; keywords: readonly string[] }) {
  const parts = useMemo(() => highlightParts(text, keywords), [text, keywords]);
  return parts.map((part, index) =>
    part.match ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order.
      <mark key={index} className="media-keyword" data-testid="media-highlight">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
