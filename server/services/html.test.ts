import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './html.ts';

describe('sanitizeArticleHtml', () => {
  it.each([
    ['<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
    ['<img src="/uploads/images/a.webp" onerror="alert(1)">', '<img src="/uploads/images/a.webp" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<p style="color:red" onclick="x()">t</p>', '<p>t</p>'],
    ['<img src="data:image/png;base64,AAAA">', ''],
    ['<img src="/elsewhere/a.png">', ''],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
  ])('cleans %s', (input, output) => {
    expect(sanitizeArticleHtml(input)).toBe(output);
  });

  it('keeps formatting, safe links and images', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <a href="https://example.com">l</a></p><ul><li>x</li></ul><blockquote>q</blockquote><pre><code>c</code></pre><img src="https://cdn.example.com/a.png" alt="a">';
    expect(sanitizeArticleHtml(html)).toBe(
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">l</a></p><ul><li>x</li></ul><blockquote>q</blockquote><pre><code>c</code></pre><img src="https://cdn.example.com/a.png" alt="a" />',
    );
  });
});
