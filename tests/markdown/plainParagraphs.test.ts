import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { plainParagraphs } from '../../src/markdown/plainParagraphs.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../src/markdown/highlighter.ts';

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer(await loadHighlighter());
});

/** The pipeline's HTML for a description, as the API reference renders one (with a content variable). */
const pipeline = async (text: string) =>
  (
    await render(text, 'openapi/api.yaml', {
      relativePath: '../openapi',
      routes: new Map(),
      variables: new Map([['apiBase', 'https://api.example/v1']]),
      descriptionHtml: { imageOrigins: [], headingsBelow: 3 },
    })
  ).html;

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
  ])('gives exactly what the pipeline gives for %j', async (text) => {
    const fast = await plainParagraphs(text);
    expect(fast).toBeDefined();
    expect(fast).toBe(await pipeline(text));
  });

  it.each([
    'A *word*.',
    'See [docs](/docs/).',
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
    expect(plainParagraphs(text)).toBeUndefined();
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
    ];
    let taken = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { maxLength: 24 }), async (parts) => {
        const text = parts.join('');
        const fast = plainParagraphs(text);
        if (fast === undefined) return;
        taken++;
        expect(await fast).toBe(await pipeline(text));
      }),
      { numRuns: 3000, seed: 29 },
    );
    // Not vacuous: a good share of the texts made took the shortcut.
    expect(taken).toBeGreaterThan(300);
  }, 120_000);
});
