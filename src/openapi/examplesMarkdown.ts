import { directiveName } from '../markdown/directives.ts';
import type { NamedExample } from './codeSamples.ts';

/** The backticks that fence `code`: three, or one more than the longest run of three or more inside it. */
export const fenceTicks = (code: string): string =>
  '`'.repeat(Math.max(3, ...[...code.matchAll(/`{3,}/g)].map((run) => run[0].length + 1)));

const fenced = (language: string, code: string) => {
  const ticks = fenceTicks(code);
  return `${ticks}${language}\n${code}\n${ticks}`;
};

/** Text that a tab's label shows as written: Markdown's punctuation and `{{` escaped. */
const literal = (text: string) => text.replace(/[\\[\]`*_<>{}!#&~|]/g, '\\$&').replace(/\s+/g, ' ');

/**
 * The examples of a body as Markdown: one is its code block; several are a tab group, a tab for
 * each named by its summary (its key when it has none, or when two summaries are the same), its
 * description above its code, as Redoc and Scalar let a reader pick one.
 */
export function examplesMarkdown(language: string, examples: (NamedExample & { text: string })[]): string {
  if (examples.length === 1) return fenced(language, examples[0].text);
  const summaries = examples.map((example) => example.summary);
  const tabs = examples.map((example) => {
    const unique =
      example.summary !== undefined && summaries.indexOf(example.summary) === summaries.lastIndexOf(example.summary);
    const label = unique
      ? example.summary!
      : example.summary === undefined
        ? example.name
        : `${example.summary} (${example.name})`;
    const description = example.description?.trim() ? `${example.description.trim()}\n\n` : '';
    return `:::${directiveName('tab')}[${literal(label)}]\n${description}${fenced(language, example.text)}\n:::`;
  });
  return [`::::${directiveName('tabs')}`, ...tabs, '::::'].join('\n');
}
