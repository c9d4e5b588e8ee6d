import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHighlighter, type BundledLanguage, type Highlighter } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { cacheLineTokens } from '../../src/markdown/lineTokenCache.ts';
import { githubPaired } from '../../src/markdown/pairedTheme.ts';
import { canonicalLanguage } from '../../src/markdown/highlighter.ts';
import { codeSamplesMarkdown, loadSampleGenerators, type SampleGenerators } from '../../src/openapi/codeSamples.ts';
import { sampleLanguageNames } from '../../src/model/sampleLanguageNames.ts';

/** Every grammar a generated sample or a JSON example is highlighted with. */
const langs: BundledLanguage[] = ['bash', 'javascript', 'python', 'php', 'go', 'java', 'ruby', 'csharp', 'json'];

/**
 * URLs that must not take a template, or only where their kind of string reads them as text: each
 * has a character some grammar reads inside a string (an end quote, an escape, an interpolation, a
 * format field, a glob, a space, a character beyond ASCII).
 */
const trickyUrls = [
  "https://api.example/it's",
  'https://api.example/say-"hi"',
  'https://api.example/$HOME/${id}',
  'https://api.example/#{id}/#@x',
  'https://api.example/a%2Fb/%s/%v/%d',
  'https://api.example/a\\nb/\\x41',
  'https://api.example/caf\u00e9/\u65e5\u672c',
  'https://api.example/a b',
  'https://api.example/`id`',
  'https://api.example/things/{id}',
  'https://api.example/{}/{0}/{a.b}/{0:10}/{{x}}',
  'https://api.example/?q=a&b=c&d',
  'https://api.example/~user/a=b',
  'https://api.example/a,b;c!d*e(f)',
  'https://api.example/<a>&amp;',
];

/** A URL every grammar reads as plain text in its string: a template is made for it and reused. */
const plainUrls = ['https://api.example/things/42', 'https://api.example/teams/a-b_c.d/members'];

interface Highlighters {
  plain: Highlighter;
  templated: Highlighter;
  /** The URLs the templated highlighter's grammars tokenized in full, since last cleared. */
  tokenizedInFull: Set<string>;
}

async function highlighters(): Promise<Highlighters> {
  const engine = () => createOnigurumaEngine(import('shiki/wasm'));
  const plain = await createHighlighter({ themes: [githubPaired.theme], langs, engine: engine() });
  const templated = await createHighlighter({ themes: [githubPaired.theme], langs, engine: engine() });
  const tokenizedInFull = new Set<string>();
  for (const lang of langs) {
    // The tokenizer under the cache, watched: a URL line it sees did not take a template.
    const grammar = templated.getLanguage(lang) as unknown as {
      tokenizeLine2: (line: string, ...rest: unknown[]) => unknown;
    };
    const tokenize = grammar.tokenizeLine2.bind(grammar);
    grammar.tokenizeLine2 = (line, ...rest) => {
      for (const [url] of line.matchAll(/https?:\/\/\S*/g)) if (!url.startsWith('https://x')) tokenizedInFull.add(line);
      return tokenize(line, ...rest);
    };
    cacheLineTokens(templated, lang);
  }
  return { plain, templated, tokenizedInFull };
}

const html = (highlighter: Highlighter, code: string, lang: string) =>
  highlighter.codeToHtml(code, { lang, theme: githubPaired.theme.name, tokenizeTimeLimit: 0 });

/** Each generated sample of a request to `url` (with a JSON body that holds it too), and a JSON example holding it. */
function codesFor(url: string, generators: SampleGenerators): { lang: string; code: string }[] {
  const markdown = codeSamplesMarkdown(
    {
      method: 'post',
      url,
      query: [],
      body: { callback_url: url, name: 'x' },
      credentials: { headers: [{ name: 'Authorization', value: 'Bearer YOUR_TOKEN' }], queryString: [] },
    },
    generators,
  );
  const samples = [...markdown.matchAll(/^(`{3,})(\w+)[^\n]*\n([\s\S]*?)\n\1$/gm)].map(([, , fence, code]) => ({
    lang: canonicalLanguage(fence)!,
    code,
  }));
  return [...samples, { lang: 'json', code: JSON.stringify({ url, items: [{ html_url: url }] }, null, 2) }];
}

describe('URL line templates', () => {
  it('highlight every sample language exactly as the plain tokenizer does, plain and tricky URLs alike', async () => {
    const { plain, templated, tokenizedInFull } = await highlighters();
    const generators = await loadSampleGenerators([...sampleLanguageNames]);
    // The first plain URL makes each template; the next ones must be filled in, never tokenized.
    for (const { lang, code } of codesFor(plainUrls[0], generators)) html(templated, code, lang);
    const templatedIn = new Map<string, number>();
    const fullIn = new Map<string, number>();
    for (const url of [...plainUrls.slice(1), ...trickyUrls]) {
      for (const { lang, code } of codesFor(url, generators)) {
        tokenizedInFull.clear();
        expect(html(templated, code, lang), `${lang}, ${url}:\n${code}`).toBe(html(plain, code, lang));
        // The request's own URL line (and a JSON example's); the body's line may sit in a longer string (curl's --data).
        const inFull = [...tokenizedInFull].filter((line) => !line.includes('callback_url'));
        const tally = inFull.length === 0 ? templatedIn : fullIn;
        tally.set(lang, (tally.get(lang) ?? 0) + 1);
        if (plainUrls.includes(url)) expect(inFull, `${lang}: ${code}`).toEqual([]);
      }
    }
    // Both ways were taken in every grammar: the decision itself was compared, not only the plain case.
    for (const lang of langs) {
      expect(templatedIn.get(lang), lang).toBeGreaterThan(1);
      expect(fullIn.get(lang), lang).toBeGreaterThan(0);
    }
  });

  it("highlight a writer's code, whose strings may interpolate, as the plain tokenizer does", async () => {
    const { plain, templated } = await highlighters();
    // Written, not generated: C#'s interpolated strings are string.quoted.double.cs too, and read {id} in them.
    const written: [string, string, string][] = [
      ['csharp', 'var url = $"https://api.example/one";', 'var url = $"https://api.example/{id}/x";'],
      ['csharp', 'var url = $@"https://api.example/one";', 'var url = $@"https://api.example/{id}/x";'],
      ['python', "url = f'https://api.example/one'", "url = f'https://api.example/{id}'"],
      ['ruby', 'url = "https://api.example/one"', 'url = "https://api.example/#{id}"'],
      ['php', '$url = "https://api.example/one";', '$url = "https://api.example/$id";'],
    ];
    for (const [lang, first, second] of written) {
      html(templated, first, lang);
      expect(html(templated, second, lang), `${lang}: ${second}`).toBe(html(plain, second, lang));
    }
  });

  it('highlight random URLs from a template as the plain tokenizer does', async () => {
    const { plain, templated } = await highlighters();
    const generators = await loadSampleGenerators([...sampleLanguageNames]);
    for (const { lang, code } of codesFor(plainUrls[0], generators)) html(templated, code, lang);
    const characters = [...'aZ09/:._~?=&{}-%$#\\\'"` @!,;()[]<>+*|^é'];
    const url = fc
      .array(fc.constantFrom(...characters), { minLength: 1, maxLength: 12 })
      .map((path) => `https://api.example/${path.join('')}`);
    fc.assert(
      fc.property(url, (sampleUrl) =>
        codesFor(sampleUrl, generators).every(
          ({ lang, code }) => html(templated, code, lang) === html(plain, code, lang),
        ),
      ),
      { numRuns: 150, seed: 29 },
    );
  });
});
