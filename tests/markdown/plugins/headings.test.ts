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

  it("take Docusaurus's explicit id written last in a heading, out of its text", async () => {
    const result = await renderMarkdown(
      '## Set up the client {#setup}\n\n### Set up {#setup-2}\n\nSee [above](#setup).\n',
    );
    expect(result.toc).toEqual([
      { id: 'setup', text: 'Set up the client', level: 2 },
      { id: 'setup-2', text: 'Set up', level: 3 },
    ]);
    expect(result.html).toContain(
      '<h2 id="setup">Set up the client<a class="hash-link" aria-hidden="true" tabindex="-1" href="#setup">#</a></h2>',
    );
  });
});
