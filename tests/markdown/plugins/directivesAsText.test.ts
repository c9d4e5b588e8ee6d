import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../renderMarkdown.ts';

const fixtures: Array<[string, string]> = [
  ['Aspect 16:9{x} and 4:3.', '<p>Aspect 16:9{x} and 4:3.</p>'],
  [':abbr[HTML]{title="Hyper"} is old.', '<p>:abbr[HTML]{title="Hyper"} is old.</p>'],
  ['Empty :a[] label.', '<p>Empty :a[] label.</p>'],
  ['A :x[*label*]{#id .c} here.', '<p>A :x[<em>label</em>]{#id .c} here.</p>'],
  ['::leaf[x]{a=1}', '<p>::leaf[x]{a=1}</p>'],
  ['::leaf', '<p>::leaf</p>'],
  ['Escaped :a[x\\]y]{k=v}.', '<p>Escaped :a[x]y]{k=v}.</p>'],
  ['> Meet at 10:30{sharp}.', '<blockquote>\n<p>Meet at 10:30{sharp}.</p>\n</blockquote>'],
];

describe('remarkDirectivesAsText', () => {
  it.each(fixtures)('gives %j back as the text written', async (markdown, html) => {
    expect((await renderMarkdown(markdown)).html).toBe(html);
  });
});
