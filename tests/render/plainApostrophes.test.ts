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
