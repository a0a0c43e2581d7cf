import { describe, expect, it } from 'vitest';
import { externalImageSources, sanitizeArticleHtml } from './html.ts';

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
    ['<img src="https://tracker.example/p.gif">', ''],
    ['<img src="/uploads/images/../../api/x.webp">', ''],
  ])('cleans %s', (input, output) => {
    expect(sanitizeArticleHtml(input)).toBe(output);
  });

  it('keeps formatting, safe links and images, putting our copies in place of images elsewhere', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <a href="https://example.com">l</a></p><ul><li>x</li></ul><blockquote>q</blockquote><pre><code>c</code></pre><img src="https://cdn.example.com/a.png?x=1&amp;y=2" alt="a">';
    const copies = new Map([['https://cdn.example.com/a.png?x=1&y=2', '/uploads/images/b.webp']]);
    expect(sanitizeArticleHtml(html, copies)).toBe(
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">l</a></p><ul><li>x</li></ul><blockquote>q</blockquote><pre><code>c</code></pre><img src="/uploads/images/b.webp" alt="a" />',
    );
  });

  it('lists the https images a text shows, once each, and not those the cleaning drops', () => {
    expect(
      externalImageSources(
        '<img src="https://a.example/1.png"><script><img src="https://hidden.example/x.png"></script><img src="https://a.example/1.png"><img src="http://b.example/2.png"><img src="/uploads/images/c.webp"><p><img src="https://d.example/3.png?q=1&amp;r=2"></p>',
      ),
    ).toEqual(['https://a.example/1.png', 'https://d.example/3.png?q=1&r=2']);
  });
});
