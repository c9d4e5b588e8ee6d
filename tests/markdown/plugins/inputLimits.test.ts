import { describe, expect, it } from 'vitest';
import { renderError, renderMarkdown } from '../renderMarkdown.ts';
import { maxContainerDepth, maxDelimiterRuns, maxDirectiveFence } from '../../../src/markdown/plugins/inputLimits.ts';

const tooDeep = `blockquotes, lists and footnotes nested more than ${maxContainerDepth} deep`;
const indentedList = (levels: number) => Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');

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
    expect(error.message).toMatch(new RegExp(`^more than ${maxDelimiterRuns} runs of \\* _ ~ in one paragraph`));
    expect(error.location).toMatchObject({ line: 3, column: 2 * maxDelimiterRuns + 1 });
  });

  it('counts delimiters per paragraph, not in code', async () => {
    const paragraphs = Array.from({ length: 3 }, () => '*a*'.repeat(maxDelimiterRuns / 2 - 1)).join('\n\n');
    const fenced = `\`\`\`\n${'*'.repeat(1).concat(' x ').repeat(maxDelimiterRuns + 1)}\n\`\`\``;
    await expect(renderMarkdown(`${paragraphs}\n\n${fenced}\n`)).resolves.toBeDefined();
  });

  it('refuses directives nested past the limit at the outermost fence, and accepts them up to it', async () => {
    const nested = (levels: number) => {
      const fences = Array.from({ length: levels }, (_, i) => ':'.repeat(3 + levels - 1 - i));
      return `${fences.map((fence) => `${fence}note`).join('\n')}\nx\n${fences.reverse().join('\n')}\n`;
    };
    const error = await renderError(`Intro\n\n${nested(1_500)}`);
    expect(error.message).toMatch(/^a ::: fence of more than \d+ colons nests directives/);
    expect(error.location).toMatchObject({ line: 3, column: 1 });
    await expect(renderMarkdown(nested(maxDirectiveFence - 2))).resolves.toBeDefined();
  });
});
