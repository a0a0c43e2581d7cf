// Where an item's matched keywords appear in its title or summary, found the way the server matched them:
// each character folded by NFKC and lower case, so that case and full-width letters do not matter and
// Chinese matches as a plain substring.

export type TextRange = readonly [start: number, end: number];

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** The text folded, and for each folded code unit the original code point it came from. */
function foldWithOrigins(text: string) {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of text) {
    const piece = fold(char);
    for (let i = 0; i < piece.length; i++) {
      starts.push(index);
      ends.push(index + char.length);
    }
    folded += piece;
    index += char.length;
  }
  return { folded, starts, ends };
}

/** The ranges of `text` where any keyword appears, in order, overlapping ones merged. */
export function keywordRanges(text: string, keywords: readonly string[]): TextRange[] {
  const needles = [...new Set(keywords.map((keyword) => fold(keyword.trim())).filter(Boolean))];
  if (!text || needles.length === 0) return [];
  const { folded, starts, ends } = foldWithOrigins(text);
  const found: [number, number][] = [];
  for (const needle of needles) {
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + 1)) {
      found.push([starts[at] ?? 0, ends[at + needle.length - 1] ?? text.length]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of found) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The text cut into plain and matched parts, in order. */
export function highlightParts(
  text: string,
  keywords: readonly string[],
): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const [start, end] of keywordRanges(text, keywords)) {
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
