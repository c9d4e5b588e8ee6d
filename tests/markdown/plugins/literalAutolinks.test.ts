import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { remarkLiteralAutolinks } from '../../../src/markdown/plugins/literalAutolinks.ts';

/** Literal autolinks in each kind of block, one a block, and candidates that are not links (its fixture). */
const page = readFileSync(path.join(import.meta.dirname, 'fixtures/literalAutolinks/everywhere.md'), 'utf8');

const parser = (gated: boolean) => {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
  return gated ? processor.use(remarkLiteralAutolinks) : processor;
};

describe('remarkLiteralAutolinks', () => {
  it('makes the same tree as remark-gfm on its own', () => {
    expect(parser(true).parse(page)).toEqual(parser(false).parse(page));
  });

  it('refuses to be used before remark-gfm', () => {
    expect(() => unified().use(remarkParse).use(remarkLiteralAutolinks).parse('x')).toThrow(/after remark-gfm/);
  });
});
