import matter from 'gray-matter';
import jsYaml from 'js-yaml';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../src/content/frontMatter.ts';

/**
 * parseFrontMatter hands gray-matter only the head of a page (src/content/frontMatter.ts): the
 * result must be what gray-matter gives for the whole text, whatever the page's shape.
 */
const schema = z.record(z.string(), z.unknown());
const variables = new Map<string, string>();
const yaml = { engines: { yaml: (block: string) => (jsYaml.load(block) ?? {}) as object } };

const cases: [string, string][] = [
  ['front matter and body', '---\ntitle: A\n---\n\n# A\n\nText.\n'],
  ['CRLF line ends', '---\r\ntitle: A\r\n---\r\n\r\nText\r\n'],
  ['a byte-order mark', '\uFEFF---\ntitle: A\n---\nText\n'],
  ['a byte-order mark and no front matter', '\uFEFF# A\n\nText\n'],
  ['no front matter', '# A\n\nText with --- inside\n---\nmore\n'],
  ['empty front matter', '---\n---\nText\n'],
  ['a language after the opening line', '---yaml\ntitle: A\n---\nText\n'],
  ['text after the closing dashes', '---\ntitle: A\n--- trailing\nText\n'],
  ['four dashes (no front matter)', '----\ntitle: A\n---\nText\n'],
  ['a block that is never closed', '---\ntitle: A\n'],
  ['a closing line at the end of the file', '---\ntitle: A\n---'],
  ['a thematic break later in the body', '---\ntitle: A\n---\nOne\n\n---\n\nTwo\n'],
  ['an empty file', ''],
];

describe('front matter split', () => {
  it.each(cases)('%s: the same data, body and body line as gray-matter on the whole text', (_name, source) => {
    const whole = matter(source, yaml);
    const ours = parseFrontMatter(source, '/c/docs/a.md', schema, variables);
    expect(ours.body).toBe(whole.content);
    expect(ours.frontMatter).toEqual(whole.data);
    expect(ours.bodyLine).toBe(whole.matter ? source.slice(0, source.length - whole.content.length).split('\n').length : 1);
  });

  const cache = (matter as unknown as { cache: Record<string, unknown> }).cache;
  afterEach(() => {
    (matter as unknown as { cache: Record<string, unknown> }).cache = cache;
  });

  it('never gives gray-matter the body: it looks each input up by its whole text', () => {
    const looked: string[] = [];
    (matter as unknown as { cache: Record<string, unknown> }).cache = new Proxy({}, { get: (_target, key) => void looked.push(String(key)) });
    const body = `# Long page\n\n${'A paragraph of the page. '.repeat(400)}\n`;
    parseFrontMatter(`---\ntitle: A\n---\n${body}`, '/c/docs/a.md', schema, variables);
    expect(looked.length).toBeGreaterThan(0);
    expect(Math.max(...looked.map((key) => key.length))).toBeLessThan(40);
  });
});
