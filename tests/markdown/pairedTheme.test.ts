import { describe, expect, it } from 'vitest';
import { createHighlighter, type BundledLanguage } from 'shiki';
import { codeThemes, githubPaired, pairThemes, pairedThemeCss } from '../../src/markdown/pairedTheme.ts';

const { light: githubLight, dark: githubDark } = codeThemes;

const samples: [BundledLanguage, string][] = [
  [
    'javascript',
    "const response = await fetch(`https://api.example/${id}`, { method: 'POST' }); // send\nclass A extends B { #x = 1; get y() { return /a+/g.test(this.#x); } }",
  ],
  [
    'python',
    'import os\n@decorator\ndef send(bundle_id: int = 0) -> dict:\n    """Doc."""\n    return {"id": f"{bundle_id}", "ok": True}',
  ],
  [
    'bash',
    'curl -X POST "https://api.example/api/v2/bundles/" \\\n  -H "Authorization: Token $API_KEY" | jq \'.id\' # comment',
  ],
  ['json', '{ "status": 3, "deliver_via": null, "tags": ["a"], "ok": true }'],
  ['yaml', 'openapi: 3.1.0\ninfo:\n  version: "2.9.0" # comment\n  x: [1, 2]'],
  ['markdown', '# Title\n\n*em* **strong** [link](https://example.com) `code`\n\n- item'],
];

describe('the paired GitHub theme', () => {
  it('colours every token exactly as the light and dark code themes do, in one pass', async () => {
    const highlighter = await createHighlighter({
      themes: [githubLight, githubDark, githubPaired.theme],
      langs: samples.map(([lang]) => lang),
    });
    for (const [lang, code] of samples) {
      const light = highlighter.codeToTokensBase(code, { lang, theme: githubLight, tokenizeTimeLimit: 0 }).flat();
      const dark = highlighter.codeToTokensBase(code, { lang, theme: githubDark, tokenizeTimeLimit: 0 }).flat();
      const paired = highlighter
        .codeToTokensBase(code, { lang, theme: githubPaired.theme, tokenizeTimeLimit: 0 })
        .flat();
      // Shiki merges neighbouring tokens of one colour: compare colour by character.
      const byCharacter = (
        tokens: { content: string; color?: string; fontStyle?: number }[],
        pick: (token: { color?: string; fontStyle?: number }) => string,
      ) => tokens.flatMap((token) => [...token.content].map(() => pick(token)));
      const pairedColour = (index: 0 | 1) => (token: { color?: string; fontStyle?: number }) =>
        `${githubPaired.colors.get(githubPaired.classByPlaceholder.get(token.color!.toLowerCase())!)![index]} ${token.fontStyle}`;
      const plain = (token: { color?: string; fontStyle?: number }) =>
        `${token.color!.toLowerCase()} ${token.fontStyle}`;
      expect(byCharacter(paired, pairedColour(0)), lang).toEqual(byCharacter(light, plain));
      expect(byCharacter(paired, pairedColour(1)), lang).toEqual(byCharacter(dark, plain));
    }
  });

  it('gives each colour pair one class and a rule in each mode', () => {
    expect(githubPaired.colors.size).toBeGreaterThan(10);
    const css = pairedThemeCss(githubPaired);
    // t0 is the editor's foreground in each theme.
    expect(css).toContain(`.shiki .t0 { color: ${githubLight.colors!['editor.foreground']!.toLowerCase()}; }`);
    expect(css).toContain(
      `[data-theme='dark'] .shiki .t0 { color: ${githubDark.colors!['editor.foreground']!.toLowerCase()}; }`,
    );
    expect(css.split('\n')).toHaveLength(githubPaired.colors.size * 2);
  });

  it('refuses two themes whose rules differ', () => {
    const other = { ...githubDark, tokenColors: githubDark.tokenColors!.slice(1) };
    expect(() => pairThemes(githubLight, other)).toThrow(/do not share their rules/);
  });
});
