import { describe, expect, it } from 'vitest';
import { renderError, renderMarkdown } from '../renderMarkdown.ts';
import {
  checkInputLimits,
  maxContainerDepth,
  maxDirectiveFence,
  maxPageLength,
} from '../../../src/markdown/plugins/inputLimits.ts';
import { maxDelimiters } from '../../../src/markdown/inlineWork.ts';

const tooDeep = `blockquotes, lists and footnotes nested more than ${maxContainerDepth} deep`;
const indentedList = (levels: number) =>
  Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');

describe('remarkInputLimits', () => {
  it.each([
    ['10,000 nested lists on one line', `Intro\n\n${'- '.repeat(10_000)}x\n`, 3, 2 * maxContainerDepth + 1],
    ['10,000 nested blockquotes on one line', `${'> '.repeat(10_000)}x\n`, 1, 2 * maxContainerDepth + 1],
    ['lists and blockquotes mixed', `${'- > '.repeat(5_000)}x\n`, 1, 2 * maxContainerDepth + 1],
    ['500 lists nested by indentation', indentedList(500), maxContainerDepth + 1, 2 * maxContainerDepth + 1],
    ['3,000 footnote definitions in one another', `${'[^a]: '.repeat(3_000)}x\n`, 1, 6 * maxContainerDepth + 1],
  ])('refuses %s at the first marker past the limit', async (_, markdown, line, column) => {
    const error = await renderError(markdown);
    expect(error.message).toBe(tooDeep);
    expect(error.location).toMatchObject({ line, column });
  });

  it('accepts containers nested to the limit, and code or rules that only look like markers', async () => {
    await expect(renderMarkdown(indentedList(maxContainerDepth))).resolves.toBeDefined();
    await expect(renderMarkdown(`${'> '.repeat(maxContainerDepth)}x\n`)).resolves.toBeDefined();
    const code = `\`\`\`\n${'> '.repeat(100)}\n${'- '.repeat(100)}\n\`\`\`\n\n    ${'- '.repeat(100)}\n\n${'* '.repeat(100)}\n`;
    const { html } = await renderMarkdown(code);
    expect(html).toContain('<hr>');
  });

  it('refuses a paragraph with too many emphasis delimiters at the first one past the limit', async () => {
    const error = await renderError(`Intro\n\n${'*a'.repeat(50_000)}\n`);
    expect(error.message).toMatch(
      new RegExp(`^more than ${maxDelimiters} emphasis markers \\(\\* _ ~\\) in one paragraph`),
    );
    expect(error.location).toMatchObject({ line: 3, column: 2 * maxDelimiters + 1 });
  });

  it('counts delimiters per paragraph, not in code', async () => {
    const paragraphs = Array.from({ length: 3 }, () => '*a*'.repeat(maxDelimiters / 2 - 1)).join('\n\n');
    const fenced = `\`\`\`\n${'*'
      .repeat(1)
      .concat(' x ')
      .repeat(maxDelimiters + 1)}\n\`\`\``;
    await expect(renderMarkdown(`${paragraphs}\n\n${fenced}\n`)).resolves.toBeDefined();
  });

  it('refuses directives nested past the limit at the outermost fence, and accepts them up to it', async () => {
    const nested = (levels: number) => {
      const fences = Array.from({ length: levels }, (_, i) => ':'.repeat(3 + levels - 1 - i));
      return `${fences.map((fence) => `${fence}note`).join('\n')}\nx\n${fences.reverse().join('\n')}\n`;
    };
    const error = await renderError(`Intro\n\n${nested(200)}`);
    expect(error.message).toMatch(/^a ::: fence of more than \d+ colons nests directives/);
    expect(error.location).toMatchObject({ line: 3, column: 1 });
    await expect(renderMarkdown(nested(maxDirectiveFence - 2))).resolves.toBeDefined();
  });

  // Shapes a writer may well write at length: each row, item or code line is no paragraph to the inline parser.
  it.each([
    [
      'a table of 5,000 rows of links and code',
      `Intro\n\n| Name | Link |\n|---|---|\n${'| `a_b` | [x](/docs/intro/) <b> |\n'.repeat(5_000)}`,
    ],
    ['a tight list of 5,000 links', `Intro\n\n${'- [x](/docs/intro/) and `a_b` <b>\n'.repeat(5_000)}`],
    ['a code block of 20,000 lines of markup', `Intro\n\n\`\`\`xml\n${'<a href="[x]">*</a>\n'.repeat(20_000)}\`\`\`\n`],
    ['a page just under the length limit', `${'word '.repeat(maxPageLength / 5 - 1)}\n`],
  ])('accepts %s', (_, markdown) => {
    expect(() => checkInputLimits(markdown, 'page.md')).not.toThrow();
  });

  it.each([
    // A table in a list item, or lines after a fence a list item closes, stay in one paragraph to the count.
    [
      'a paragraph of 5,000 lines of links',
      `Intro\n\n${'[x](/docs/intro/) and `a_b` <b>\n'.repeat(5_000)}`,
      /^a paragraph of \d+ characters with \d+ markers/,
    ],
    [
      'lines after a fence that a list item closes',
      `- \`\`\`\n${'a]'.repeat(10)}\n`.concat(`${'a]'.repeat(10)}\n`.repeat(2_000)),
      /^a paragraph of/,
    ],
    [
      'a page over the length limit',
      'word '.repeat(maxPageLength / 5 + 1),
      /^a page of more than 1,000,000 characters/,
    ],
    ['links nested 33 deep', `${'['.repeat(33)}a${'](u)'.repeat(33)}`, /^links or images nested more than 32 deep/],
    [
      '1,001 footnotes',
      Array.from({ length: 1_001 }, (_, i) => `[^${i}]: Note.`).join('\n\n'),
      /^more than 1000 footnote references/,
    ],
  ])('refuses %s', (_, markdown, message) => {
    expect(() => checkInputLimits(markdown, 'page.md')).toThrow(message);
  });
});
