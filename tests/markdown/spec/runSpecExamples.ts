import { beforeAll, describe, expect, it } from 'vitest';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../../src/markdown/highlighter.ts';
import { DocsgenError } from '../../../src/errors.ts';
import { normalizeHtml } from './normalizeHtml.ts';
import { exclusionOf, type Exclusion } from './exclusions.ts';

export interface SpecExample {
  number: number;
  section: string;
  markdown: string;
  html: string;
}

/**
 * One test per spec example, rendered by the site's own pipeline and compared after
 * normalizeHtml. A non-excluded example must match; an excluded one must still not match (so
 * the list stays honest) and must render or fail with a located DocsgenError, never crash.
 */
export function runSpecExamples(
  name: string,
  examples: readonly SpecExample[],
  exclusions: Record<string, Exclusion>,
): void {
  let render: MarkdownRenderer;
  beforeAll(async () => {
    render = createMarkdownRenderer(await loadHighlighter());
  });

  describe(name, () => {
    it('lists only examples that exist', () => {
      const numbers = new Set(examples.map((example) => example.number));
      for (const exclusion of Object.values(exclusions))
        for (const number of exclusion.examples) expect(numbers).toContain(number);
    });

    for (const example of examples) {
      const excluded = exclusionOf(exclusions, example.number);
      it(`example ${example.number} (${example.section})${excluded ? ' is excluded' : ''}`, async () => {
        const outcome = await render(example.markdown, '/spec/example.md', {
          relativePath: 'example.md',
          routes: new Map(),
          variables: new Map(),
        }).then(
          (result) => normalizeHtml(result.html),
          (error: unknown) => {
            expect(error).toBeInstanceOf(DocsgenError);
            expect((error as DocsgenError).location).toMatchObject({
              file: '/spec/example.md',
              line: expect.any(Number),
            });
            return `error: ${(error as DocsgenError).message}`;
          },
        );
        const expected = normalizeHtml(example.html);
        if (excluded)
          expect(outcome, `excluded (${excluded}) but it passes now: take it off the list`).not.toBe(expected);
        else expect(outcome).toBe(expected);
      });
    }
  });
}
