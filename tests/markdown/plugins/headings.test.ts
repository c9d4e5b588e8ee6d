import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../renderMarkdown.ts';

describe('rehypeHeadings', () => {
  it('leave the visually hidden Footnotes heading out of the TOC and without an anchor, keeping its id', async () => {
    const result = await renderMarkdown('## Limits\n\nAt most 10[^1].\n\n[^1]: Per second.\n');
    expect(result.toc).toEqual([{ id: 'limits', text: 'Limits', level: 2 }]);
    expect(result.html).toContain('<h2 class="sr-only" id="footnote-label">Footnotes</h2>');
    expect(result.html).toContain(
      '<h2 id="limits">Limits<a class="hash-link" aria-hidden="true" tabindex="-1" href="#limits">#</a></h2>',
    );
  });
});
