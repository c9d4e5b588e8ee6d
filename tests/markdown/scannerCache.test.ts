import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledLanguages, createHighlighter, type BundledLanguage, type RegexEngine } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import githubLight from '@shikijs/themes/github-light-default';
import { withScannerCache } from '../../src/markdown/scannerCache.ts';
import { canonicalLanguage } from '../../src/markdown/highlighter.ts';
import { projectRoot } from '../helpers/fixtureSite.ts';

/** An engine that counts the scanners it compiles. */
function counting(engine: RegexEngine): RegexEngine & { compiled: () => number } {
  let compiled = 0;
  return {
    createString: (text) => engine.createString(text),
    createScanner: (patterns) => {
      compiled++;
      return engine.createScanner(patterns);
    },
    compiled: () => compiled,
  };
}

/** Every fenced block of the shipped content, with its language. */
async function contentBlocks(): Promise<[BundledLanguage, string][]> {
  const dir = path.join(projectRoot, 'content');
  const blocks: [BundledLanguage, string][] = [];
  for (const file of (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.md'))) {
    const markdown = await readFile(path.join(dir, file), 'utf8');
    for (const [, language, code] of markdown.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)\n```$/gm)) {
      const lang = canonicalLanguage(language)!;
      if (Object.hasOwn(bundledLanguages, lang)) blocks.push([lang as BundledLanguage, code]);
    }
  }
  return blocks;
}

// Strings in both quotes, one after the other: the string rule's end refers back to its quote.
const python = Array.from({ length: 20 }, (_, i) => `print('single ${i}', "double ${i}", f'{x}', """doc""")`).join(
  '\n',
);
// A here-document's end is the word its start named.
const heredoc = "cat <<EOF\nhello\nEOF\ncat <<'END'\n$not_expanded\nEND\ncat <<EOF\nagain\nEOF";

describe('the scanner cache', () => {
  it('highlights every block of the shipped content exactly as the plain engine does', async () => {
    const blocks = [...(await contentBlocks()), ['python', python], ['bash', heredoc]] as [BundledLanguage, string][];
    expect(blocks.length).toBeGreaterThan(100);
    const langs = [...new Set(blocks.map(([lang]) => lang))];
    const plain = await createHighlighter({
      themes: [githubLight],
      langs,
      engine: createOnigurumaEngine(import('shiki/wasm')),
    });
    const cached = await createHighlighter({
      themes: [githubLight],
      langs,
      engine: createOnigurumaEngine(import('shiki/wasm')).then(withScannerCache),
    });
    for (const [lang, code] of blocks) {
      const options = { lang, theme: 'github-light-default', tokenizeTimeLimit: 0 } as const;
      // Twice: the second pass runs on scanners the first one kept.
      for (let pass = 0; pass < 2; pass++)
        expect(cached.codeToHtml(code, options), `${lang}: ${code.slice(0, 60)}`).toBe(plain.codeToHtml(code, options));
    }
  });

  it('compiles a pattern list once, where the grammar would compile it again at each change of quote', async () => {
    const plainEngine = counting(await createOnigurumaEngine(import('shiki/wasm')));
    const cachedEngine = counting(await createOnigurumaEngine(import('shiki/wasm')));
    const plain = await createHighlighter({ themes: [githubLight], langs: ['python'], engine: plainEngine });
    const cached = await createHighlighter({
      themes: [githubLight],
      langs: ['python'],
      engine: withScannerCache(cachedEngine),
    });
    for (const highlighter of [plain, cached])
      highlighter.codeToHtml(python, { lang: 'python', theme: 'github-light-default' });
    const afterFirst = cachedEngine.compiled();
    cached.codeToHtml(python, { lang: 'python', theme: 'github-light-default' });
    expect(cachedEngine.compiled()).toBe(afterFirst);
    expect(plainEngine.compiled()).toBeGreaterThan(2 * afterFirst);
  });
});
