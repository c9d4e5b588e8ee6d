import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../renderMarkdown.ts';

const fixtures: Array<[string, string]> = [
  [
    'Send `Authorization: Bearer` as Bearer <token> and retry.',
    '<p>Send <code>Authorization: Bearer</code> as Bearer &#x3C;token> and retry.</p>',
  ],
  ['Returns List<Envelope>.', '<p>Returns List&#x3C;Envelope>.</p>'],
  [
    'Hello <script>alert(1)</script> <img src=x onerror=alert(1)>',
    '<p>Hello &#x3C;script>alert(1)&#x3C;/script> &#x3C;img src=x onerror=alert(1)></p>',
  ],
  [
    '<div onclick="x()">\n*block*\n</div>\n\nAfter',
    '<p>&#x3C;div onclick="x()">\n*block*\n&#x3C;/div></p>\n<p>After</p>',
  ],
  ['> <!-- a note -->\n> text', '<blockquote>\n<p>&#x3C;!-- a note --></p>\n<p>text</p>\n</blockquote>'],
  ['- a <b>{{product}}</b>', '<ul>\n<li>a &#x3C;b>Acme Sign&#x3C;/b></li>\n</ul>'],
];

describe('remarkRawHtmlAsText', () => {
  it.each(fixtures)('shows the raw HTML in %j as text', async (markdown, html) => {
    expect((await renderMarkdown(markdown)).html).toBe(html);
  });
});
