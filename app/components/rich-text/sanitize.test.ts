import { describe, expect, it } from 'vitest';
import { safeImageUrl } from '../../lib/safe-image-url.ts';
import { hasArticleContent, sanitizeArticleHtml } from './sanitize.ts';

function parse(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = sanitizeArticleHtml(html);
  return holder;
}

describe('sanitizeArticleHtml', () => {
  it('keeps the formatting the editor produces', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><p><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s></p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>q</p></blockquote>' +
      '<pre><code>const a = 1;</code></pre><hr><p>x<br>y</p>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers, style attributes and frames', () => {
    const root = parse(
      '<p style="color:red" onclick="alert(1)">text</p><script>window.pwned = 1</script>' +
        '<img src="/uploads/images/a.webp" onerror="alert(2)" style="width:1px">' +
        '<iframe src="https://evil.example"></iframe><svg onload="alert(3)"></svg>' +
        '<form action="https://evil.example"><input name="x"></form><style>p{}</style>',
    );
    expect(root.querySelector('script, iframe, svg, form, input, style')).toBeNull();
    for (const element of root.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name).not.toMatch(/^on|^style$/);
      }
    }
    expect(root.textContent).toBe('text');
    expect(root.querySelector('img')?.getAttribute('src')).toBe('/uploads/images/a.webp');
  });

  it('drops javascript:, data: and other unsafe link and image addresses', () => {
    const root = parse(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>' +
        '<a href="data:text/html,<script>alert(1)</script>">c</a><a href="http://plain.example">d</a>' +
        '<img src="x" onerror="alert(1)"><img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)">',
    );
    for (const link of root.querySelectorAll('a')) expect(link.hasAttribute('href')).toBe(false);
    for (const image of root.querySelectorAll('img')) {
      expect(image.hasAttribute('src')).toBe(false);
      expect(image.hasAttribute('onerror')).toBe(false);
    }
  });

  it('opens allowed links in a new tab without handing over the page', () => {
    const link = parse('<a href="https://example.com/a" target="_self" rel="opener">x</a>').querySelector(
      'a',
    );
    expect(link?.getAttribute('href')).toBe('https://example.com/a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    const mail = parse('<a href="mailto:desk@example.com">m</a>').querySelector('a');
    expect(mail?.getAttribute('href')).toBe('mailto:desk@example.com');
  });

  it('keeps uploaded images with their size and text, and drops the source of images elsewhere', () => {
    const image = parse(
      '<img src="/uploads/images/a.webp" alt="chart" width="640" height="360" class="x" id="y">',
    ).querySelector('img');
    expect(image?.getAttribute('src')).toBe('/uploads/images/a.webp');
    expect(image?.getAttribute('alt')).toBe('chart');
    expect(image?.getAttribute('width')).toBe('640');
    expect(image?.hasAttribute('class')).toBe(false);
    expect(image?.hasAttribute('id')).toBe(false);
    const tracker = parse('<img src="https://cdn.example/a.png" alt="t">').querySelector('img');
    expect(tracker?.hasAttribute('src')).toBe(false);
  });
});

describe('hasArticleContent', () => {
  it('tells an empty editor from real content', () => {
    expect(hasArticleContent('')).toBe(false);
    expect(hasArticleContent('<p></p>')).toBe(false);
    expect(hasArticleContent('<p> &nbsp; </p><p><br></p>')).toBe(false);
    expect(hasArticleContent('<p><script>alert(1)</script></p>')).toBe(false);
    expect(hasArticleContent('<p>Hello</p>')).toBe(true);
    expect(hasArticleContent('<img src="/uploads/images/a.webp">')).toBe(true);
  });
});

describe('safeImageUrl', () => {
  it('accepts our uploads and our media only', () => {
    expect(safeImageUrl('/uploads/images/a.webp')).toBe('/uploads/images/a.webp');
    expect(safeImageUrl('/media/default-avatar.svg')).toBe('/media/default-avatar.svg');
    expect(safeImageUrl('https://cdn.example/a.png')).toBeNull();
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
    expect(safeImageUrl('http://tracker.example/p.gif')).toBeNull();
    expect(safeImageUrl('//evil.example/a.png')).toBeNull();
    expect(safeImageUrl('')).toBeNull();
    expect(safeImageUrl(null)).toBeNull();
    expect(safeImageUrl('/uploads/../api/Management/GetUsers')).toBeNull();
    expect(safeImageUrl('/media/%2E%2E/api/x')).toBeNull();
  });
});
