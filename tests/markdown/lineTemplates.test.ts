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
 * URLs, texts and numbers some grammar reads as more than plain text: an end quote, an escape, an
 * interpolation, a format field, a glob, a space alone, a character beyond ASCII, a word that
 * opens SQL or a path that opens a regular expression (PHP), an octal or a decimal point.
 */
const tricky = {
  urls: [
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
  ],
  texts: [
    "it's",
    'say "hi"',
    '$HOME ${id} #{id} #@x',
    '%s %d %v 100% %(name)s',
    'a\\nb \\u0041',
    'caf\u00e9 \u65e5\u672c',
    ' ',
    '\t',
    'SELECT * FROM t',
    'DELETE',
    'with a view',
    '/users/',
    '/a+/i',
    'use strict',
    '{}',
    '{0} and {name}',
    '<?php ?>',
    '*/ /* -->',
  ],
  numbers: [0, 7, -1, 1.5, 1e21, 12345678901, 0.1],
};

/** Values every grammar reads as plain text in its strings or numbers: the second makes each template, the third fills it. */
const plain = [
  { url: 'https://api.example/things/42', text: 'A great team.', number: 500 },
  { url: 'https://api.example/teams/a-b_c.d/members', text: 'enabled', number: 3 },
  { url: 'https://api.example/users/octocat', text: 'Mona Octocat (admin)', number: 1296269 },
];

interface Value {
  url: string;
  text: string;
  number: number;
}

/** Each generated sample of a request to the URL with a body holding the values, and a JSON example holding them. */
function codesFor({ url, text, number }: Value, generators: SampleGenerators): { lang: string; code: string }[] {
  const markdown = codeSamplesMarkdown(
    {
      method: 'post',
      url,
      query: [],
      body: { callback_url: url, name: text, count: number },
      credentials: { headers: [{ name: 'Authorization', value: 'Bearer YOUR_TOKEN' }], queryString: [] },
    },
    generators,
  );
  const samples = [...markdown.matchAll(/^(`{3,})(\w+)[^\n]*\n([\s\S]*?)\n\1$/gm)].map(([, , fence, code]) => ({
    lang: canonicalLanguage(fence)!,
    code,
  }));
  const example = JSON.stringify({ url, items: [{ html_url: url, [text]: text, id: number }] }, null, 2);
  return [...samples, { lang: 'json', code: example }];
}

interface Highlighters {
  plain: Highlighter;
  templated: Highlighter;
  /** The lines the templated highlighter's grammars tokenized, since last cleared. */
  tokenized: Set<string>;
}

async function highlighters(): Promise<Highlighters> {
  const engine = () => createOnigurumaEngine(import('shiki/wasm'));
  const plainHighlighter = await createHighlighter({ themes: [githubPaired.theme], langs, engine: engine() });
  const templated = await createHighlighter({ themes: [githubPaired.theme], langs, engine: engine() });
  const tokenized = new Set<string>();
  for (const lang of langs) {
    // The tokenizer under the cache, watched: a line of the code it sees was tokenized in full.
    const grammar = templated.getLanguage(lang) as unknown as {
      tokenizeLine2: (line: string, ...rest: unknown[]) => unknown;
    };
    const tokenize = grammar.tokenizeLine2.bind(grammar);
    grammar.tokenizeLine2 = (line, ...rest) => (tokenized.add(line), tokenize(line, ...rest));
    cacheLineTokens(templated, lang);
  }
  return { plain: plainHighlighter, templated, tokenized };
}

const html = (highlighter: Highlighter, code: string, lang: string) =>
  highlighter.codeToHtml(code, { lang, theme: githubPaired.theme.name, tokenizeTimeLimit: 0 });

/** The lines of a code that hold a value and were tokenized in full rather than filled into a template. */
function tokenizedInFull(code: string, value: Value, tokenized: Set<string>): string[] {
  const held = [value.url, value.text, String(value.number)];
  return code.split('\n').filter((line) => tokenized.has(line) && held.some((text) => line.includes(text)));
}

describe('line templates', () => {
  it('highlight every sample language and JSON exactly as the plain tokenizer does, plain and tricky values alike', async () => {
    const { plain: plainHighlighter, templated, tokenized } = await highlighters();
    const generators = await loadSampleGenerators([...sampleLanguageNames]);
    for (const value of plain.slice(0, 2))
      for (const { lang, code } of codesFor(value, generators)) html(templated, code, lang);
    // The third plain value is filled into templates: its URL lines and, where the body is code or curl's --data, its body's lines.
    const filled = new Map<string, number>();
    for (const { lang, code } of codesFor(plain[2], generators)) {
      tokenized.clear();
      expect(html(templated, code, lang), `${lang}:\n${code}`).toBe(html(plainHighlighter, code, lang));
      const held = code.split('\n').filter((line) => /octocat|Mona|1296269/.test(line));
      const inFull = tokenizedInFull(code, plain[2], tokenized);
      filled.set(lang, held.length - inFull.length);
      // The request's own URL line; a body's may sit inside a longer string (Go's raw string), which is left whole.
      const urlLines = inFull.filter((line) => line.includes(plain[2].url) && !line.includes('callback_url'));
      expect(urlLines, lang).toEqual([]);
    }
    for (const lang of ['bash', 'javascript', 'python', 'php', 'json'])
      expect(filled.get(lang), lang).toBeGreaterThanOrEqual(4);
    // Tricky values take the same shapes: the decision to fill or not is what is compared here.
    const values: Value[] = [
      ...tricky.urls.map((url, index) => ({ ...plain[index % 2], url })),
      ...tricky.texts.map((text, index) => ({ ...plain[index % 2], text })),
      ...tricky.numbers.map((number, index) => ({ ...plain[index % 2], number })),
    ];
    const declined = new Map<string, number>();
    for (const value of values) {
      for (const { lang, code } of codesFor(value, generators)) {
        tokenized.clear();
        expect(html(templated, code, lang), `${lang}, ${JSON.stringify(value)}:\n${code}`).toBe(
          html(plainHighlighter, code, lang),
        );
        declined.set(lang, (declined.get(lang) ?? 0) + tokenizedInFull(code, value, tokenized).length);
      }
    }
    for (const lang of langs) expect(declined.get(lang), lang).toBeGreaterThan(0);
  });

  it("highlight a writer's code, whose strings may interpolate, as the plain tokenizer does", async () => {
    const { plain: plainHighlighter, templated, tokenized } = await highlighters();
    // Written, not generated: C#'s interpolated strings are string.quoted.double.cs too, and read {id} in them.
    // An f-string's field is an expression (id is a built-in); a plain Python string's field is a name.
    const written: [string, string, string, 'filled' | 'in full'][] = [
      ['csharp', 'var url = $"https://api.example/one";', 'var url = $"https://api.example/{id}/x";', 'in full'],
      ['csharp', 'var url = $@"https://api.example/one";', 'var url = $@"https://api.example/{id}/x";', 'in full'],
      ['csharp', 'var text = $"Hello, there";', 'var text = $"Hello, {name}";', 'in full'],
      ['python', "url = f'https://api.example/one'", "url = f'https://api.example/{id}'", 'in full'],
      ['python', "url = f'https://api.example/{name}/x'", "url = f'https://api.example/{id}/x'", 'in full'],
      ['python', 'url = "https://api.example/{owner}/x"', 'url = "https://api.example/{id}/y-z"', 'filled'],
      ['python', 'url = "https://api.example/{owner}/x"', 'url = "https://api.example/{0}/{a.b}/{c!r}/x"', 'in full'],
      ['ruby', 'url = "https://api.example/one"', 'url = "https://api.example/#{id}"', 'in full'],
      ['php', '$url = "https://api.example/one";', '$url = "https://api.example/$id";', 'in full'],
    ];
    for (const [lang, first, second, way] of written) {
      // Met twice, the shape becomes a template: the second line is the first that could be filled in.
      html(templated, first, lang);
      tokenized.clear();
      expect(html(templated, second, lang), `${lang}: ${second}`).toBe(html(plainHighlighter, second, lang));
      expect(tokenized.has(second) ? 'in full' : 'filled', `${lang}: ${second}`).toBe(way);
    }
  });

  it('fill a line whose holes are long from its template the first time its shape is met', async () => {
    const { plain: plainHighlighter, templated, tokenized } = await highlighters();
    // GitHub's attestation samples carry base64 strings of thousands of characters (JavaScript's grammar: ~1 s a line).
    const long = 'eyJhcGlWZXJzaW9u+/'.repeat(20);
    const codes = [
      [
        'javascript',
        `fetch('https://api.example/things', {\n  body: JSON.stringify({\n    payload: '${long}'\n  })\n})`,
      ],
      ['json', JSON.stringify({ payload: long, items: [{ envelope: long }] }, null, 2)],
      ['python', `data = {\n    "payload": "${long}"\n}`],
    ];
    for (const [lang, code] of codes) {
      tokenized.clear();
      expect(html(templated, code, lang), `${lang}:\n${code}`).toBe(html(plainHighlighter, code, lang));
      expect(
        [...tokenized].filter((line) => line.includes(long)),
        lang,
      ).toEqual([]);
    }
    // A short hole's shape waits for its second line.
    tokenized.clear();
    html(templated, `const payload = '${long.slice(0, 40)}';`, 'javascript');
    expect(tokenized.has(`const payload = '${long.slice(0, 40)}';`)).toBe(true);
  });

  it('keep text that does not fit its hole as written, and fill the holes that fit', async () => {
    const { plain: plainHighlighter, templated, tokenized } = await highlighters();
    // PHP reads a string that opens with DELETE (or SELECT, UPDATE…) as SQL: that string is no hole, the URL's is.
    const line = (id: number) => `$response = $client->request('DELETE', 'https://api.example/things/${id}');`;
    for (const id of [1, 2]) html(templated, `<?php\n${line(id)}`, 'php');
    tokenized.clear();
    const code = `<?php\n${line(3)}`;
    expect(html(templated, code, 'php')).toBe(html(plainHighlighter, code, 'php'));
    expect(tokenized.has(line(3))).toBe(false);
  });

  it('highlight random values from templates as the plain tokenizer does', async () => {
    const { plain: plainHighlighter, templated } = await highlighters();
    const generators = await loadSampleGenerators([...sampleLanguageNames]);
    for (const value of plain.slice(0, 2))
      for (const { lang, code } of codesFor(value, generators)) html(templated, code, lang);
    const characters = [...'aZ09 /:._~?=&{}-%$#\\\'"` @!,;()[]<>+*|^\u00e9'];
    const text = fc.array(fc.constantFrom(...characters), { minLength: 1, maxLength: 12 }).map((path) => path.join(''));
    const value = fc.record({
      url: text.map((path) => `https://api.example/${path}`),
      text: fc.oneof(text, fc.constantFrom('SELECT x', 'AND', '/a/', 'WITH y')),
      number: fc.oneof(fc.integer(), fc.double({ noNaN: true })),
    });
    fc.assert(
      fc.property(value, (sample) =>
        codesFor(sample, generators).every(
          ({ lang, code }) => html(templated, code, lang) === html(plainHighlighter, code, lang),
        ),
      ),
      { numRuns: 150, seed: 29 },
    );
  });
});
