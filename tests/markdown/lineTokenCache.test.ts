import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHighlighter, type BundledLanguage, type Highlighter } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import githubLight from '@shikijs/themes/github-light-default';
import { cacheLineTokens } from '../../src/markdown/lineTokenCache.ts';
import { codeSamplesMarkdown, loadSampleGenerators } from '../../src/openapi/codeSamples.ts';

/**
 * Lines whose tokens depend on the lines before them: each opens or closes a comment, a string,
 * a here-document or a nested value, so that the same line comes back in other states.
 */
const linePools: Record<string, string[]> = {
  javascript: [
    '/*',
    '*/',
    '`',
    '`${',
    '}`',
    "const a = { b: 'c', d: [1, 2] };",
    '// note',
    'fetch(`${url}/x`, {',
    '});',
    "  method: 'GET',",
    '"',
    "'",
    'x = /re/g;',
    '<div>{a}</div>',
  ],
  python: [
    '"""',
    "'''",
    'import os',
    'def f(x):',
    '    return {"a": [1, 2]}',
    '# comment',
    'f"{x}',
    '"',
    "print(f'{x}')",
    '    json={',
    '    },',
  ],
  php: [
    '<?php',
    '?>',
    '/*',
    '*/',
    '<<<EOT',
    'EOT;',
    "<<<'NOW'",
    'NOW;',
    "$a = ['k' => 'v'];",
    '"$x {$y}"',
    '// c',
    '<p>html</p>',
  ],
  bash: ['cat <<EOF', 'EOF', "cat <<'END'", 'END', 'echo "$HOME', '"', "curl -d '{", "}'", '# comment', 'x=$(ls', ')'],
  json: [
    '{',
    '}',
    '[',
    ']',
    '"a": "b",',
    '"n": 1.5e3,',
    '"s": "\\"quoted\\" \\u00e9",',
    'true,',
    'null',
    '"k": {',
    '"k": [',
  ],
};

async function highlighters(langs: BundledLanguage[]): Promise<{ plain: Highlighter; cached: Highlighter }> {
  const engine = () => createOnigurumaEngine(import('shiki/wasm'));
  const plain = await createHighlighter({ themes: [githubLight], langs, engine: engine() });
  const cached = await createHighlighter({ themes: [githubLight], langs, engine: engine() });
  for (const lang of langs) cacheLineTokens(cached, lang);
  return { plain, cached };
}

const html = (highlighter: Highlighter, code: string, lang: string) =>
  highlighter.codeToHtml(code, { lang, theme: 'github-light-default', tokenizeTimeLimit: 0 });

describe('the line token cache', () => {
  it('highlights lines met again in other states exactly as the plain tokenizer does', async () => {
    const langs = Object.keys(linePools) as BundledLanguage[];
    const { plain, cached } = await highlighters(langs);
    for (const lang of langs) {
      const code = fc
        .array(fc.constantFrom(...linePools[lang]), { minLength: 1, maxLength: 30 })
        .map((lines) => lines.join('\n'));
      fc.assert(
        fc.property(code, (source) => html(cached, source, lang) === html(plain, source, lang)),
        { numRuns: 300, seed: 29 },
      );
    }
  });

  it("gives generated samples the plain tokenizer's highlighting, and tokenizes a repeated line once", async () => {
    const langs: BundledLanguage[] = ['bash', 'javascript', 'python', 'php'];
    const engine = () => createOnigurumaEngine(import('shiki/wasm'));
    const plain = await createHighlighter({ themes: [githubLight], langs, engine: engine() });
    const cached = await createHighlighter({ themes: [githubLight], langs, engine: engine() });
    // The tokenizer under the cache, counted: what the cache does not answer.
    const javascript = cached.getLanguage('javascript') as unknown as {
      tokenizeLine2: (...args: unknown[]) => unknown;
    };
    const tokenize = javascript.tokenizeLine2.bind(javascript);
    let tokenized = 0;
    javascript.tokenizeLine2 = (...args) => (tokenized++, tokenize(...args));
    for (const lang of langs) cacheLineTokens(cached, lang);
    tokenized = 0;
    const generators = await loadSampleGenerators(['curl', 'javascript', 'python', 'php']);
    const sample = (index: number, body?: unknown) =>
      codeSamplesMarkdown(
        {
          method: 'post',
          url: `https://api.example/things/${index}`,
          query: [['q', 'a b']],
          body,
          credentials: { headers: [{ name: 'Authorization', value: 'Bearer YOUR_TOKEN' }], queryString: [] },
        },
        generators,
      );
    let lines = 0;
    const bodies = [
      undefined,
      { name: 'x', tags: ['a', 'b'], nested: { on: true, count: 3 } },
      { text: "it's `quoted` /* not a comment */" },
    ];
    for (const [index, body] of bodies.entries()) {
      for (const [, fence, code] of sample(index, body).matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)\n```$/gm)) {
        const lang = fence === 'js' ? 'javascript' : fence;
        expect(html(cached, code, lang), `${lang}: ${code}`).toBe(html(plain, code, lang));
        if (lang === 'javascript') lines += code.split('\n').length;
      }
    }
    // The samples share their first and last lines: those are tokenized once.
    expect(tokenized).toBeLessThan(lines - 8);
    const before = tokenized;
    html(cached, sample(0).match(/```js[^\n]*\n([\s\S]*?)\n```/)![1], 'javascript');
    expect(tokenized).toBe(before);
  });

  it('leaves a grammar whose states it does not know as it is', async () => {
    const highlighter = await createHighlighter({
      themes: [githubLight],
      langs: ['json'],
      engine: createOnigurumaEngine(import('shiki/wasm')),
    });
    const grammar = highlighter.getLanguage('json') as unknown as {
      tokenizeLine2: (line: string, state: unknown) => { ruleStack: object };
    };
    const tokenize = grammar.tokenizeLine2.bind(grammar);
    // Another tokenizer's states: none of the fields the cache names them by.
    grammar.tokenizeLine2 = (line, state) => ({ ...tokenize(line, state), ruleStack: {} });
    const unknownShape = grammar.tokenizeLine2;
    cacheLineTokens(highlighter, 'json');
    expect(grammar.tokenizeLine2).toBe(unknownShape);
  });
});
