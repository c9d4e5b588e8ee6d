import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { remarkEmailAutolinkGate } from '../../../src/markdown/plugins/emailAutolinkGate.ts';

/** Email literals in each kind of block, at line starts, after tabs, on CRLF lines, and near-misses (its fixtures). */
const folder = path.join(import.meta.dirname, 'fixtures/emailAutolinkGate');
const pages = readdirSync(folder)
  .filter((name) => name.endsWith('.md'))
  .map((name) => [name, readFileSync(path.join(folder, name), 'utf8')] as const);

const parser = (gated: boolean) => {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
  return gated ? processor.use(remarkEmailAutolinkGate) : processor;
};

describe('remarkEmailAutolinkGate', () => {
  it.each(pages)('makes the same tree as remark-gfm on its own, positions included (%s)', (_name, page) => {
    const tree = parser(true).parse(page);
    expect(tree).toEqual(parser(false).parse(page));
    expect(JSON.stringify(tree)).toContain('mailto:');
  });

  it('makes the same tree when one processor parses several pages in turn', () => {
    const gated = parser(true);
    const plain = parser(false);
    for (const [, page] of [...pages, ...pages].reverse()) expect(gated.parse(page)).toEqual(plain.parse(page));
  });

  it('refuses to be used before remark-gfm', () => {
    expect(() => unified().use(remarkParse).use(remarkEmailAutolinkGate).parse('x')).toThrow(/after remark-gfm/);
  });
});
