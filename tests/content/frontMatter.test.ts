import matter from 'gray-matter';
import jsYaml from 'js-yaml';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { docFrontMatterSchema, parseFrontMatter } from '../../src/content/frontMatter.ts';

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
    expect(ours.bodyLine).toBe(
      whole.matter ? source.slice(0, source.length - whole.content.length).split('\n').length : 1,
    );
  });

  const cache = (matter as unknown as { cache: Record<string, unknown> }).cache;
  afterEach(() => {
    (matter as unknown as { cache: Record<string, unknown> }).cache = cache;
  });

  it('never gives gray-matter the body: it looks each input up by its whole text', () => {
    const looked: string[] = [];
    (matter as unknown as { cache: Record<string, unknown> }).cache = new Proxy(
      {},
      { get: (_target, key) => void looked.push(String(key)) },
    );
    const body = `# Long page\n\n${'A paragraph of the page. '.repeat(400)}\n`;
    parseFrontMatter(`---\ntitle: A\n---\n${body}`, '/c/docs/a.md', schema, variables);
    expect(looked.length).toBeGreaterThan(0);
    expect(Math.max(...looked.map((key) => key.length))).toBeLessThan(40);
  });
});

describe('unknown front-matter keys', () => {
  const page = (head: string) =>
    parseFrontMatter(
      `---\n${head}---\n\n# Title\n\nsidebar_postion: in the body is prose\n`,
      '/c/docs/a.md',
      docFrontMatterSchema,
      variables,
    );

  it('warns at the key, with the key it is likely a typo of, and keeps the page', () => {
    const { warnings, frontMatter } = page('title: A\nsidebar_postion: 2\n');
    expect(frontMatter.title).toBe('A');
    expect(warnings.map((warning) => warning.format())).toEqual([
      '/c/docs/a.md:3:1: unknown front-matter key "sidebar_postion", ignored; did you mean "sidebar_position"?\n    sidebar_postion: 2',
    ]);
  });

  it('finds quoted keys, says a Docusaurus key has no effect, and suggests nothing far from any key', () => {
    const warnings = page('"Sidebar_Label": x\ntags: [a]\nowner: docs team\n').warnings.map(
      (warning) => `${warning.location?.line}: ${warning.message}`,
    );
    expect(warnings).toEqual([
      '2: unknown front-matter key "Sidebar_Label", ignored; did you mean "sidebar_label"?',
      '3: front-matter key "tags" is a Docusaurus key docsgen does not use; it has no effect',
      '4: unknown front-matter key "owner", ignored; the keys are title, description, sidebar_label, sidebar_position, slug, keywords, hide_table_of_contents',
    ]);
  });

  it('has nothing to say of known keys or of a page without front matter', () => {
    expect(page('title: A\nsidebar_position: 2\nkeywords: [a]\n').warnings).toEqual([]);
    expect(
      parseFrontMatter('# A\n\nsidebar_postion: 2\n', '/c/docs/a.md', docFrontMatterSchema, variables).warnings,
    ).toEqual([]);
  });
});
