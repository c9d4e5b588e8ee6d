import { beforeAll, describe, expect, it } from 'vitest';
import { htmlParagraphs } from '../../src/markdown/htmlParagraphs.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../src/markdown/highlighter.ts';

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer(await loadHighlighter());
});

/** The pipeline's HTML for a description, as the API reference renders one, and the hrefs of the links it records for the check. */
const pipeline = async (text: string) => {
  const rendered = await render(text, 'openapi/api.yaml', {
    relativePath: '../openapi',
    routes: new Map([['docs/intro.md', '/docs/intro/']]),
    variables: new Map([['apiBase', 'https://api.example/v1']]),
    baseUrl: '/',
    descriptionHtml: { imageOrigins: [], headingsBelow: 3 },
  });
  return { html: rendered.html, links: rendered.links.map((link) => link.href) };
};

// Each real string of Stripe's description is checked against the pipeline by the session's
// script (430 of its 436 HTML descriptions taken, all identical); these are the shapes, and the edges.
describe('htmlParagraphs', () => {
  it.each([
    '<p>Retrieves the details of an account.</p>',
    '<p>Returns a list of accounts connected to your platform via <a href="/docs/connect">Connect</a>. If you’re not a platform, the list is empty.</p>',
    '<p>With <a href="/docs/connect">Connect</a>, you can create accounts.\nTo do this, first <a href="https://dashboard.example/settings?tab=1#apps">register your platform</a>.</p>\n\n<p>Then <code>POST</code> the <strong>account</strong> with <em>care</em>.</p>',
    '\n<p>Leading and trailing blank lines.</p>\n\n  \n<p>A line of spaces between blocks.</p>\n  \n',
    '<p>References: a &amp; b, 1 &lt; 2, 3 &gt; 2, &quot;quoted&quot;, it&#39;s, and a > and " as text.</p>',
    '<p>Links to <a href="#pay_invoice">an anchor</a> are checked, <a href="#b">in order</a>.</p>\n\n<p>A <a href="#schema/account">fragment</a>, an <a href="http://example.com/a(b)">old URL</a>, <code><a href="/x">code in a link</a></code>.</p>',
    '<p><a href="/docs"><code>code</code> in a link</a> and <strong><em>nested</em> emphasis</strong>.</p>',
    '<p></p>',
    '<p>Two</p>\n\n<p>paragraphs</p>\n\n<p>and three.</p>',
  ])('writes what the pipeline writes for %j', async (text) => {
    const written = htmlParagraphs(text);
    expect(written).toBeDefined();
    expect(written).toEqual(await pipeline(text));
  });

  it.each([
    '',
    'Plain text, for plainParagraphs.',
    '<p>Not closed',
    '<p>One</p><p>two on a line</p>',
    '<p>One</p>\n<p>no blank line between</p>',
    ' <p>Indented.</p>',
    '<p>Text</p> after it',
    '<p class="x">An attribute.</p>',
    '<p>A <br> break.</p>',
    '<p>A <a href="javascript:alert(1)">script</a>.</p>',
    '<p>A <a href="//host.example/x">protocol-relative</a> link.</p>',
    '<p>A <a href="/x" title="t">titled</a> link.</p>',
    '<p>An <a href="/it\'s">apostrophe</a> the serializer writes as a reference in an attribute.</p>',
    '<p>Spaces after a block</p>  \n\n<p>that is not the last.</p>',
    '<p>Spaces after the last block, which the pipeline keeps.</p>  \n',
    '<p>A <a href="/x?a=1&amp;b=2">reference in a URL</a>.</p>',
    '<p>A <a href="/x">link <a href="/y">in a link</a></a>.</p>',
    '<p><strong>Crossed <em>elements</strong></em>.</p>',
    '<p><code>Unclosed code.</p>',
    '<p>An entity&nbsp;the serializer writes otherwise.</p>',
    '<p>An &amp unterminated reference.</p>',
    '<p>A {{variable}}.</p>',
    '<p>A tab\there.</p>',
    `<p>${'Long. '.repeat(600)}</p>`,
  ])('leaves %j to the pipeline', (text) => {
    expect(htmlParagraphs(text)).toBeUndefined();
  });
});
