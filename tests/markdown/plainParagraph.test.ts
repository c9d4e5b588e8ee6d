import { beforeAll, describe, expect, it } from 'vitest';
import { plainParagraph } from '../../src/markdown/plainParagraph.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../src/markdown/highlighter.ts';

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer(await loadHighlighter());
});

describe('plainParagraph', () => {
  it.each([
    'The bundle was created.',
    'Only bundles with this status.',
    'Number of results per page (default 50, at most 100).',
    'Say "hello" to the signer; it is fine.',
    "The signer's key, 2 to 20 characters.",
    '   Trimmed text.  ',
  ])('gives exactly what the pipeline gives for %j', async (text) => {
    const fast = await plainParagraph(text);
    expect(fast).toBeDefined();
    expect(fast).toBe(
      (await render(text, 'x.md', { relativePath: 'x.md', routes: new Map(), variables: new Map() })).html,
    );
  });

  it.each([
    'Use `code` here.',
    'A *word*.',
    'See [docs](/docs/).',
    'Line one\nline two',
    '- a list',
    '1. first',
    'x < y',
    'Tom & Jerry',
    'https://example.com',
    'note: colon',
    // GFM links the address: <a href="mailto:…">.
    'Write to support@example.com for help.',
  ])('leaves %j to the pipeline', (text) => {
    expect(plainParagraph(text)).toBeUndefined();
  });
});
