import { render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { safeImageUrl } from '../../lib/safe-image-url.ts';
import { articleElements, hasArticleContent } from './article-elements.ts';

/** What the page holds after React rendered the article's elements. */
function parse(html: string): HTMLElement {
  return render(createElement('article', null, articleElements(html))).container
    .firstElementChild as HTMLElement;
}

describe('articleElements', () => {
  it('keeps the formatting the editor produces', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><p><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s></p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><blockquote><p>q</p></blockquote>' +
      '<pre><code>const a = 1;\n  return a &lt; 2 &amp;&amp; "x";</code></pre><hr><p>x<br>y &amp; z</p>';
    expect(parse(html).innerHTML).toBe(html);
  });

  it('keeps the text of tags outside the allow-list, and drops what scripts, styles and frames hold', () => {
    const root = parse(
      '<div><span class="x">kept</span> <font color="red">too</font></div>' +
        '<noscript><img src="/uploads/images/a.webp"></noscript><template><p>t</p></template>' +
        '<textarea>t</textarea><math><mi>x</mi></math><!-- a comment -->',
    );
    expect(root.innerHTML).toBe('kept too');
  });

  it('never lets HTML inside text or attribute values become markup', () => {
    const root = parse(
      '<p>&lt;img src=x onerror=alert(1)&gt;</p>' +
        '<img src="/uploads/images/a.webp" alt="&quot;><script>alert(1)</script>">',
    );
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelectorAll('img')).toHaveLength(1);
    expect(root.querySelector('p')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(root.querySelector('img')?.getAttribute('alt')).toBe('"><script>alert(1)</script>');
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
    const links = root.querySelectorAll('a');
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(link.hasAttribute('href')).toBe(false);
      expect(link.hasAttribute('target')).toBe(false);
    }
    expect(root.textContent).toBe('abcd');
    // An image whose address is not one of our uploads is not shown at all.
    expect(root.querySelector('img')).toBeNull();
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

  it('keeps uploaded images with their size and text, and drops images from elsewhere', () => {
    const image = parse(
      '<img src="/uploads/images/a.webp" alt="chart" width="640" height="360" class="x" id="y">',
    ).querySelector('img');
    expect(image?.getAttribute('src')).toBe('/uploads/images/a.webp');
    expect(image?.getAttribute('alt')).toBe('chart');
    expect(image?.getAttribute('width')).toBe('640');
    expect(image?.hasAttribute('class')).toBe(false);
    expect(image?.hasAttribute('id')).toBe(false);
    expect(parse('<img src="https://cdn.example/a.png" alt="t">').querySelector('img')).toBeNull();
    expect(parse('<img src="/uploads/images/../../api/x.webp">').querySelector('img')).toBeNull();
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
