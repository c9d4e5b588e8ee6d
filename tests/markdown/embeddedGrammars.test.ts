import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHighlighter, type BundledLanguage, type Highlighter } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/createProcessor.ts';
import { loadHighlighter } from '../../src/markdown/highlighter.ts';
import { githubPaired } from '../../src/markdown/pairedTheme.ts';
import { codeHtml } from '../../src/markdown/codeHtml.ts';

/**
 * Lines of languages that embed others: some enter an embedded grammar (a heredoc named after
 * one, PHP's HTML and SQL strings, an HTTP body), some close what others opened, the rest are
 * the language's own. Blocks of them are highlighted by the engine (lean grammars first) and by
 * a highlighter with the whole language.
 */
const linePools: Record<string, string[]> = {
  ruby: [
    'def f(a)',
    'end',
    '  puts "hi #{a}"',
    'q = <<~SQL',
    '  SELECT * FROM t WHERE id = 1',
    'SQL',
    'page = <<-HTML',
    '  <div class="x"><script>let a = 1;</script></div>',
    'HTML',
    'data = <<~YAML',
    '  key: [1, 2]',
    'YAML',
    'gql = <<~GRAPHQL',
    '  query { viewer { login } }',
    'GRAPHQL',
    'text = <<-EOD',
    'EOD',
    '=begin',
    '=end',
    "client.request(:get, '/v1/things', params: { page: 2 })",
    '# comment',
  ],
  php: [
    '<?php',
    '?>',
    '<p>html <b>here</b></p>',
    "$client->request('DELETE', '/v1/things/1');",
    "$q = 'SELECT * FROM t';",
    '$s = "INSERT INTO t VALUES (1)";',
    "$a = ['k' => 'v'];",
    '<<<EOT',
    'EOT;',
    '<script>var a = 1;</script>',
    '/*',
    '*/',
  ],
  http: [
    'POST /v1/things HTTP/1.1',
    'GET /v1/things?page=2 HTTP/1.1',
    'Host: api.example.com',
    'Content-Type: application/json',
    'Content-Type: application/xml',
    '',
    '{"name": "x", "tags": [1, 2]}',
    '<thing><name>x</name></thing>',
    'query { viewer { login } }',
    'HTTP/1.1 200 OK',
  ],
};

let render: MarkdownRenderer;
let engineHighlighter: Highlighter;
beforeAll(async () => {
  engineHighlighter = await loadHighlighter();
  render = createMarkdownRenderer(engineHighlighter);
});

const context = { relativePath: 'x.md', routes: new Map(), variables: new Map() };

/** The `<code>` HTML the engine writes for a fenced block. */
async function engineCode(code: string, language: string): Promise<string> {
  const { html } = await render(`\`\`\`\`${language}\n${code}\n\`\`\`\`\n`, 'x.md', context);
  return /<code>[\s\S]*<\/code>/.exec(html)![0];
}

describe('embedded grammars loaded on demand', () => {
  it('loads none of the grammars Ruby embeds for a block that enters none', async () => {
    await engineCode('def f(a)\n  puts "hi #{a}"\nend', 'ruby');
    const loaded = engineHighlighter.getLoadedLanguages();
    for (const embedded of ['html', 'sql', 'css', 'javascript', 'c']) expect(loaded).not.toContain(embedded);
  });

  it('highlights blocks as the whole language does, whether they enter an embedded grammar or not', async () => {
    const languages = Object.keys(linePools) as BundledLanguage[];
    const whole = await createHighlighter({
      themes: [githubPaired.theme],
      langs: languages,
      engine: createOnigurumaEngine(import('shiki/wasm')),
    });
    const expected = (code: string, lang: string) =>
      codeHtml(
        // No time limit, as the engine's: Shiki's default leaves a slow line's rest unhighlighted on a busy machine.
        whole.codeToTokens(code, {
          lang: lang as BundledLanguage,
          theme: githubPaired.theme.name,
          tokenizeTimeLimit: 0,
        }).tokens,
        new Set(),
      );
    for (const lang of languages) {
      const blocks = fc
        .array(fc.constantFrom(...linePools[lang]!), { minLength: 1, maxLength: 12 })
        .map((lines) => lines.join('\n'));
      await fc.assert(
        fc.asyncProperty(blocks, async (code) => {
          expect(await engineCode(code, lang), `${lang}:\n${code}`).toBe(expected(code, lang));
        }),
        { numRuns: 150, seed: 31 },
      );
    }
  });
});
