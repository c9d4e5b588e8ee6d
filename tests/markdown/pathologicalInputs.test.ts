import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { callInChild } from '../helpers/boundedChild.ts';
import type { MarkdownOutcome } from '../helpers/childTasks.ts';
import { pathologicalInputs } from './pathologicalInputs.ts';

/** What refuses an input, by the start of its message. */
const refused = {
  emphasis: /^more than 1000 emphasis markers \(\* _ ~\) in one paragraph/,
  containers: /^blockquotes, lists and footnotes nested more than 32 deep/,
  brackets: /^links or images nested more than 32 deep/,
  work: /^a paragraph of \d+ characters with \d+ markers \(\[ \] < ` \* _ ~\)/,
  page: /^a page of more than 1,000,000 characters/,
  footnotes: /^more than 1000 footnote references and definitions in one page/,
};

/**
 * Each input is refused before parsing, at the line of the first marker past a limit, or rendered
 * (the HTML cmark's test expects, where the site's pipeline agrees). Line 1 unless said.
 */
const expected: Record<keyof typeof pathologicalInputs, RegExp | { html: RegExp } | { refused: RegExp; line: number }> =
  {
    'nested strong emph': refused.emphasis,
    'many emph closers with no openers': refused.emphasis,
    'many emph openers with no closers': refused.emphasis,
    'many link closers with no openers': refused.work,
    'many link openers with no closers': refused.brackets,
    'mismatched openers and closers': refused.emphasis,
    'issue #389': refused.emphasis,
    'openers and closers multiple of 3': refused.emphasis,
    'link openers and emph closers': refused.brackets,
    'pattern [ (]( repeated': refused.work,
    'pattern ![[]() repeated': refused.brackets,
    'hard link/emph case': { html: /^<p>\*\*x <a href="d">a<em>b\*\*c<\/em><\/a><\/p>$/ },
    'nested brackets': refused.brackets,
    'nested block quotes': refused.containers,
    'deeply nested lists': { refused: refused.containers, line: 33 },
    'U+0000 in input': { html: /^<p>abc\uFFFDde\uFFFD<\/p>$/ },
    backticks: refused.page,
    'unclosed links A': refused.work,
    'unclosed links B': refused.work,
    'unclosed <!--': refused.page,
    'empty lines in deeply nested lists': refused.containers,
    'empty lines in deeply nested lists in blockquote': refused.containers,
    'emph in deep blockquote': refused.containers,
    // Every reference is to the one label left undefined, as in cmark's test.
    'reference collisions': { html: /^(<p>\[x8\]<\/p>\n?){24999}$/ },
    'nested inlines': refused.emphasis,
    'nested images': refused.brackets,
    'pattern [ (]( repeated 80,000 times': refused.work,
    'unclosed <!-- 40,000 times': refused.work,
    'nested brackets 50,000 deep': refused.brackets,
    'link closers 65,000 times': refused.work,
    '20,000 footnotes': { refused: refused.footnotes, line: 2_001 },
    'a table of 100,000 rows': { refused: refused.page, line: 72_223 },
    'a 10 MB line': refused.page,
  };

let outcomes: Record<string, MarkdownOutcome>;

// All inputs in one child process, with a deadline far beyond what the bounded work takes (about
// 10 s on a busy 2-core machine, most of it starting the child): before these limits, the inputs
// took over 30 s each, several of them minutes, so a regression runs into it on any machine
// rather than passing on a fast one; and the refusals do not depend on time at all.
beforeAll(async () => {
  const outcome = await callInChild(
    path.resolve('tests/helpers/childTasks.ts'),
    'renderPathologicalInputs',
    [Object.keys(pathologicalInputs)],
    240_000,
  );
  if (!outcome.done)
    throw new Error(`rendering did not end within 240 s, on:\n${outcome.output.trim().split('\n').at(-1)}`);
  outcomes = outcome.result as Record<string, MarkdownOutcome>;
}, 300_000);

describe("cmark's pathological inputs and issue #30's", () => {
  it.each(Object.entries(expected))('%s: refused at its line and column, or rendered', (name, expectation) => {
    const outcome = outcomes[name];
    if ('html' in expectation) {
      expect(outcome).toHaveProperty('html');
      expect((outcome as { html: string }).html.trim()).toMatch(expectation.html);
    } else {
      const { refused: message, line } =
        expectation instanceof RegExp ? { refused: expectation, line: 1 } : expectation;
      expect(outcome).toMatchObject({ refused: expect.stringMatching(message), line, column: expect.any(Number) });
    }
  });
});
