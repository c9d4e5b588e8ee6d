import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { plainApostrophes } from '../../src/render/plainApostrophes.ts';
import { renderPage } from '../../src/render/renderPage.ts';

describe('plainApostrophes', () => {
  it("writes React's &#x27; as ' in text and double-quoted attributes, and the browser reads the same", () => {
    const element = createElement('meta', { content: "default-src 'self'", title: "it's" });
    const escaped = renderToStaticMarkup(element);
    expect(escaped).toBe('<meta content="default-src &#x27;self&#x27;" title="it&#x27;s"/>');
    expect(plainApostrophes(escaped)).toBe(`<meta content="default-src 'self'" title="it's"/>`);
    expect(plainApostrophes('<p>don&#x27;t, &amp;#x27; stays an ampersand</p>')).toBe(
      "<p>don't, &amp;#x27; stays an ampersand</p>",
    );
  });

  it('leaves raw text, comments and CDATA as written: there &#x27; is not a reference', () => {
    const kept = [
      '<script>var s = "&#x27;";</script>',
      '<style>a::after{content:"&#x27;"}</style>',
      '<noscript>&#x27;</noscript>',
      '<!-- &#x27; -->',
      '<svg><![CDATA[&#x27;]]></svg>',
    ];
    for (const html of kept) expect(plainApostrophes(`${html}<b>&#x27;</b>`)).toBe(`${html}<b>'</b>`);
  });

  it('skips exactly what one regular expression for whole parts would skip, on edge cases and random HTML', () => {
    // The definition the scan in plainApostrophes.ts must agree with (it was the implementation).
    const whole =
      /<(script|style|xmp|iframe|noembed|noframes|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|&#x27;/gi;
    const byDefinition = (html: string) => html.replace(whole, (match) => (match === '&#x27;' ? "'" : match));
    const cases = [
      '<script>&#x27;',
      '<script &#x27;',
      '<SCRIPT type="x">&#x27;</script >&#x27;',
      '<script>&#x27;</style>&#x27;</script>&#x27;',
      '<scripts>&#x27;</scripts>',
      '&#X27; &#x27;',
      '<!-- &#x27; &#x27;',
      '<![CDATA[ &#x27; ]]',
      '<style>&#x27;</STYLE\n>&#x27;<!--&#x27;-->&#x27;',
    ];
    const parts = [
      '<script>',
      '</script>',
      '<Style a="b">',
      '</style >',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '&#x27;',
      '&#X27;',
      '<p>',
      'x',
      '>',
      '<',
    ];
    let seed = 2026;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 2000; n++)
      cases.push(Array.from({ length: 1 + (next() % 12) }, () => parts[next() % parts.length]).join(''));
    for (const html of cases) expect(plainApostrophes(html), html).toBe(byDefinition(html));
  });

  it('is what every rendered page and fragment gets', () => {
    const page = renderPage(
      () => createElement('p', { title: "a'b" }, "c'd"),
      {},
      { route: '/x/' },
      { fragment: true },
    );
    expect(page).toBe(`<p title="a'b">c'd</p>`);
  });
});
