import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { plainParagraphs } from '../../src/markdown/plainParagraphs.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../src/markdown/highlighter.ts';

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer(await loadHighlighter());
});

/**
 * The pipeline's HTML for a description, as the API reference renders one (with a content
 * variable and a page link can resolve to), and the hrefs of the links it records for the check.
 */
const pipeline = async (text: string, baseUrl = '/') => {
  const rendered = await render(text, 'openapi/api.yaml', {
    relativePath: '../openapi',
    routes: new Map([['docs/intro.md', '/docs/intro/']]),
    variables: new Map([['apiBase', 'https://api.example/v1']]),
    baseUrl,
    descriptionHtml: { imageOrigins: [], headingsBelow: 3 },
  });
  expect(rendered.links.every((link) => !link.missingFile)).toBe(true);
  return { html: rendered.html, links: rendered.links.map((link) => link.href) };
};

describe('plainParagraphs', () => {
  it.each([
    'The bundle was created.',
    'Only bundles with this status.',
    'Number of results per page (default 50, at most 100).',
    'Say "hello" to the signer; it is fine.',
    "The signer's key, 2 to 20 characters.",
    '   Trimmed text.  ',
    'Use `code` here.',
    'Line one\nline two',
    '\nFirst paragraph.\n\n\nSecond one, `with code`.\n',
    'The `<b>` and `a & b` spans, escaped.',
    'Spans ` padded `, `  `, `` a`b ``, ``` `` ```, `x\nacross lines`.',
    '`state` is `open` or `closed`.',
    'Ends with spaces on its last line   \n\n',
    'Note: the `access_token` of GITHUB_TOKEN, when page > 1:',
    'See [the guide](https://docs.example/a/b-c_d?x=1;y=%20#z), [`code` in it](/rest/x#y) and [here](#anchor).',
    'Linked [across\nlines](https://x.example) (in [parentheses](/a)).',
    '[A link](https://x.example/) starts it; **Note:** strong, *em*, **[bold link](/x)** and *`code`* end.',
    '**Fine-grained tokens**\n\n*Read:* `pull_requests`.',
    'Punctuation: (*em*), "**strong**", *1*.',
  ])('gives exactly what the pipeline gives for %j', async (text) => {
    for (const baseUrl of ['/', '/acme/']) {
      const fast = plainParagraphs(text, baseUrl);
      expect(fast).toBeDefined();
      expect(fast).toEqual(await pipeline(text, baseUrl));
    }
  });

  it.each([
    'A * b',
    '* a list',
    '***strong em***',
    'A *word* and **nested *em* inside**',
    'An *unclosed one',
    'Mismatched *runs**',
    '*Both*flanking*',
    'Word**glued**word',
    '*`code`*.',
    '[Link *with em*](/x)',
    'A [page](../intro.md) and [another](/docs/intro.md#x)',
    'A [link]( https://x.example ) with spaces',
    'A [link](https://x.example "title")',
    'A [link](<https://x.example>)',
    'A [link](https://x.example/a(b))',
    "A [link](https://x.example/it's)",
    'A [link](https://x.example/?a=1&b=2)',
    'A [link](https://x.example/%zz%2)',
    'A [link](//x.example) and [another](mailto:a)',
    'A [link](relative/path)',
    'A [reference][ref]',
    '[ref]: https://x.example',
    'A footnote[^1](/x)',
    '[Empty]() and [](/x)',
    'A [nested [link](/a)](/b)',
    'An image ![alt](/x.png)',
    'Code [spans `a](b)` over] brackets',
    'Ünï*code*',
    '- a list',
    '1. first',
    'A paragraph\n- then a list',
    'A paragraph\n2) then a list',
    'Title\n===',
    'Text\n```\ncode\n```',
    '    indented code',
    'A paragraph\n  indented continuation',
    'Hard  \nbreak',
    'x < y',
    'Tom & Jerry',
    'https://example.com',
    'WWW.example.com',
    'note:colon',
    'mailto:someone',
    'A ::leaf directive',
    '_emphasis_ here',
    'An _emphasised_ word',
    'snake_ case',
    'An `unclosed span',
    'A `` mismatched ` span',
    'tab\there',
    'Windows\r\nline',
    'A line\n> quoted',
    // GFM links the address: <a href="mailto:…">.
    'Write to support@example.com for help.',
    // Substituted, or refused with its location when unknown, by the pipeline.
    'Calls {{apiBase}} directly.',
  ])('leaves %j to the pipeline', (text) => {
    expect(plainParagraphs(text, '/')).toBeUndefined();
  });

  it('gives what the pipeline gives for any text it takes', async () => {
    const pieces = [
      ...[
        'Ab',
        'c9',
        'snake_case',
        'Note: ',
        'Ünï',
        '字',
        '(',
        ')',
        "'",
        '"',
        '.',
        ',',
        '-',
        '+',
        '=',
        '1.',
        '2)',
        '42',
      ],
      ...[' ', '  ', '   ', '    ', '\n', '\n\n', '\t', '\r'],
      ...['`', '``', '```', '~~~', '<b>', '&', '&amp;', '>', '#', '*', '_', ':', '|', '\\', '[', ']', '!'],
      ...['{{apiBase}}', '{{', '}}', 'www.', 'a@b.example', 'https://x.example', '\u00a0', '\0'],
      ...['**', '***', '](https://x.example/a?b=c#d)', '](/docs/x)', '](#y)', '](../intro.md)', '](', '(', '[^'],
    ];
    let taken = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { maxLength: 24 }), async (parts) => {
        const text = parts.join('');
        const fast = plainParagraphs(text, '/acme/');
        if (fast === undefined) return;
        taken++;

        expect(fast).toEqual(await pipeline(text, '/acme/'));
      }),
      { numRuns: 3000, seed: 29 },
    );
    // Not vacuous: a good share of the texts made took the shortcut.
    expect(taken).toBeGreaterThan(300);
  }, 120_000);

  it('gives what the pipeline gives for links and emphasis among punctuation', async () => {
    // Words, punctuation and links, some wrapped in `*`/`**` runs; a few pieces that send it to the pipeline.
    const plain = fc.constantFrom('Ab', ' ', '\n', '.', ',', ':', '(', ')', '"', '`c`', '[a](/b)', '[`c` d](#e)');
    const bracket = fc.constantFrom('[', ']', '](/x)', '](https://x.example/y?z=1#w)', '](x.md)', '](', '[a](b c)');
    const rare = fc.constantFrom('\n\n', "'", '-', '`', '_', '!', '<', '*', '**', '***');
    const inner = fc.array(fc.oneof({ weight: 6, arbitrary: plain }, bracket, rare), { minLength: 1, maxLength: 5 });
    const emphasis = fc.tuple(fc.constantFrom('*', '**'), inner).map(([run, parts]) => run + parts.join('') + run);
    const piece = fc.oneof({ weight: 8, arbitrary: plain }, { weight: 5, arbitrary: emphasis }, bracket, rare);
    let linked = 0;
    let emphasised = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 8 }), async (parts) => {
        const text = `Ab ${parts.join('')}`;
        const fast = plainParagraphs(text, '/acme/');
        if (fast === undefined) return;
        if (fast.links.length > 0) linked++;
        if (/<(em|strong)>/.test(fast.html)) emphasised++;
        expect(fast).toEqual(await pipeline(text, '/acme/'));
      }),
      { numRuns: 6000, seed: 29 },
    );
    // Not vacuous: links and emphasis were among the texts taken.
    expect(linked).toBeGreaterThan(100);
    expect(emphasised).toBeGreaterThan(100);
  }, 120_000);
});
